"""A whole Food Fight game played from four players' screens in a real browser, the table
screen following without a reload and no screen showing another player's secret."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.browsing import WAIT_MS, expect
from tests.web.harness import Server, start_server
from tests.web.specimens import typed

SHORT_GAME = """\
system: foodfight
options: {players: [Ana, Bo, Cy, Di], starter: Ana, seed: 3}
content: {board: {track: {length: 5, fortune_spots: [3]}}}
"""


def gm(home: Path, *args: str) -> str:
    """The GM's command, run in this process (quicker than a process each); its output."""
    code, out, err = typed(home, list(args))
    assert code == 0, (args, err)
    return out


def hidden_values(home: Path) -> dict[str, list[str]]:
    """Each player's secrets, from the referee's view: face-down foods and Fortune texts."""
    board = json.loads(gm(home, "-c", "ff", "foodfight", "show", "--all", "--json"))
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
            tap_twice(screen, "form.answer button" if answers % 2 == 0 else "form.pass button")
            answers += 1
        else:
            mover = table.locator("strong.turn").inner_text()
            screen = seats[mover]
            check(screen.locator("form.discard")).to_be_visible(timeout=WAIT_MS)
            if turns in (4, 5):  # two attacks, once everyone holds a Fortune
                screen.select_option("form.attack select[name=pile]", index=0)
                screen.select_option("form.attack select[name=target]", index=0)
                tap_twice(screen, "form.attack button")
            else:
                tap_twice(screen, "form.discard button")
            turns += 1
        check(screen.locator(".notice")).not_to_contain_text("refused")
        # The table screen follows without a reload, to the state the game is now in (a
        # redraw of the state before must not count as following).
        now = json.loads(gm(home, "-c", "ff", "status", "--json"))
        table.wait_for_function(
            """([before, over, battle, turn]) => {
                const main = document.querySelector('main');
                if (main.innerHTML === before) return false;
                const heading = document.querySelector('h2');
                if (over) return heading && heading.innerText.startsWith('Game over');
                if (battle) return document.querySelector('.battle strong.answer') !== null;
                const mover = document.querySelector('strong.turn');
                return !document.querySelector('.battle strong.answer')
                    && mover !== null && mover.innerText === turn;
            }""",
            arg=[before, now["over"], now["battle"] is not None and not now["over"], now["turn"]],
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


def tap_twice(screen: Any, button: str) -> None:
    """A move that cannot be taken back: the first tap asks, the second plays it."""
    screen.click(button)
    expect()(screen.locator(button)).to_have_class("armed")
    screen.click(button)
