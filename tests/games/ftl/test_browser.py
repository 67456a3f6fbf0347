"""A whole FTL battle played from the two captains' phone-sized screens in a real browser,
the table screen open on a TV, the GM running seconds and rolling (in the open and in
secret) from the command line at the same time: every order given from a phone is logged
once, as that captain's, as it was chosen (or refused on the phone, and nothing logged);
no screen ever holds the GM's secret roll or the other captain's link; the table screen
fits a 1080p and a 720p TV all along."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gmtool.content.paths import packaged
from tests.web.at_the_table import (
    PHONE,
    SECRET_ROLL,
    EventsReader,
    Terminal,
    assert_fits,
    assert_nothing_leaked,
    open_screens,
)
from tests.web.browsing import WAIT_MS, expect, gm
from tests.web.harness import Server, start_server

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
WHILE_ORDERING = [
    SECRET_ROLL,
    ["ftl", "tick", "--seconds", "2"],
    ["roll", "1d6", "--dice", "4"],
    ["roll", "d100", "--secret"],
    ["ftl", "tick"],
]
"""What the GM types while the captains give their orders."""


def give_order(phone: Any, kind: str, words: str) -> str:
    """The order picked from its kind's list and sent; the notice the phone then shows."""
    form = phone.locator(f"form.m-{kind}")
    form.locator("select[name=pick]").select_option(label=words)
    with phone.expect_navigation(wait_until="domcontentloaded"):
        form.locator("button").click()
    notice = phone.locator(".notice")
    return notice.first.inner_text() if notice.count() else ""


def test_a_whole_ftl_battle_from_the_captains_phones_with_the_gm_at_the_terminal(
    browser: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "f", "--from", str(packaged("campaigns", "ftl-demo.yaml")),
       "--seed", "4")  # fmt: skip
    served.append(server := start_server(home, "f"))
    assert list(server.links) == ["Red", "Blue"]
    events = EventsReader(server.base)
    screens = open_screens(browser, server)
    table, phones = screens.table, screens.phones

    # Before the first second (no map: the battle is about to open) both captains' orders
    # are awaited, and every screen draws both ships as the battle opens them.
    expect()(table.locator(".ftl-head .second b")).to_have_text("0")
    expect()(table.locator(".ship-grid")).to_have_count(2)
    for seat, phone in phones.items():
        enemy = next(name for name in phones if name != seat)
        expect()(phone.locator(".your-turn")).to_have_text("Your turn")
        assert phone.title().startswith("Your turn · ")
        orders = phone.locator(".panel.moves h2")
        expect()(orders).to_have_text("Your orders before the first second")
        first = phone.locator(".panel.moves form.move button").first
        assert first.bounding_box()["y"] < PHONE["height"] / 2  # on the first screen, on top
        expect()(phone.locator(".panel.mine h2")).to_contain_text(f"{seat} ")
        expect()(phone.locator(".panel.mine h2 small")).to_contain_text("second 0")
        expect()(phone.locator(".panel.theirs h2")).to_contain_text(f"{enemy} ")
        assert "on your sensors" in phone.inner_text(".panel.theirs h2")
        for side in ("mine", "theirs"):  # each ship room by room, whole hull
            expect()(phone.locator(f".panel.{side} .ship-grid .room").first).to_be_visible()
            expect()(phone.locator(f".panel.{side} .hull .num")).to_have_text("30/30")
    kind, words, logged = ORDERS["Red"][0]  # the order that opens the battle (logged as
    assert give_order(phones["Red"], kind, words).startswith(logged)  # Red's: see the end)
    gm(home, "-c", "f", "ftl", "tick")  # the first second runs with it
    expect()(table.locator(".ftl-head .second b")).to_have_text("1", timeout=WAIT_MS)
    for screen in (table.locator(".ship").first, phones["Red"].locator(".panel.mine")):
        shields = screen.locator(".sys", has_text="shields").locator(".power i.on")
        expect()(shields).to_have_count(2, timeout=WAIT_MS)  # of 6 bars

    terminal = Terminal(home, "f", WHILE_ORDERING)
    given: dict[str, list[str]] = {seat: [] for seat in phones}
    given["Red"].append(logged)
    refusals: list[str] = []
    queue = {seat: list(orders) for seat, orders in ORDERS.items()}
    queue["Red"].pop(0)
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
    terminal.done()
    assert_fits(table)
    ordered = json.loads(gm(home, "-c", "f", "log", "--json"))  # before the GM's seconds

    for _ in range(12):  # the GM runs the seconds until one ship is lost
        battle = json.loads(gm(home, "-c", "f", "ftl", "show", "--json"))
        if battle["over"]:
            break
        laser = next(w for w in battle["ships"]["Red"]["weapons"] if w["id"] == "burst_laser_ii")
        if laser["powered"] and laser["target"] is None:  # an ion hit took its aim (in some
            # orders of the GM's seconds and the phones' orders): Red's captain aims again
            gm(home, "-c", "f", "ftl", "aim", "Red", "burst_laser_ii", "shield_room")
        gm(home, "-c", "f", "ftl", "tick", "--seconds", "30")
    battle = json.loads(gm(home, "-c", "f", "ftl", "show", "--json"))
    assert battle["over"], "the battle should be over by now"
    ended = battle["over"].replace("_", " ")
    expect()(table.locator(".ftl-head .whose")).to_contain_text(ended, timeout=WAIT_MS)
    expect()(table.locator(".ftl-head .second b")).to_have_text(str(battle["second"]))
    for seat, phone in phones.items():
        expect()(phone.locator(".panel.moves .ended")).to_contain_text(ended, timeout=WAIT_MS)
        expect()(phone.locator(".panel.moves form")).to_have_count(0)  # no order is open
        enemy = next(name for name in battle["ships"] if name != seat)
        shown = f"{battle['ships'][enemy]['hull']}/{battle['ships'][enemy]['hull_max']}"
        expect()(phone.locator(".panel.theirs .hull .num")).to_have_text(shown)  # all of it
    assert_fits(table)

    # Every order the phones sent is logged once, as its captain's, in the order given.
    for seat in phones:
        theirs = [e["outcome"] for e in ordered if e["who"] == seat and e["kind"] == "action"]
        assert len(theirs) == len(given[seat]) == len(ORDERS[seat])
        assert all(o.startswith(g) for o, g in zip(theirs, given[seat], strict=True)), theirs
    assert sum(e["kind"] == "secret" for e in ordered) == 2

    # No screen ever held the GM's secret roll, nor a captain the other's link; the event
    # stream carried versions only.
    assert len(screens.bodies) > 20  # redraws too
    assert_nothing_leaked(screens, server)
    events.versions_only()
    screens.close()
