"""What keeps the server safe to leave open on a table's network: security headers on
every response, the Host a request names checked against the addresses served, a bound on
the moves one seat may post, and on the event streams open per client and in all."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS = [
    # Scripts and styles come from this server only; no page may frame another.
    (b"content-security-policy", b"default-src 'self'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    # A player's link is their key: never send it on to another site.
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]

MOVES_PER_WINDOW = 10
MOVE_WINDOW_SECONDS = 10.0
MAX_STREAMS = 256
"""Event streams open at once, in all: each is a socket and a task of the server's."""
STREAMS_PER_CLIENT = 4
"""Event streams one address may hold: a browser opens at most six connections to a server,
so four streams leave it two for the pages' own requests (the other tabs poll)."""
MAX_BODY_BYTES = 4096


class SecurityHeaders:
    """Adds ``HEADERS`` to every HTTP response (plain ASGI, so streams stay streams)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class MoveLimiter:
    """At most MOVES_PER_WINDOW posts per seat in any MOVE_WINDOW_SECONDS."""

    def __init__(self) -> None:
        self.recent: dict[str, deque[float]] = {}

    def allow(self, seat: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        times = self.recent.setdefault(seat, deque())
        while times and now - times[0] > MOVE_WINDOW_SECONDS:
            times.popleft()
        if len(times) >= MOVES_PER_WINDOW:
            return False
        times.append(now)
        return True


class HostCheck:
    """Refuses (421) a request whose Host is not one of the addresses the server listens
    on: a page of another site that points its own name at this address (DNS rebinding)
    cannot read the table screen through the browser."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = {host.lower() for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()
        if host in self.hosts:
            await self.app(scope, receive, send)
            return
        body = b"Misdirected request: open the address gmtool serve printed.\n"
        await send(
            {
                "type": "http.response.start",
                "status": 421,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    *HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


@dataclass(eq=False)
class Stream:
    """One open event stream: ``ended`` is set when a newer stream of the same client
    takes its place."""

    client: str
    ended: asyncio.Event = field(default_factory=asyncio.Event)


class Streams:
    """The open event streams, at most STREAMS_PER_CLIENT per client address (a new one
    ends that client's oldest) and MAX_STREAMS in all (past that a client holding none is
    refused, and its page polls instead)."""

    def __init__(self, total: int = MAX_STREAMS, per_client: int = STREAMS_PER_CLIENT) -> None:
        self.total = total
        self.per_client = per_client
        self.by_client: dict[str, list[Stream]] = {}
        self.open = 0

    def take(self, client: str) -> Stream | None:
        mine = self.by_client.setdefault(client, [])
        if len(mine) >= self.per_client or (self.open >= self.total and mine):
            self._end(mine[0])
        elif self.open >= self.total:
            if not mine:
                del self.by_client[client]
            return None
        stream = Stream(client)
        mine.append(stream)
        self.open += 1
        return stream

    def give_back(self, stream: Stream) -> None:
        mine = self.by_client.get(stream.client, [])
        if stream in mine:
            self._end(stream)
        if not mine:
            self.by_client.pop(stream.client, None)

    def _end(self, stream: Stream) -> None:
        self.by_client[stream.client].remove(stream)
        self.open -= 1
        stream.ended.set()
