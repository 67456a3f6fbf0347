"""The screens in a real browser (the system's Chromium via Playwright) against a real
``gmtool serve``: the NOVA clock runs, a command typed in a terminal shows without a
reload, and a whole Food Fight game is played from four players' screens."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import Server, run_gmtool, start_server

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
SHORT_GAME = """\
system: foodfight
options: {players: [Ana, Bo, Cy, Di], starter: Ana, seed: 3}
content: {board: {track: {length: 5, fortune_spots: [3]}}}
"""
WAIT_MS = 3000  # a change must show well within this (the server looks five times a second)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def served(home: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def gm(home: Path, *args: str) -> str:
    done = run_gmtool(home, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def seconds(clock: str) -> int:
    minutes, _, secs = clock.partition(":")
    return int(minutes) * 60 + int(secs)


def expect() -> Any:
    from playwright.sync_api import expect

    return expect


def test_the_nova_clock_counts_down_and_stops_when_the_gm_pauses(
    page: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml"))
    gm(home, "-c", "o", "originem", "nova", "start")
    served.append(server := start_server(home, "o"))
    page.goto(server.base + "/")
    page.evaluate("window.sameLoad = true")
    clock = page.locator(".countdown")
    first = seconds(clock.inner_text())
    page.wait_for_timeout(2300)
    assert seconds(clock.inner_text()) in (first - 3, first - 2)
    gm(home, "-c", "o", "originem", "nova", "pause")  # typed in another terminal
    expect()(page.locator(".clock-state")).to_have_text("paused", timeout=WAIT_MS)
    stopped = clock.inner_text()
    page.wait_for_timeout(1300)
    assert clock.inner_text() == stopped
    assert page.evaluate("window.sameLoad") is True  # redrawn in place, never reloaded


def test_a_roll_typed_in_a_terminal_shows_in_the_open_feed_and_undo_strikes_it(
    page: Any, home: Path, served: list[Server]
) -> None:
    gm(home, "campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml"))
    served.append(server := start_server(home, "o"))
    page.goto(server.base + "/log")
    page.evaluate("window.sameLoad = true")
    expect()(page.locator(".feed .empty")).to_be_visible()
    gm(home, "-c", "o", "roll", "3d6", "--dice", "6,2,5")
    newest = page.locator(".feed .entry").first
    expect()(newest).to_contain_text("3d6", timeout=WAIT_MS)
    expect()(newest.locator(".die")).to_have_text(["6", "2", "5"])
    expect()(newest.locator(".source")).to_have_text("entered")
    gm(home, "-c", "o", "originem", "nova", "start")
    expect()(page.locator(".feed .entry")).to_have_count(2, timeout=WAIT_MS)
    gm(home, "-c", "o", "undo")
    expect()(page.locator(".feed .entry").first).to_have_class("entry undone", timeout=WAIT_MS)
    assert page.evaluate("window.sameLoad") is True


def hidden_values(home: Path) -> dict[str, list[str]]:
    """Each player's secrets, from the referee's view: face-down foods and Fortune texts."""
    board = json.loads(gm(home, "-c", "ff", "foodfight", "show", "--json"))
    return {
        player["name"]: [
            *(c["food"] for pile in player["piles"] for c in pile if not c["face_up"]),
            *(f["text"] for f in player["fortunes"]),
        ]
        for player in board["players"]
    }


def assert_nothing_leaks(home: Path, table: Any, seats: dict[str, Any]) -> None:
    secrets = hidden_values(home)
    for text in (value for values in secrets.values() for value in values):
        assert text not in table.content()
    for seat, seat_page in seats.items():
        html = seat_page.content()
        for other, values in secrets.items():
            if other != seat:
                assert not [value for value in values if value in html], (seat, other)


def test_a_whole_food_fight_game_from_four_players_screens(
    browser: Any, home: Path, tmp_path: Path, served: list[Server]
) -> None:
    (tmp_path / "short.yaml").write_text(SHORT_GAME)
    gm(home, "campaign", "new", "ff", "--from", str(tmp_path / "short.yaml"))
    served.append(server := start_server(home, "ff"))
    assert list(server.links) == ["Ana", "Bo", "Cy", "Di"]
    # One browser context each: the TV and four phones (a browser opens six connections to a
    # server at most, and every open screen keeps one for its events).
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in range(5)]
    table = contexts[0].new_page()
    table.goto(server.base + "/")
    seats = {}
    for context, (seat, url) in zip(contexts[1:], server.links.items(), strict=True):
        seats[seat] = context.new_page()
        seats[seat].goto(url)
    check = expect()
    assert_nothing_leaks(home, table, seats)

    # Before the first move, Bo stacks his towers his own way, from his phone.
    seats["Bo"].select_option("form.layout select", "weakest_on_top")
    seats["Bo"].click("form.layout button")
    check(seats["Bo"].locator(".notice")).to_contain_text("laid out weakest_on_top")

    turns = answers = 0
    while not table.locator("h2").first.inner_text().startswith("Game over"):
        before = table.inner_html("main")
        battle = table.locator(".battle strong.answer")
        if battle.count():  # the cards are face up: a Fortune or pass, from that phone
            screen = seats[battle.inner_text()]
            check(screen.locator("form.pass")).to_be_visible(timeout=WAIT_MS)
            screen.click("form.answer button" if answers % 2 == 0 else "form.pass button")
            answers += 1
        else:
            mover = table.locator("strong.turn").inner_text()
            screen = seats[mover]
            check(screen.locator("form.discard")).to_be_visible(timeout=WAIT_MS)
            if turns in (4, 5):  # two attacks, once everyone holds a Fortune
                screen.select_option("form.attack select[name=pile]", index=0)
                screen.select_option("form.attack select[name=target]", index=0)
                screen.click("form.attack button")
            else:
                screen.click("form.discard button")
            turns += 1
        check(screen.locator(".notice")).not_to_contain_text("refused")
        # The table screen follows without a reload.
        table.wait_for_function(
            "before => document.querySelector('main').innerHTML !== before",
            arg=before,
            timeout=WAIT_MS,
        )
        if turns == 1 or answers == 1:
            assert_nothing_leaks(home, table, seats)
        assert turns < 40, "the game should be over by now"
    assert answers >= 2  # Fortunes were played (or passed) from the phones

    winner = table.locator("h2 strong").inner_text()
    status = json.loads(gm(home, "-c", "ff", "status", "--json"))
    assert status["over"] and winner == f"{status['winner']} wins"
    log = json.loads(gm(home, "-c", "ff", "log", "--json"))
    assert len(log) == 1 + turns + answers  # the layout, every move and answer, once each
    assert {entry["who"].split(", ")[0] for entry in log} == {"Ana", "Bo", "Cy", "Di"}
    for seat_page in seats.values():
        seat_page.reload()
        check(seat_page.locator("main")).to_contain_text("Game over")
    for context in contexts:
        context.close()


def test_a_zauberer_turn_from_a_teams_screen_updates_the_table(
    browser: Any, home: Path, served: list[Server]
) -> None:
    teams = "fire=Ana,water=Bo,air=Cy,earth=Di"
    gm(home, "campaign", "new", "z", "--system", "zauberer", "--teams", teams, "--first", "fire")
    served.append(server := start_server(home, "z"))
    contexts = [browser.new_context(viewport={"width": 900, "height": 900}) for _ in range(3)]
    table, fire, water = (context.new_page() for context in contexts)
    table.goto(server.base + "/")
    fire.goto(server.links["fire"])
    water.goto(server.links["water"])
    check = expect()
    check(water.locator("form.go")).to_have_count(0)
    for form, fields in (
        ("go", {"input[name=dice]": "6"}),
        ("dungeon", {"input[name=dice]": "3,4"}),
        ("end", {}),
    ):
        before = table.inner_html("main")
        for selector, value in fields.items():
            fire.fill(f"form.{form} {selector}", value)
        if form == "go":
            fire.select_option("form.go select[name=way1]", "nb1")
        fire.click(f"form.{form} button")
        check(fire.locator(".notice")).not_to_contain_text("refused")
        table.wait_for_function(  # the table follows without a reload
            "before => document.querySelector('main').innerHTML !== before",
            arg=before,
            timeout=WAIT_MS,
        )
    check(water.locator("form.go")).to_be_visible(timeout=WAIT_MS)  # water's turn now
    board = json.loads(gm(home, "-c", "z", "zauberer", "show", "--json"))
    fire_team = next(team for team in board["teams"] if team["clan"] == "fire")
    assert fire_team["space"] == "nb1" and fire_team["spell"] is not None
    assert fire_team["spell"]["name"] in fire.inner_text("main")
    for other in (table, water):
        assert fire_team["spell"]["name"] not in other.content()
    log = json.loads(gm(home, "-c", "z", "log", "--json"))
    assert [entry["who"] for entry in log] == ["fire (Ana)"] * 3
    for context in contexts:
        context.close()


def test_a_redraw_that_arrives_while_a_player_types_waits_until_they_leave_the_form(
    browser: Any, home: Path, served: list[Server]
) -> None:
    teams = "fire=Ana,water=Bo"
    gm(home, "campaign", "new", "z", "--system", "zauberer", "--teams", teams, "--first", "fire")
    served.append(server := start_server(home, "z"))
    context = browser.new_context()
    page = context.new_page()
    held: list[Any] = []

    def hold(route: Any) -> None:  # the redraw's fetch waits until the test lets it go
        held.append(route)

    page.route("**/part", hold)
    page.goto(server.links["fire"])
    dice = page.locator("form.go input[name=dice]")
    gm(home, "-c", "z", "roll", "1d6")  # the campaign changes: the page fetches its part
    for _ in range(WAIT_MS // 50):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for its part"
    dice.fill("6")  # the player starts typing while the redraw is on its way
    held[0].continue_()
    page.wait_for_timeout(500)
    assert dice.input_value() == "6"  # what they typed is still there
    page.unroute("**/part", hold)
    page.evaluate("document.activeElement.blur()")  # they leave the form: the page redraws
    expect()(dice).to_have_value("", timeout=WAIT_MS)
    context.close()
