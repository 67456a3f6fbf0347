"""A server that holds on a table's network: unfinished connections cannot starve it, one
client cannot hold every event stream, a request must name an address it serves, posts
from another site (or scheme) are refused, and nothing a player named steers the GM's
terminal."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from gmtool.web.guard import Streams
from tests.web.client import Table, entries

from .harness import Server, run_gmtool, start_server
from .test_server import open_stream, read_until, status

PLAYERS = ["--players", "Ana,Bo,Cy,Di", "--starter", "Ana"]


@pytest.fixture
def served(home: Path) -> Iterator[Server]:
    assert (
        run_gmtool(home, "campaign", "new", "ff", "--system", "foodfight", *PLAYERS).returncode == 0
    )
    server = start_server(home, "ff")
    yield server
    server.stop()


def where(server: Server) -> tuple[str, int]:
    parts = urlsplit(server.base)
    assert parts.hostname and parts.port
    return parts.hostname, parts.port


def raw_get(server: Server, path: str, host: str, *, source: str = "127.0.0.1") -> bytes:
    with socket.create_connection(where(server), timeout=5, source_address=(source, 0)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        return read_until(sock, b"\r\n\r\n", 5)


def test_connections_that_never_finish_their_headers_cannot_starve_it(served: Server) -> None:
    stuck = []
    for n in range(80):  # more than the server keeps waiting; each sends half a request
        sock = socket.create_connection(where(served), timeout=5)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * n)
        stuck.append(sock)
    started = time.monotonic()
    assert status(served.base + "/") == 200
    assert time.monotonic() - started < 1.0
    sock = stuck[-1]  # one that went on sending a byte at a time gains no time by it
    closed_at = None
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            sock.sendall(b"b")
            sock.settimeout(0.5)
            if sock.recv(100) == b"":
                closed_at = time.monotonic()
                break
        except TimeoutError:
            continue
        except OSError:
            closed_at = time.monotonic()
            break
    assert closed_at is not None and closed_at - started < 7.5  # HEADER_SECONDS and a margin
    for sock in stuck:
        sock.close()
    assert status(served.base + "/") == 200


def test_a_client_holds_four_streams_and_a_new_one_ends_its_oldest(served: Server) -> None:
    mine = [open_stream(served.base) for _ in range(4)]
    for stream in mine:
        assert b"event: change" in read_until(stream, b"\n\n", 3)
    newest = open_stream(served.base)
    assert b"event: change" in read_until(newest, b"data: 0\n\n", 3)
    assert b"event: closed\ndata: newer" in read_until(mine[0], b"newer", 3)
    host, port = where(served)
    other = socket.create_connection((host, port), timeout=5, source_address=("127.0.0.2", 0))
    other.sendall(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
    assert b"200 OK" in read_until(other, b"data:", 3)  # another address is not affected
    assert b"closed" not in read_until(mine[1], b"closed", 0.5)
    for stream in [*mine, newest, other]:
        stream.close()
    assert status(served.base + "/version") == 200


def test_streams_are_bounded_per_client_and_in_all() -> None:
    # (an Event is set and read without an event loop)
    streams = Streams(total=3, per_client=2)
    a1, a2 = streams.take("a"), streams.take("a")
    assert a1 and a2 and not a1.ended.is_set()
    a3 = streams.take("a")  # the client's third: its oldest ends
    assert a3 and a1.ended.is_set() and not a2.ended.is_set()
    b1 = streams.take("b")
    assert b1 and streams.open == 3
    assert streams.take("c") is None  # full, and c holds none to give up
    b2 = streams.take("b")  # full, but b's own oldest makes room
    assert b2 and b1.ended.is_set() and streams.open == 3
    for stream in (a2, a3, b2, a1, b1):
        assert stream is not None
        streams.give_back(stream)
    assert streams.open == 0 and streams.by_client == {}


def test_a_request_must_name_an_address_the_server_listens_on(served: Server) -> None:
    host, port = where(served)
    for good in (f"127.0.0.1:{port}", f"localhost:{port}"):
        assert b" 200 " in raw_get(served, "/", good).split(b"\r\n")[0]
    for bad in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}", ""):
        answer = raw_get(served, "/", bad)
        assert answer.startswith(b"HTTP/1.1 421 "), (bad, answer[:40])
    token = served.tokens["Ana"]
    assert raw_get(served, f"/p/{token}", "rebound.example").startswith(b"HTTP/1.1 421 ")


def test_a_post_from_another_scheme_or_site_is_refused(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    url = f"/p/{table.links['Ana']}/move"
    form = {"move": "discard", "pile": "1"}
    for origin in ("https://testserver", "http://testserver.evil", "null", "http://other"):
        answer = table.client.post(url, data=form, headers={"origin": origin})
        assert answer.status_code == 403, origin
    assert entries(gmtool) == []
    fine = table.client.post(url, data=form, headers={"origin": "http://testserver"})
    assert fine.status_code == 200 and "refused" not in fine.text
    assert len(entries(gmtool)) == 1


def test_a_malformed_form_is_refused_and_writes_nothing(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    url = f"/p/{table.links['Ana']}/move"
    kind = {"content-type": "application/x-www-form-urlencoded"}
    for body in (b"move=discard&pile=\xff\xfe", b"&".join(b"f%d=1" % n for n in range(40))):
        assert table.client.post(url, content=body, headers=kind).status_code == 400
    assert table.client.post(url, content=b"x" * 5000, headers=kind).status_code == 413
    assert entries(gmtool) == []


def test_a_seat_that_moves_too_fast_is_told_on_its_own_screen(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    answers = [table.post("Bo", move="discard", pile="1") for _ in range(11)]
    slowed = answers[-1]
    assert slowed.status_code == 429
    assert "private screen of Bo" in slowed.text  # the seat's own screen, with the notice
    assert "refused: too many moves at once: wait a few seconds" in slowed.text
    assert entries(gmtool) == []  # Bo's moves were all out of turn anyway


def test_names_cannot_steer_the_gms_terminal(home: Path) -> None:
    players = ["--players", "Ana\x1b[2J\x1b]0;pwned\x07,Bo\u202e,Cy,Di", "--starter", "Bo\u202e"]
    made = run_gmtool(home, "campaign", "new", "ff", "--system", "foodfight", *players)
    assert made.returncode == 0, made.stderr
    server = start_server(home, "ff", "--qr", "Ana\x1b[2J\x1b]0;pwned\x07")
    try:
        printed = "\n".join(server.output)
        assert "\x1b" not in printed and "\u202e" not in printed and "\x07" not in printed
        assert "Ana\\x1b[2J\\x1b]0;pwned\\x07: http://" in printed
        assert "Bo\\u202e: http://" in printed
    finally:
        server.stop()


def test_a_replaced_link_opens_nothing_and_writes_nothing(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    from starlette.testclient import TestClient

    from gmtool.web.app import build_app

    old = dict(table.links)
    renewed = table.campaign.links(renew=True)
    with TestClient(build_app(table.campaign, renewed, replaced=old.values())) as client:
        for path in (f"/p/{old['Ana']}", f"/p/{old['Ana']}/part"):
            answer = client.get(path)
            assert answer.status_code == 410
            assert "This link was replaced: ask the GM for your new one." in answer.text
            assert 'data-events=""' in answer.text  # the page is not live
        posted = client.post(f"/p/{old['Ana']}/move", data={"move": "discard", "pile": "1"})
        assert posted.status_code == 410 and entries(gmtool) == []
        assert client.get(f"/p/{renewed['Ana']}").status_code == 200
        assert client.get(f"/p/{old['Ana']}x").status_code == 404  # not a link that was


def test_the_hosts_served_are_loopback_and_with_lan_the_machines_own() -> None:
    from gmtool.web.server import served_hosts

    local = served_hosts(8765, [], lan=False)
    assert local == {"127.0.0.1:8765", "localhost:8765", "[::1]:8765"}
    lan = served_hosts(8765, ["192.168.1.20"], lan=True)
    assert local < lan and "192.168.1.20:8765" in lan
    assert f"{socket.gethostname()}:8765" in lan and f"{socket.gethostname()}.local:8765" in lan
    assert "192.168.1.20:8765" not in served_hosts(8765, ["192.168.1.20"], lan=False)
    assert {"localhost", "localhost:80"} <= served_hosts(80, [], lan=False)  # no port named
