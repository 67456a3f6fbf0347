"""A server that holds, in a real browser: six tabs of one browser all follow the game on
one event stream, which the tabs share (the browser opens six connections to a server at
most), a page refused a stream still follows it and keeps trying, and a replaced link says
so and is not live."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.web.browsing import expect, gm
from tests.web.harness import Server, start_server

from .test_server import read_until

LIVE = re.compile(r"\bconnected\b")
POLLED_MS = 8000  # a tab without a stream asks every two seconds
PLAYERS = ["--players", "Ana,Bo,Cy,Di", "--starter", "Ana"]


def new_match(home: Path) -> None:
    gm(home, "campaign", "new", "ff", "--system", "foodfight", *PLAYERS)


def test_six_tabs_of_one_browser_all_follow_the_game_on_one_stream(
    browser: Any, home: Path, served: list[Server]
) -> None:
    new_match(home)
    served.append(server := start_server(home, "ff"))
    context = browser.new_context(viewport={"width": 360, "height": 740})
    asked: list[str] = []
    context.on("request", lambda request: asked.append(urlsplit(request.url).path))
    tabs = []
    for n in range(6):
        tab = context.new_page()
        tab.goto(server.base + "/log" if n % 2 else server.links[["Ana", "Bo", "Cy"][n // 2]])
        tabs.append(tab)
    feeds = [tab for n, tab in enumerate(tabs) if n % 2]
    for round_ in range(1, 3):
        gm(home, "-c", "ff", "roll", "1d20", "--dice", str(10 + round_))
        for tab in feeds:
            expect()(tab.locator(".feed .entry")).to_have_count(round_, timeout=POLLED_MS)
    gm(home, "-c", "ff", "foodfight", "discard", "1")  # Ana's turn passes to Bo
    for n in (0, 4):  # Ana's and Cy's screens
        expect()(tabs[n].locator("main")).to_contain_text("Bo's turn", timeout=POLLED_MS)
    for tab in tabs:
        expect()(tab.locator("body")).to_have_class(LIVE)
    for tab in feeds:
        expect()(tab.locator(".feed .entry")).to_have_count(3, timeout=POLLED_MS)
    # One tab holds the browser's stream and tells the others: none of them polls.
    assert asked.count("/events") == 1 and "/version" not in asked, asked
    tabs.pop(0).close()  # the tab with the stream goes: another takes it
    gm(home, "-c", "ff", "roll", "1d4", "--dice", "2")
    for tab in feeds:
        expect()(tab.locator(".feed .entry")).to_have_count(4, timeout=POLLED_MS)
    assert asked.count("/events") == 2 and "/version" not in asked, asked
    context.close()


def test_without_web_locks_a_tab_whose_stream_was_taken_hears_from_the_others_at_once(
    browser: Any, home: Path, served: list[Server]
) -> None:
    new_match(home)
    served.append(server := start_server(home, "ff"))
    context = browser.new_context(viewport={"width": 360, "height": 740})
    # As on a LAN address (no secure context): no Web Locks, so every tab streams.
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined})"
    )
    tabs = [context.new_page() for _ in range(5)]
    first = tabs[0]
    first.route("**/version", lambda route: route.fulfill(status=503, body="busy"))
    for tab in tabs:
        tab.goto(server.base + "/log")
        expect()(tab.locator("body")).to_have_class(LIVE)
    # The fifth stream of this address ended the first tab's, which polls now (its polls
    # answered 503 here): only the tabs that stream can tell it of the roll.
    with first.expect_request("**/version", timeout=5000):
        pass
    gm(home, "-c", "ff", "roll", "1d20", "--dice", "13")
    expect()(first.locator(".feed .entry")).to_have_count(1, timeout=3000)
    context.close()


def test_a_page_refused_a_stream_still_follows_the_game(
    page: Any, home: Path, served: list[Server]
) -> None:
    new_match(home)
    served.append(server := start_server(home, "ff"))
    where = urlsplit(server.base)
    blockers = []
    for n in range(256):  # every stream the server holds, from other addresses
        sock = socket.create_connection(
            (where.hostname, where.port), timeout=5, source_address=(f"127.0.1.{2 + n // 4}", 0)
        )
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: {where.netloc}\r\n\r\n".encode())
        blockers.append(sock)
    for sock in blockers:
        assert b"data:" in read_until(sock, b"data:", 5)
    page.goto(server.base + "/log")
    gm(home, "-c", "ff", "roll", "1d20", "--dice", "17")
    newest = page.locator(".feed .entry").first
    expect()(newest).to_contain_text("1d20", timeout=POLLED_MS)
    expect()(page.locator("body")).to_have_class(LIVE)
    for sock in blockers:
        sock.close()
    gm(home, "-c", "ff", "roll", "1d4", "--dice", "3")
    expect()(page.locator(".feed .entry")).to_have_count(2, timeout=POLLED_MS)


def test_a_replaced_link_says_so_and_is_not_live(
    page: Any, home: Path, served: list[Server]
) -> None:
    new_match(home)
    first = start_server(home, "ff")
    old = urlsplit(first.links["Bo"]).path
    first.stop()
    served.append(server := start_server(home, "ff", "--new-links"))
    answer = page.goto(server.base + old)
    assert answer is not None and answer.status == 410
    expect()(page.locator(".error-page")).to_have_text(
        "This link was replaced: ask the GM for your new one."
    )
    page.wait_for_timeout(1500)
    assert "connected" not in (page.locator("body").get_attribute("class") or "")
    assert page.locator("body").get_attribute("data-events") == ""
