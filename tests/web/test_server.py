"""``gmtool serve`` as a person runs it: the links it prints, the event stream, a browser
that hangs up mid-stream, Ctrl-C, and the one-line errors."""

from __future__ import annotations

import re
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest

from gmtool.web.server import lan_addresses

from .harness import Server, run_gmtool, start_server
from .specimens import typed


@pytest.fixture
def match(home: Path) -> Iterator[Server]:
    players = ["--players", "Ana,Bo,Cy,Di", "--starter", "Ana"]
    made, _, err = typed(home, ["campaign", "new", "ff", "--system", "foodfight", *players])
    assert made == 0, err  # in this process (quicker); the server is a process of its own
    server = start_server(home, "ff")
    yield server
    server.stop()


def status(url: str) -> int:
    try:
        with urlopen(url, timeout=5) as answer:
            return int(answer.status)
    except Exception as error:  # urllib raises HTTPError for 4xx/5xx
        return int(getattr(error, "code", 0))


def open_stream(base: str) -> socket.socket:
    """An event stream read by hand, as a browser's EventSource would open it."""
    where = urlsplit(base)
    sock = socket.create_connection((where.hostname, where.port), timeout=5)
    sock.sendall(
        b"GET /events HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n"
        % where.netloc.encode()
    )
    return sock


def read_until(sock: socket.socket, needle: bytes, seconds: float) -> bytes:
    got = b""
    deadline = time.monotonic() + seconds
    while needle not in got and time.monotonic() < deadline:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            break
        if not chunk:
            break
        got += chunk
    return got


def test_serve_prints_one_link_per_seat_and_qr_codes_on_request(match: Server, home: Path) -> None:
    assert list(match.links) == ["Ana", "Bo", "Cy", "Di"]
    printed = "\n".join(match.output)
    assert "Only this computer can open these pages (add --lan for phones)." in printed
    assert "(--qr SEAT prints a seat's QR code)" in printed
    assert "▀" not in printed  # no QR code unless asked for
    assert all(status(url) == 200 for url in match.links.values())
    match.stop()
    server = start_server(home, "ff", "--qr", "Bo")
    try:
        lines = server.output
        drawn = [n for n, line in enumerate(lines) if "▀" in line or "▄" in line]
        bo = next(n for n, line in enumerate(lines) if line.startswith("  Bo: "))
        cy = next(n for n, line in enumerate(lines) if line.startswith("  Cy: "))
        assert len(drawn) > 10 and all(bo < n < cy for n in drawn)  # Bo's code, only
    finally:
        server.stop()


def test_a_qr_code_for_a_seat_that_is_not_there_is_one_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert (
        gmtool("campaign", "new", "ff", "--system", "foodfight", "--players", "A,B,C,D").code == 0
    )
    result = gmtool("serve", "--no-open", "--port", "0", "--qr", "Zed")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert result.err.startswith("error: --qr Zed: no such seat (the seats are A, B, C, D)")


def test_lan_says_it_is_open_to_the_network_and_prints_the_addresses(home: Path) -> None:
    assert run_gmtool(home, "campaign", "new", "o", "--system", "originem").returncode == 0
    server = start_server(home, "o", "--lan")
    try:
        printed = "\n".join(server.output)
        assert "Open to your local network: anyone on it can see the table screen." in printed
        assert "on this network: http://" in printed
        port = urlsplit(server.base).port
        assert status(f"http://127.0.0.1:{port}/") == 200
        assert not urlsplit(server.base).hostname.startswith("127.")  # type: ignore[union-attr]
        assert urlsplit(server.base).hostname in lan_addresses()
        assert status(server.base + "/") == 200  # the printed address answers
    finally:
        server.stop()


def test_a_command_in_another_terminal_sends_a_change_event_within_a_second(
    match: Server, home: Path
) -> None:
    stream = open_stream(match.base)
    first = read_until(stream, b"\n\n", 5)
    assert b"200 OK" in first and b"text/event-stream" in first
    started = time.monotonic()
    assert run_gmtool(home, "-c", "ff", "foodfight", "discard", "1").returncode == 0
    got = read_until(stream, b"data: 1\n\n", 3)
    assert b"event: change\ndata: 1\n\n" in got and time.monotonic() - started < 2.5
    stream.close()
    events = re.findall(rb"data: (.*)\n", first + got)
    assert all(value.isdigit() for value in events)  # a version number, never a document


def test_browsers_that_hang_up_mid_stream_leave_the_server_serving(match: Server) -> None:
    for _ in range(3):  # more streams than the server keeps open at once, all cut short
        streams = [open_stream(match.base) for _ in range(30)]
        for stream in streams:
            read_until(stream, b"data:", 2)
            stream.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
            )
            stream.close()  # a reset, as a phone that walks out of the room
    time.sleep(0.5)
    assert status(match.base + "/") == 200
    last = open_stream(match.base)
    assert b"200 OK" in read_until(last, b"data:", 3)
    last.close()
    assert match.process.poll() is None


def test_ctrl_c_stops_the_server_cleanly(match: Server) -> None:
    stream = open_stream(match.base)  # an open screen must not hold the server up
    read_until(stream, b"data:", 3)
    started = time.monotonic()
    rest = match.stop()
    stream.close()
    assert match.process.returncode == 0 and time.monotonic() - started < 5
    assert "stopped: the players' links stay valid" in rest and "Traceback" not in rest


def test_new_links_replace_the_old_ones(match: Server, home: Path) -> None:
    old = match.links["Bo"]
    match.stop()
    renewed = start_server(home, "ff", "--new-links")
    try:
        assert renewed.links["Bo"] != old
        assert status(renewed.base + urlsplit(old).path) == 410
        with pytest.raises(HTTPError) as replaced:
            urlopen(renewed.base + urlsplit(old).path + "/part", timeout=5)
        assert replaced.value.code == 410
        assert (
            "This link was replaced: ask the GM for your new one." in replaced.value.read().decode()
        )
        assert status(renewed.links["Bo"]) == 200
    finally:
        renewed.stop()


def test_a_port_in_use_is_one_line_naming_the_port(gmtool) -> None:  # type: ignore[no-untyped-def]
    args = ["--players", "Ana,Bo,Cy,Di"]
    assert gmtool("campaign", "new", "ff", "--system", "foodfight", *args).code == 0
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = gmtool("serve", "--no-open", "--port", str(port))
    assert result.code == 2
    assert (
        result.err == f"error: port {port} is in use on 127.0.0.1 (choose another with --port N)\n"
    )


def test_a_campaign_that_does_not_exist_is_one_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("serve", "-c", "nowhere", "--no-open")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert result.err.startswith("error: unknown campaign 'nowhere'")


def test_without_the_web_libraries_serve_says_how_to_install_them(
    gmtool,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    assert gmtool("campaign", "new", "t", "--system", "originem").code == 0
    for name in [m for m in sys.modules if m.startswith("gmtool.web")]:
        monkeypatch.delitem(sys.modules, name)
    for name in ["starlette", *(m for m in sys.modules if m.startswith("starlette."))]:
        monkeypatch.setitem(sys.modules, name, None)  # as if it were not installed
    result = gmtool("serve", "--no-open")
    assert result.code == 2
    assert result.err == (
        "error: gmtool serve needs the web libraries (starlette is missing)"
        " (install them with: pip install 'gmtool[web]')\n"
    )
