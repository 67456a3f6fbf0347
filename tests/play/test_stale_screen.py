"""A move chosen on ``gmtool play``'s screen is refused when the campaign changed since the
screen was drawn (another command played meanwhile): the loop says so, writes nothing and
draws the screen again; a free roll meanwhile changes nothing and the move is played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.cli.playloop.scripted import ENTER
from gmtool.engine.game import Game
from gmtool.games.foodfight import play as play_foodfight
from tests.prefix_prompts import PrefixPrompts

PILE = "Discard the top card of which pile?"


class Meanwhile(PrefixPrompts):
    """Runs ``elsewhere`` (another command on the same campaign) when ``question`` is asked."""

    def __init__(self, question: str, elsewhere: Callable[[], Any], *answers: str) -> None:
        super().__init__(*answers)
        self.question = question
        self.elsewhere = elsewhere

    def _choose(self, message: str, choices: list[str], default: Any, live: Any) -> str:
        if message == self.question:
            self.elsewhere()
        return super()._choose(message, choices, default, live)


def new_game() -> Game:
    return Game.create(
        "stale",
        system_name="foodfight",
        options={"players": ["Ana", "Bo", "Cy", "Di"]},
        overrides={},
        seed=5,
    )


def test_a_move_on_a_screen_the_game_has_left_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = new_game()

    def another_command() -> None:
        other = Game.open("stale")
        other.play({"type": "discard", "player": "Ana", "pile": 2}, other.door())

    script = ["start playing", ENTER, "Ana discards", "pile 1", ENTER, "quit"]
    prompts = Meanwhile(PILE, another_command, *script)
    play_foodfight.run(game, prompts)
    assert prompts.script == []
    shown = capsys.readouterr().out
    assert "error: the game changed since this screen was drawn: look again" in shown
    assert [entry.action for entry in game.store.entries()] == [
        {"type": "discard", "player": "Ana", "pile": 2}
    ]
    # drawn again: the screen went to Bo, whose turn it now is
    assert prompts.asked[-2].startswith("Pass the screen to Bo")


def test_a_free_roll_meanwhile_leaves_the_move_playable() -> None:
    game = new_game()

    def a_free_roll() -> None:
        other = Game.open("stale")
        other.roll("1d20", other.door(), who="GM")

    script = ["start playing", ENTER, "Ana discards", "pile 1", ENTER, "quit"]
    prompts = Meanwhile(PILE, a_free_roll, *script)
    play_foodfight.run(game, prompts)
    assert prompts.script == []
    kinds = [(entry.kind, entry.action) for entry in game.store.entries()]
    assert kinds == [("roll", None), ("action", {"type": "discard", "player": "Ana", "pile": 1})]
