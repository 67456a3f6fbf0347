"""Every game's screens in Chromium, on the specimen campaigns (``tests/web/specimens.py``):
each table screen fits a 1920x1080 and a 1280x720 TV without scrolling, and each game's
phone screen at 360x740 says whose turn it is first, never scrolls sideways, keeps its
header to two lines, has controls a thumb can hit (44 px) and no input a phone zooms into
(under 16 px)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.at_the_table import (
    SECRET_ROLL,
    SECRET_WORDS,
    assert_nothing_leaked,
    holding,
    open_screens,
)
from tests.web.browsing import expect, gm
from tests.web.harness import Server, start_server
from tests.web.specimens import SEAT, SESSIONS, prepare

TVS = [(1920, 1080), (1280, 720)]
PHONE = {"width": 360, "height": 740}

MEASURE = """() => {
  const root = document.documentElement;
  const controls = [...document.querySelectorAll('#live button, #live select, #live input')]
    .filter(e => e.type !== 'hidden' && e.type !== 'checkbox' && e.offsetParent !== null)
    .map(e => ({name: e.name || e.textContent.trim(), height: e.getBoundingClientRect().height,
                font: parseFloat(getComputedStyle(e).fontSize)}));
  const words = document.createRange();
  words.selectNodeContents(document.querySelector('header'));
  const tops = [...words.getClientRects()].map(r => r.top).sort((a, b) => a - b);
  const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 8).length;
  return {height: root.scrollHeight, width: root.scrollWidth, controls, lines,
          header: document.querySelector('header').innerText,
          first: document.querySelector('#live > *').className};
}"""


@pytest.fixture(scope="module")
def specimen_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = Path(tmp_path_factory.mktemp("screens")) / "home"
    prepare(home, list(SESSIONS))
    return home


@pytest.fixture(scope="module")
def specimens(specimen_home: Path) -> Iterator[dict[str, Server]]:
    servers = {system: start_server(specimen_home, system) for system in SESSIONS}
    yield servers
    for server in servers.values():
        server.stop()


@pytest.mark.parametrize("system", list(SESSIONS))
def test_the_table_screen_fits_a_1080p_and_a_720p_tv_without_scrolling(
    browser: Any, specimens: dict[str, Server], system: str
) -> None:
    for width, height in TVS:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(specimens[system].base + "/")
        page.wait_for_timeout(300)
        seen = page.evaluate(MEASURE)
        context.close()
        assert seen["height"] <= height, f"{system} at {width}x{height}: {seen['height']} px tall"
        assert seen["width"] <= width, f"{system} at {width}x{height}: {seen['width']} px wide"


@pytest.mark.parametrize("system", list(SESSIONS))
def test_a_phone_screen_says_whose_turn_first_and_fits_a_thumb_at_360px(
    browser: Any, specimens: dict[str, Server], system: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(specimens[system].links[SEAT[system]])
    page.wait_for_timeout(300)
    seen = page.evaluate(MEASURE)
    title = page.title()
    context.close()
    assert seen["width"] <= PHONE["width"], f"{system}: {seen['width']} px wide"
    assert seen["lines"] <= 2, f"{system}: the header {seen['header']!r} is {seen['lines']} lines"
    assert seen["first"] in ("your-turn", "your-turn answer", "not-your-turn"), seen["first"]
    if seen["first"].startswith("your-turn"):
        assert title.startswith(("Your turn · ", "Your answer · ")), title
    assert seen["controls"], f"{system}: no control on {SEAT[system]}'s screen"
    for control in seen["controls"]:
        assert control["height"] >= 44, f"{system}: {control}"
        assert control["font"] >= 16, f"{system}: {control}"


def test_an_attack_from_a_phone_asks_a_second_tap_then_reaches_the_table(
    browser: Any, specimens: dict[str, Server]
) -> None:
    server = specimens["starships"]
    context = browser.new_context(viewport=PHONE)
    phone, table = context.new_page(), context.new_page()
    table.goto(server.base + "/")
    phone.goto(server.links["Bo"])  # the specimen fight: Bo's turn after Ana's attack
    phone.select_option("form.m-attack select[name='k.target']", label="Drone")
    button = phone.locator("form.m-attack button")
    button.click()
    expect()(button).to_have_class("armed")
    assert "Bo attacks" not in table.inner_text("main")  # one tap plays nothing
    button.click()
    expect()(phone.locator(".notice")).not_to_contain_text("refused")
    expect()(table.locator(".latest")).to_contain_text("Bo", timeout=3000)
    context.close()


def private_of(home: Path, system: str) -> dict[str, list[str]]:
    """What each seat of ``system``'s specimen holds that no other seat may see, from the
    referee's view: Food Fight's Fortune texts, a Zauberer team's spell card."""
    if system == "foodfight":
        board = json.loads(gm(home, "-c", system, "foodfight", "show", "--all", "--json"))
        return {p["name"]: [f["text"] for f in p["fortunes"]] for p in board["players"]}
    if system == "zauberer":
        board = json.loads(gm(home, "-c", system, "zauberer", "show", "--all", "--json"))
        return {
            t["clan"]: [t["spell"]["name"], t["spell"]["text"]]
            for t in board["teams"]
            if t["spell"]
        }
    return {}  # the other games hold no seat's secret: the GM's roll, the links


@pytest.mark.parametrize("system", list(SESSIONS))
def test_no_screen_a_seat_can_read_holds_a_secret_gm_roll_or_another_seats_secret(
    browser: Any, specimen_home: Path, specimens: dict[str, Server], system: str
) -> None:
    gm(specimen_home, "-c", system, *SECRET_ROLL)
    private = private_of(specimen_home, system)
    assert system not in ("foodfight", "zauberer") or private  # the specimen holds some
    screens = open_screens(browser, specimens[system])
    try:
        feed = screens.table.context.new_page()  # the roll feed, open to every seat
        feed.on(
            "response",
            lambda r: (
                screens.bodies.append(("table", r.text()))
                if r.ok and "/events" not in r.url
                else None
            ),
        )
        feed.goto(specimens[system].base + "/log")
        expect()(feed.locator("main")).to_contain_text("the GM")
        for seat, words in private.items():  # each seat does see its own
            assert any(word in screens.phones[seat].content() for word in words), seat
        assert_nothing_leaked(screens, specimens[system], private=private)
        assert not holding(feed.content(), SECRET_WORDS)
    finally:
        screens.close()
