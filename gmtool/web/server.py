"""Starting ``gmtool serve``: the campaign, the seats' links (and QR codes), the socket, and
uvicorn until Ctrl-C."""

from __future__ import annotations

import asyncio
import errno
import socket
import sys
import threading
import webbrowser
from contextlib import suppress
from types import FrameType
from typing import TextIO

import segno
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from gmtool.engine import sessions
from gmtool.errors import GmtoolError, UsageError
from gmtool.text import printable
from gmtool.web.app import build_app
from gmtool.web.campaign import LiveCampaign
from gmtool.web.guard import MAX_STREAMS

MAX_CONNECTIONS = MAX_STREAMS + 128
"""uvicorn answers 503 past this many connections or requests at once: room for every
event stream and for the pages' own requests beside them."""
HEADER_SECONDS = 5.0
"""A connection must finish sending a request's headers this soon after it opens (or
after its last answer): one that never does is closed, so unfinished connections cannot
hold the server's room."""
WAITING_MOST = 32
"""Connections waiting for a request's head at once; past that a new one closes the oldest
that has waited a second or more (a burst of pages reconnecting together is let in)."""
WAITED_ENOUGH = 1.0
IDLE_SECONDS = 5
"""uvicorn's keep-alive: an idle connection between two requests is closed after this."""
PRIVATE_RANGES = ("10.255.255.255", "172.31.255.255", "192.168.255.255")
"""Addresses in the private ranges a table's network uses: the address of the interface
a UDP socket towards one would use (nothing is sent) is this machine's on that network."""


def serve(
    name: str,
    *,
    port: int,
    lan: bool,
    open_browser: bool,
    new_links: bool,
    qr: list[str] | None = None,
    out: TextIO = sys.stdout,
) -> None:
    campaign = LiveCampaign(name)
    try:
        campaign.call(sessions.begin, campaign.game, "serve")  # the run is a session
        before = campaign.links(renew=False) if new_links else {}
        links = campaign.links(renew=new_links)
        unknown = [seat for seat in qr or [] if seat not in links]
        if unknown:
            raise UsageError(
                f"--qr {printable(unknown[0], one_line=True)}: no such seat",
                hint="the seats are " + ", ".join(printable(s, one_line=True) for s in links)
                if links
                else "this game has no private screens",
            )
        host = "0.0.0.0" if lan else "127.0.0.1"
        sock = listen(host, port)
        port = sock.getsockname()[1]
        addresses = lan_addresses() if lan else []
        shown = addresses[0] if addresses else "127.0.0.1"
        base = f"http://{shown}:{port}"
        announce(campaign, base, links, addresses=addresses, lan=lan, qr=qr or [], out=out)
        if open_browser:
            threading.Timer(0.5, webbrowser.open, [f"http://127.0.0.1:{port}/"]).start()
        app = build_app(
            campaign,
            links,
            hosts=served_hosts(port, addresses, lan=lan),
            replaced=before.values(),
        )
        config = uvicorn.Config(
            app,
            http=HeaderDeadline,
            log_level="warning",
            access_log=False,
            limit_concurrency=MAX_CONNECTIONS,
            timeout_keep_alive=IDLE_SECONDS,
            timeout_graceful_shutdown=1,
        )
        # uvicorn shuts down on Ctrl-C, then raises it again for the caller: here, that is
        # the normal way to stop.
        with suppress(KeyboardInterrupt):
            StoppingServer(config, campaign).run(sockets=[sock])
        out.write("stopped: the players' links stay valid until 'gmtool serve --new-links'\n")
    finally:
        with suppress(GmtoolError):  # a campaign that cannot be written is said at start
            campaign.call(sessions.finish, campaign.game, "serve")
        campaign.close()


