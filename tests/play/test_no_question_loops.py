"""No question of ``gmtool play`` is asked forever: every demo's menus are walked, each
answer given in turn, and no answer may bring the same question straight back with the
game unchanged and not a word said (Zauberer's "do not enter" at a dungeon did)."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.engine.game import Game
from gmtool.games import part
from tests.play.walker import Walker

BUDGET = 100
"""Questions answered in each demo."""
WALKED = ["astral", "foodfight", "originem", "starships", "zauberer"]


@pytest.mark.parametrize("system", WALKED)
def test_no_answer_asks_the_same_question_forever(
    system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # "forecast from here" asks nothing: a few play-outs are enough to walk past it (its
    # default of 500 made this walk take minutes, not its questions).
    monkeypatch.setattr("gmtool.cli.forecast.PLAY_RUNS", 3)
    game = Game.open(open_demo(system))
    walker = Walker(game, capsys, BUDGET)
    part(system, "play").run(game, walker)
    assert walker.traps == []
    assert walker.count > BUDGET  # it walked the whole way
    assert game.store.count_entries() > 5  # and moved the game on
