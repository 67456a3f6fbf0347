"""Undo in ``gmtool play`` says what it undid, then the screen as the game now is: never the
undone move's result as if it had just happened. The last result stays under the board,
printed once."""

from __future__ import annotations

import re

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop.scripted import ENTER
from gmtool.engine.game import Game
from gmtool.games import part
from tests.prefix_prompts import PrefixPrompts

SCRIPTS = {
    "foodfight": (
        ["start playing", ENTER, "Cy discards", "pile 1", ENTER, "undo", ENTER],
        "Cy discards",
        "Cy's discard",
    ),
    "zauberer": (
        ["roll off", "6 6 1 2 3 3 4 4", "undo"],
        "plays first",
        "roll off (fire, water, air, earth)",
    ),
    "starships": (["start an encounter", "Crawler", "15 4", "undo"], "initiative", "encounter"),
}
"""Answers that play a move and undo it, words of its result, and how undo names it."""


CLEARED = "<the screen is cleared>"


class Clearing(PrefixPrompts):
    """Marks in the output where the screen is cleared."""

    def clear_screen(self) -> None:
        print(CLEARED)
        super().clear_screen()


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_undo_says_what_it_undid_and_shows_the_game_as_it_now_is(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.open(open_demo(system))
    moves, result, named = SCRIPTS[system]
    prompts = Clearing(*moves, "quit")
    capsys.readouterr()
    part(system, "play").run(game, prompts)
    out = plain(capsys.readouterr().out)
    assert prompts.script == [], prompts.script
    played, undone = out.split("undone: ", 1)
    assert played.count(result) >= 1
    assert all(screen.count(result) <= 1 for screen in out.split(CLEARED))  # once a screen
    assert undone.startswith(named)
    assert result not in undone  # the undone move's news is gone
    assert game.store.entries()[-1].voided
