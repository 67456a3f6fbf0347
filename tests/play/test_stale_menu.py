"""The refereed games' menus (Originem, Astral, Stars & Starships) refuse a move chosen
on a menu the game has left since (another command played meanwhile): the loop says so,
writes nothing and draws the menu again; a free roll meanwhile leaves the move playable."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.engine.game import Game
from gmtool.games import part
from tests.play.test_stale_screen import Meanwhile

STALE = "error: the game changed since this screen was drawn: look again"

MOVES = {
    "starships": (
        ["switch someone's row", "Bo", "back", "quit"],
        "Which row?",
        {"type": "hp", "name": "Ana", "change": -1},
    ),
    "originem": (
        ["start a mission", "Ship Defense", "quit"],
        "Which mission?",
        {"type": "mission_start", "mission": "Flora Overload"},
    ),
    "astral": (
        ["set a distance", "Ana", "Gate", "far", "quit"],
        "Distance?",
        {"type": "distance", "a": "Cy", "b": "Lens", "distance": "near"},
    ),
}
"""Per game: a move made through the menu, the question during which another command
plays, and what that command plays."""


@pytest.mark.parametrize("system", sorted(MOVES))
def test_a_move_on_a_menu_the_game_has_left_is_refused(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script, question, elsewhere = MOVES[system]
    name = open_demo(system)

    def another_command() -> None:
        other = Game.open(name)
        other.play(elsewhere, other.door())

    game = Game.open(name)
    prompts = Meanwhile(question, another_command, *script)
    part(system, "play").run(game, prompts)
    assert prompts.script == []
    assert STALE in capsys.readouterr().out
    assert [entry.action for entry in game.store.entries()] == [elsewhere]


@pytest.mark.parametrize("system", sorted(MOVES))
def test_a_free_roll_meanwhile_leaves_the_move_playable(system: str) -> None:
    script, question, _ = MOVES[system]
    name = open_demo(system)

    def a_free_roll() -> None:
        other = Game.open(name)
        other.roll("1d20", other.door(), who="GM")

    game = Game.open(name)
    prompts = Meanwhile(question, a_free_roll, *script)
    part(system, "play").run(game, prompts)
    assert prompts.script == []
    assert [entry.kind for entry in game.store.entries()] == ["roll", "action"]
