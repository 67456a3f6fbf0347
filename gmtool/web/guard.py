"""What keeps the server safe to leave open on a table's network: security headers on
every response, a bound on the moves one seat may post, and on open event streams."""

from __future__ import annotations

import time
from collections import deque
from typing import Any

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
MAX_STREAMS = 48
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


class StreamCount:
    """How many event streams are open; a new one beyond MAX_STREAMS is refused."""

    def __init__(self) -> None:
        self.open = 0

    def take(self) -> bool:
        if self.open >= MAX_STREAMS:
            return False
        self.open += 1
        return True

    def give_back(self, *_: Any) -> None:
        self.open -= 1
