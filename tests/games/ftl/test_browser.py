"""A whole FTL battle played from the two captains' phone-sized screens in a real browser,
the table screen open on a TV, the GM running seconds and rolling (in the open and in
secret) from the command line at the same time: every order given from a phone is logged
once, as that captain's, as it was chosen (or refused on the phone, and nothing logged);
no screen ever holds the GM's secret roll or the other captain's link; the table screen
fits a 1080p and a 720p TV all along."""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from gmtool.content.paths import packaged
from tests.web.browsing import WAIT_MS, expect, gm
from tests.web.harness import Server, run_gmtool, start_server

PHONE = {"width": 360, "height": 740}
TVS = [(1920, 1080), (1280, 720)]
ORDERS = {
    "Red": [
        ("order_power", "shields 2", "Red powers shields 6->2"),
        ("order_weapon", "burst laser ii on", "Red turns burst_laser_ii on"),
        ("order_aim", "burst laser ii shield room", "Red aims burst_laser_ii at Blue shield_room"),
        ("order_autofire", "on", "Red autofire on"),
    ],
    "Blue": [
        ("order_weapon", "heavy ion on", "Blue turns heavy_ion on"),
        ("order_aim", "heavy ion shield room", "Blue aims heavy_ion at Red shield_room"),
        ("order_autofire", "on", "Blue autofire on"),
    ],
}
"""What each captain orders from the phone: the kind, the words picked, what is logged."""
SECRET = ["roll", "7d13+500", "--secret", "--by", "Zed", "--dice", "13,13,13,13,13,13,11"]
SECRET_WORDS = ["7d13", "589", "Zed"]
"""The GM's secret roll, and everything of it no screen may show (its dice, total, name)."""
WHILE_ORDERING = [
    SECRET,
    ["ftl", "tick", "--seconds", "2"],
    ["roll", "1d6", "--dice", "4"],
    ["roll", "d100", "--secret"],
    ["ftl", "tick"],
]
"""What the GM types while the captains give their orders."""
EVENT_LINE = re.compile(r"retry: \d+|event: change|data: \d+|: still here")
FITS = """() => ({height: document.documentElement.scrollHeight,
                  width: document.documentElement.scrollWidth})"""


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

    def run(self) -> None:
        try:
            while chunk := self.answer.read1(4096):
                self.lines.extend(chunk.decode().splitlines())
        except (OSError, ValueError):
            pass  # closed when the test is done

    def close(self) -> None:
        if self.connection.sock is not None:
            self.connection.sock.close()


def give_order(phone: Any, kind: str, words: str) -> str:
    """The order picked from its kind's list and sent; the notice the phone then shows."""
    form = phone.locator(f"form.m-{kind}")
    form.locator("select[name=pick]").select_option(label=words)
    with phone.expect_navigation(wait_until="domcontentloaded"):
        form.locator("button").click()
    notice = phone.locator(".notice")
    return notice.first.inner_text() if notice.count() else ""


def assert_fits(table: Any) -> None:
    for width, height in TVS:
        table.set_viewport_size({"width": width, "height": height})
        table.wait_for_timeout(50)
        seen = table.evaluate(FITS)
        assert seen["height"] <= height and seen["width"] <= width, (width, height, seen)