class StoppingServer(uvicorn.Server):
    """uvicorn's server, which also ends the open event streams when told to stop: a
    screen left open would otherwise hold the shutdown until it is cut off."""

    def __init__(self, config: uvicorn.Config, campaign: LiveCampaign) -> None:
        super().__init__(config)
        self.campaign = campaign

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        with suppress(RuntimeError):  # no loop yet: nothing is streaming
            asyncio.get_running_loop().call_soon_threadsafe(self.campaign.close_streams)
        super().handle_exit(sig, frame)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or one line saying why not."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} is in use on {host}", hint="choose another with --port N"
            ) from None
        raise UsageError(
            f"cannot listen on {host}:{port}: {error.strerror}",
            hint="choose another with --port N (above 1023 needs no special rights)",
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


class HeaderDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 connection, which must send a whole request head within
    HEADER_SECONDS of opening or of its last answer (sending it a byte at a time does not
    buy more time); at most WAITING_MOST connections wait so, the oldest closed first."""

    waiting: dict[HeaderDeadline, float] = {}  # since when, in the order they began waiting

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._wait_for_head()

    def _wait_for_head(self) -> None:
        waiting = HeaderDeadline.waiting
        now = self.loop.time()
        while len(waiting) >= WAITING_MOST:
            oldest, since = next(iter(waiting.items()))
            if now - since < WAITED_ENOUGH:
                break
            oldest._late()
        waiting[self] = now
        self._deadline = self.loop.call_later(HEADER_SECONDS, self._late)

    def _head_came(self) -> None:
        HeaderDeadline.waiting.pop(self, None)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._head_came()
        answering = self.cycle is not None and not self.cycle.response_complete
        if not answering and not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's head arrived
            self._head_came()

    def on_response_complete(self) -> None:
        cycle = self.cycle
        super().on_response_complete()  # may begin a request already sent (pipelined)
        if self.cycle is cycle and not self.transport.is_closing():
            self._wait_for_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_came()
        super().connection_lost(exc)


def lan_addresses() -> list[str]:
    """This machine's address on the local network: the one a UDP socket towards a
    private range would send from (connecting a UDP socket sends nothing), then those
    its resolver names; loopback never."""
    found: list[str] = []
    for towards in PRIVATE_RANGES:
        with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((towards, 9))
            address = str(probe.getsockname()[0])
            if address not in found:
                found.append(address)
    with suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    return [address for address in found if not address.startswith(("127.", "0."))]


def served_hosts(port: int, addresses: list[str], *, lan: bool) -> set[str]:
    """The ``Host`` values a request may name: this machine by loopback, and with ``lan``
    by its addresses on the network and its own names."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    if lan:
        names |= set(addresses)
        with suppress(OSError):
            host = socket.gethostname()
            names |= {host, f"{host}.local", socket.getfqdn()}  # .local: by mDNS (Bonjour)
    hosts = {f"{name}:{port}" for name in names if name}
    return hosts | names if port == 80 else hosts  # a browser names port 80 by no port


def announce(
    campaign: LiveCampaign,
    base: str,
    links: dict[str, str],
    *,
    addresses: list[str],
    lan: bool,
    qr: list[str],
    out: TextIO,
) -> None:
    """What the GM reads in the terminal; every name a player or a campaign chose is
    shown with its control characters escaped (a name cannot steer the terminal)."""

    def safe(text: str) -> str:
        return printable(text, one_line=True)

    out.write(f"Serving '{safe(campaign.name)}' ({safe(campaign.title)}).\n")
    port = base.rsplit(":", 1)[1]
    if lan:
        out.write("Open to your local network: anyone on it can see the table screen.\n")
        for address in addresses or [socket.gethostname()]:
            out.write(f"  on this network: http://{safe(address)}:{port}/\n")
        if not addresses:
            out.write("  (no network address found: is this computer on the table's network?)\n")
    else:
        out.write("Only this computer can open these pages (add --lan for phones).\n")
    out.write(f"  table screen: {base}/\n  roll feed:    {base}/log\n")
    if links:
        out.write("Private screens, one per seat: give each link to its player")
        out.write(" (--qr SEAT prints a seat's QR code).\n" if not qr else ".\n")
    for seat, token in links.items():
        url = f"{base}/p/{token}"
        out.write(f"\n  {safe(seat)}: {url}\n")
        if seat in qr:
            segno.make(url, error="l").terminal(out=out, compact=True)
    out.write("Listening; Ctrl-C stops the server.\n")
    out.flush()
