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

from gmtool.errors import UsageError
from gmtool.web.app import build_app
from gmtool.web.campaign import LiveCampaign

MAX_CONNECTIONS = 64
"""uvicorn answers 503 past this many requests at once: a flood cannot starve the table."""


def serve(
    name: str,
    *,
    port: int,
    lan: bool,
    open_browser: bool,
    new_links: bool,
    out: TextIO = sys.stdout,
) -> None:
    campaign = LiveCampaign(name)
    try:
        links = campaign.links(renew=new_links)
        host = "0.0.0.0" if lan else "127.0.0.1"
        sock = listen(host, port)
        port = sock.getsockname()[1]
        shown = lan_addresses()[0] if lan and lan_addresses() else "127.0.0.1"
        base = f"http://{shown}:{port}"
        announce(campaign, base, links, lan=lan, port=port, out=out)
        if open_browser:
            threading.Timer(0.5, webbrowser.open, [f"http://127.0.0.1:{port}/"]).start()
        config = uvicorn.Config(
            build_app(campaign, links),
            log_level="warning",
            access_log=False,
            limit_concurrency=MAX_CONNECTIONS,
            timeout_graceful_shutdown=1,
        )
        # uvicorn shuts down on Ctrl-C, then raises it again for the caller: here, that is
        # the normal way to stop.
        with suppress(KeyboardInterrupt):
            StoppingServer(config, campaign).run(sockets=[sock])
        out.write("stopped: the players' links stay valid until 'gmtool serve --new-links'\n")
    finally:
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


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as its own resolver names them."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    found = {str(info[4][0]) for info in infos}
    return sorted(address for address in found if not address.startswith("127."))


def announce(
    campaign: LiveCampaign, base: str, links: dict[str, str], *, lan: bool, port: int, out: TextIO
) -> None:
    out.write(f"Serving '{campaign.name}' ({campaign.title}).\n")
    if lan:
        out.write("Open to your local network: anyone on it can see the table screen.\n")
        for address in lan_addresses() or [socket.gethostname()]:
            out.write(f"  on this network: http://{address}:{port}/\n")
    else:
        out.write("Only this computer can open these pages (add --lan for phones).\n")
    out.write(f"  table screen: {base}/\n  roll feed:    {base}/log\n")
    if links:
        out.write("Private screens, one per seat: give each link (or its QR code) to its player.\n")
    for seat, token in links.items():
        url = f"{base}/p/{token}"
        out.write(f"\n  {seat}: {url}\n")
        segno.make(url, error="l").terminal(out=out, compact=True)
    out.write("Listening; Ctrl-C stops the server.\n")
    out.flush()