def test_a_whole_ftl_battle_from_the_captains_phones_with_the_gm_at_the_terminal(
    browser: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "f", "--from", str(packaged("campaigns", "ftl-demo.yaml")),
       "--seed", "4")  # fmt: skip
    gm(home, "-c", "f", "ftl", "tick")  # the GM opens the battle with its first second
    served.append(server := start_server(home, "f"))
    assert list(server.links) == ["Red", "Blue"]
    events = EventsReader(server.base)
    events.start()
    contexts = [browser.new_context(viewport={"width": 1920, "height": 1080})]
    contexts += [browser.new_context(viewport=PHONE) for _ in server.links]
    bodies: list[tuple[str, str]] = []  # (whose screen, every answer a page was sent)
    table = contexts[0].new_page()
    phones = {seat: contexts[n + 1].new_page() for n, seat in enumerate(server.links)}

    from playwright.sync_api import Error as PlaywrightError

    def keep(whose: str) -> Any:
        def answered(response: Any) -> None:
            if "/events" in response.url or 300 <= response.status < 400:
                return  # a stream never ends (the raw reader reads one); a redirect is empty
            with suppress(PlaywrightError):  # a page left before its answer was read
                bodies.append((whose, response.text()))

        return answered

    table.on("response", keep("table"))
    table.goto(server.base + "/")
    for seat, phone in phones.items():
        phone.on("response", keep(seat))
        phone.goto(server.links[seat])
        expect()(phone.locator(".your-turn")).to_have_text("Your turn")
        assert "on your sensors" in phone.inner_text("main")

    failed: list[str] = []

    def the_gm() -> None:
        for command in WHILE_ORDERING:
            done = run_gmtool(home, "-c", "f", *command)
            if done.returncode != 0:
                failed.append(f"{' '.join(command)}: {done.stderr}")
            time.sleep(0.3)

    terminal = threading.Thread(target=the_gm)
    terminal.start()
    given: dict[str, list[str]] = {seat: [] for seat in phones}
    refusals: list[str] = []
    queue = {seat: list(orders) for seat, orders in ORDERS.items()}
    while any(queue.values()):
        for seat, phone in phones.items():
            if not queue[seat]:
                continue
            kind, words, logged = queue[seat][0]
            notice = give_order(phone, kind, words)
            if "refused" in notice:  # drawn before a second the GM ran: said, then again
                assert "the game changed since this screen was drawn" in notice, notice
                refusals.append(notice)
                assert len(refusals) < 20
                continue
            assert notice.startswith(logged), (seat, words, notice)
            given[seat].append(logged)
            queue[seat].pop(0)
    terminal.join()
    assert not failed, failed
    assert_fits(table)

    for _ in range(12):  # the GM runs the seconds until one ship is lost
        battle = json.loads(gm(home, "-c", "f", "ftl", "show", "--json"))
        if battle["over"]:
            break
        gm(home, "-c", "f", "ftl", "tick", "--seconds", "30")
    battle = json.loads(gm(home, "-c", "f", "ftl", "show", "--json"))
    assert battle["over"], "the battle should be over by now"
    ended = battle["over"].replace("_", " ")
    expect()(table.locator(".ftl-head .whose")).to_contain_text(ended, timeout=WAIT_MS)
    expect()(table.locator(".ftl-head .second b")).to_have_text(str(battle["second"]))
    for seat, phone in phones.items():
        expect()(phone.locator(".panel.mine .ended")).to_contain_text(ended, timeout=WAIT_MS)
        expect()(phone.locator(".panel.moves form")).to_have_count(0)  # no order is open
        enemy = next(name for name in battle["ships"] if name != seat)
        shown = f"{battle['ships'][enemy]['hull']}/{battle['ships'][enemy]['hull_max']}"
        expect()(phone.locator(".panel.theirs .hull .num")).to_have_text(shown)  # all of it
    assert_fits(table)

    # Every order the phones sent is logged once, as its captain's, in the order given.
    log = json.loads(gm(home, "-c", "f", "log", "--json"))
    for seat in phones:
        theirs = [e["outcome"] for e in log if e["who"] == seat and e["kind"] == "action"]
        assert len(theirs) == len(given[seat]) == len(ORDERS[seat])
        assert all(o.startswith(g) for o, g in zip(theirs, given[seat], strict=True)), theirs
    assert sum(e["kind"] == "secret" for e in log) == 2

    # No screen ever held the GM's secret roll, nor a captain the other's link.
    pages = {"table": table, **phones}
    assert {whose for whose, _ in bodies} == set(pages) and len(bodies) > 20  # redraws too
    sources = [(whose, page.content()) for whose, page in pages.items()] + bodies
    for whose, text in sources:
        assert not [word for word in SECRET_WORDS if word in text], whose
        others = [token for seat, token in server.tokens.items() if seat != whose]
        assert not [token for token in others if token in text], whose
    events.close()
    events.join(timeout=5)
    said = [line.strip() for line in events.lines if line.strip()]
    assert said and all(EVENT_LINE.fullmatch(line) for line in said), said  # versions only
    for context in contexts:
        context.close()
