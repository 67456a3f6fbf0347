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
from tests.web.browsing import WAIT_MS, expect
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


def give_order(phone: Any, kind: str, words: str = "", **chosen: str) -> str:
    """The order picked from its kind's list (``words``) or the move's choices by the words
    shown for them (``chosen``: a jump's ``to``), and sent, with the second tap a move
    that cannot be taken back asks for; the notice the phone then shows."""
    form = phone.locator(f"form.m-{kind}")
    if words:
        form.locator("select[name=pick]").select_option(label=words)
    for key, label in chosen.items():
        form.locator(f'select[name="k.{key}"]').select_option(label=label)
    button = form.locator("button")
    if button.get_attribute("data-confirm"):
        button.click()
        expect()(button).to_have_class("armed")
    with phone.expect_navigation(wait_until="domcontentloaded"):
        button.click()
    notice = phone.locator(".notice")
    return notice.first.inner_text() if notice.count() else ""


def given(phone: Any, kind: str, words: str = "", **chosen: str) -> str:
    """``give_order`` until the phone takes it: a screen drawn before the other captain's
    move is refused once (the fresh screen comes with the refusal), and tapped again."""
    for _ in range(3):
        notice = give_order(phone, kind, words, **chosen)
        if "the game changed since this screen was drawn" not in notice:
            assert "refused" not in notice, (kind, words, chosen, notice)
            return notice
    raise AssertionError(f"{kind} {words} {chosen} refused three times: {notice}")


def test_a_whole_ftl_battle_from_the_captains_phones_with_the_gm_at_the_terminal(
    browser: Any, gmtool_home: Path, gmtool: Any, served: list[Server]
) -> None:
    home = gmtool_home

    def gm(home: Path, *command: str) -> str:  # the GM's command, in this process (quicker;
        done = gmtool(*command)  # the commands typed while the phones play are processes)
        assert done.code == 0, (command, done.err)
        return str(done.out)

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


SECOND_BATTLE = [
    ("Red", "order_power", "shields 2"),
    ("Red", "order_weapon", "burst laser ii on"),
    ("Red", "order_aim", "burst laser ii shield room"),
    ("Blue", "order_autofire", "on"),
]
"""The second battle's orders, each from its captain's phone (at the ion storm, both
reactors halved): Red's burst laser at Blue's shields, fired by the autofire Red turned on in
the first battle (a ship is kept from battle to battle)."""


def test_a_match_of_two_battles_from_the_captains_phones(
    browser: Any, gmtool_home: Path, gmtool: Any, served: list[Server], tmp_path: Path
) -> None:
    """The captains jump from their phones on the map (in turn), meet, fight a first
    battle, one escapes and the other pursues, and the second battle is fought from the
    phones too, the GM running its seconds (and rolling in secret) at the terminal."""
    from tests.games.ftl.test_match import CAMPAIGN, SMALL_MAP  # a small map, 8 hull

    def typed(*command: str) -> None:  # the GM's command, in this process (quicker)
        done = gmtool("-c", "m", *command)
        assert done.code == 0, (command, done.err)

    (tmp_path / "match.yaml").write_text(CAMPAIGN)
    assert gmtool("campaign", "new", "m", "--from", str(tmp_path / "match.yaml")).code == 0
    typed("ftl", "map", "new", "--dice", SMALL_MAP)  # Red at (2, 1), Blue at (2, 3)
    served.append(server := start_server(gmtool_home, "m"))
    events = EventsReader(server.base)
    screens = open_screens(browser, server)
    table, red, blue, check = screens.table, screens.phones["Red"], screens.phones["Blue"], expect()
    whose = table.locator(".ftl-head .whose")

    # On the map the captains move in turn: Red first, then Blue, who jumps onto Red.
    check(whose).to_have_text("On the map: Red jumps or waits")
    check(blue.locator(".not-your-turn")).to_have_text("Waiting for Red")
    assert given(red, "jump", to="(2, 2)") == "jump (2, 1) to (2, 2): 1 fuel, 7 left"
    check(blue.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    assert given(blue, "jump", to="(2, 2)").endswith("battle 1 begins with Red")
    check(table.locator(".ftl-head .second b")).to_have_text("0", timeout=WAIT_MS)
    for phone in (red, blue):
        check(phone.locator(".panel.moves h2")).to_contain_text("second 0", timeout=WAIT_MS)
        check(phone.locator(".panel.theirs .ship-grid")).to_have_count(1)

    # The first battle: an order from each phone, the GM's seconds, and Red escapes.
    assert given(red, "order_autofire", "on").startswith("Red autofire on")
    assert given(blue, "order_weapon", "heavy ion on").startswith("Blue turns heavy_ion on")
    typed(*SECRET_ROLL)
    typed("ftl", "tick", "--seconds", "35")  # Red's FTL drive charges
    check(red.locator(".panel.moves h2")).to_contain_text("second 35", timeout=WAIT_MS)
    assert given(red, "jump", to="(3, 2)").endswith("ion storm, escaping the battle")
    check(whose).to_have_text("Between battles: Blue jumps or waits", timeout=WAIT_MS)
    check(table.locator(".sector")).to_have_count(1)
    assert_fits(table)

    # Blue pursues to the ion storm: the second battle, fought from the phones.
    check(blue.locator(".your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    assert given(blue, "jump", to="(3, 2)").endswith("battle 2 begins with Red")
    check(table.locator(".ftl-head .second b")).to_have_text("0", timeout=WAIT_MS)
    phones = {"Red": red, "Blue": blue}
    for seat, kind, words in SECOND_BATTLE:
        check(phones[seat].locator(".your-turn")).to_have_text("Your turn")
        assert given(phones[seat], kind, words).startswith(seat), (seat, words)
    assert_fits(table)
    typed("ftl", "tick", "--seconds", "600")  # until a hull is gone
    check(whose).to_contain_text("The match is over", timeout=WAIT_MS)
    check(whose).to_contain_text("Red wins")
    for phone in (red, blue):
        ended = phone.locator(".panel.moves .ended")
        check(ended).to_contain_text("The match is over: Blue destroyed", timeout=WAIT_MS)
        check(ended).to_contain_text("Red wins")
        check(phone.locator(".not-your-turn")).to_have_text("The match is over")
        check(phone.locator(".panel.moves form")).to_have_count(0)  # no move is open
    check(blue.locator(".panel.mine")).to_contain_text("hull 0/8")
    assert_fits(table)

    # The second battle's orders are logged once each, as their captain's, in the order
    # the phones gave them; no screen held the GM's secret roll or the other's link.
    log = json.loads(gmtool("-c", "m", "log", "--json").out)
    begun = next(i for i, e in enumerate(log) if "battle 2 begins" in e["outcome"])
    ordered = [e for e in log[begun + 1 :] if e["kind"] == "action" and e["who"] != ""]
    assert [e["who"] for e in ordered] == [seat for seat, _, _ in SECOND_BATTLE], ordered
    assert_nothing_leaked(screens, server)
    events.versions_only()
    screens.close()
