"""A table at play in Chromium, for the whole-game tests: the TV's table screen and every
player's phone-sized screen, each in a browser context of its own, with every answer any
page was sent kept; the GM typing commands in another terminal meanwhile; a raw event
stream read all along; and the checks every such game makes at the end (the table fits a
1080p and a 720p TV; no screen ever held a secret it may not see; events carry versions
only)."""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.web.harness import Server, run_gmtool

PHONE = {"width": 360, "height": 740}
TVS = [(1920, 1080), (1280, 720)]
EVENT_LINE = re.compile(r"retry: \d+|event: change|data: \d+|: still here")
FITS = """() => ({height: document.documentElement.scrollHeight,
                  width: document.documentElement.scrollWidth})"""
SECRET_ROLL = ["roll", "7d13+500", "--secret", "--by", "Zed", "--dice", "13,13,13,13,13,13,11"]
SECRET_WORDS = ["7d13", "589", "Zed"]
"""The GM's secret roll, and everything of it no screen may show (its dice, total, name)."""


@dataclass
class Screens:
    """The TV and the phones, with every answer each page was sent (``bodies``)."""

    table: Any
    phones: dict[str, Any]
    contexts: list[Any]
    bodies: list[tuple[str, str]] = field(default_factory=list)

    def pages(self) -> dict[str, Any]:
        return {"table": self.table, **self.phones}

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def open_screens(browser: Any, server: Server) -> Screens:
    """The table screen at 1920x1080 and each seat's phone at 360x740, all loaded."""
    from playwright.sync_api import Error as PlaywrightError

    contexts = [browser.new_context(viewport={"width": 1920, "height": 1080})]
    contexts += [browser.new_context(viewport=PHONE) for _ in server.links]
    screens = Screens(contexts[0].new_page(), {}, contexts)

    def keep(whose: str) -> Any:
        def answered(response: Any) -> None:
            if "/events" in response.url or 300 <= response.status < 400:
                return  # a stream never ends (EventsReader reads one); a redirect is empty
            with suppress(PlaywrightError):  # a page left before its answer was read
                screens.bodies.append((whose, response.text()))

        return answered

    screens.table.on("response", keep("table"))
    screens.table.goto(server.base + "/")
    for number, (seat, url) in enumerate(server.links.items(), start=1):
        phone = screens.phones[seat] = contexts[number].new_page()
        phone.on("response", keep(seat))
        phone.goto(url)
    return screens


class EventsReader(threading.Thread):
    """An event stream of the server read raw all along, as a page's script gets it."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        where = urlsplit(base)
        assert where.hostname and where.port
        self.connection = http.client.HTTPConnection(
            where.hostname, where.port, timeout=30, source_address=("127.0.0.2", 0)
        )
        self.connection.putrequest("GET", "/events", skip_host=True)
        self.connection.putheader("Host", where.netloc)
        self.connection.endheaders()
        self.answer = self.connection.getresponse()
        self.lines: list[str] = []
        self.start()

    def run(self) -> None:
        try:
            while chunk := self.answer.read1(4096):
                self.lines.extend(chunk.decode().splitlines())
        except (OSError, ValueError, http.client.HTTPException):
            pass  # closed when the test is done

    def versions_only(self) -> None:
        """Closed; every line it read was a version or a keep-alive, never a document."""
        if self.connection.sock is not None:
            with suppress(OSError):  # wakes the read at once (a close alone leaves it waiting)
                self.connection.sock.shutdown(socket.SHUT_RDWR)
            self.connection.sock.close()
        self.join(timeout=5)
        assert not self.is_alive()
        said = [line.strip() for line in self.lines if line.strip()]
        assert said and all(EVENT_LINE.fullmatch(line) for line in said), said


class Terminal(threading.Thread):
    """The GM typing ``commands`` in another terminal, one after another (a short pause
    between), while the players play; ``failed`` names any that did not succeed."""

    def __init__(self, home: Path, campaign: str, commands: Iterable[list[str]]) -> None:
        super().__init__(daemon=True)
        self.home, self.campaign, self.commands = home, campaign, list(commands)
        self.failed: list[str] = []
        self.start()

    def run(self) -> None:
        for command in self.commands:
            done = run_gmtool(self.home, "-c", self.campaign, *command)
            if done.returncode != 0:
                self.failed.append(f"{' '.join(command)}: {done.stderr}")
            time.sleep(0.2)

    def done(self) -> None:
        self.join(timeout=60)
        assert not self.failed, self.failed


def assert_fits(table: Any) -> None:
    """The table screen, as it is now, fits a 1080p and a 720p TV without scrolling."""
    for width, height in TVS:
        table.set_viewport_size({"width": width, "height": height})
        table.wait_for_timeout(50)
        seen = table.evaluate(FITS)
        assert seen["height"] <= height and seen["width"] <= width, (width, height, seen)
    table.set_viewport_size({"width": 1920, "height": 1080})


def holding(text: str, words: Iterable[str]) -> list[str]:
    """Which of ``words`` stand in ``text`` as words of their own (the secret total 589 is
    not in a form's version ``d22589e9``)."""
    return [word for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def assert_nothing_leaked(
    screens: Screens,
    server: Server,
    secret: Iterable[str] = SECRET_WORDS,
    private: Mapping[str, Iterable[str]] | None = None,
) -> None:
    """No page, its source or any answer it was sent held ``secret`` (the GM's), another
    seat's link, or what ``private`` says only that seat may see."""
    pages = screens.pages()
    assert {whose for whose, _ in screens.bodies} == set(pages)  # every page was read
    sources = [(whose, page.content()) for whose, page in pages.items()] + screens.bodies
    hidden = list(secret)
    for whose, text in sources:
        assert not holding(text, hidden), whose
        others = [token for seat, token in server.tokens.items() if seat != whose]
        assert not [token for token in others if token in text], whose
        for seat, words in (private or {}).items():
            if seat != whose:
                assert not [word for word in words if word in text], (whose, seat)
