"""Every game's ``gmtool play`` offers "roll dice": a free roll for the table, or the GM's
secret roll, which the table's screens show only as "the GM rolled"."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT, ROLL
from gmtool.cli.playloop.loop import FOR_THE_TABLE, SECRET_ROLL
from gmtool.cli.playloop.scripted import ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.engine.public_log import public_entries
from gmtool.games import GAMES, part


@pytest.mark.parametrize("system", sorted(GAMES))
def test_roll_dice_is_on_every_menu_and_may_be_secret(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.open(open_demo(system))
    before = game.store.entries(last=1)
    state = game.look().version
    script = ScriptedPrompts(
        ROLL, "3d6+1", SECRET_ROLL, "6,5,4", ROLL, "d4", FOR_THE_TABLE, "", QUIT
    )
    capsys.readouterr()
    part(system, "play").run(game, script)
    out = capsys.readouterr().out
    assert ROLL in script.offered[0] and "Traceback" not in out
    assert "3d6 + 1 = 16" in out and "the table sees only that the GM rolled" in out
    secret, shown = game.store.entries(last=2)
    assert before == [] or before[0].seq < secret.seq
    assert (secret.kind, secret.what, secret.outcome) == ("secret", "3d6 + 1 (secret)", "16")
    assert (shown.kind, shown.what) == ("roll", "1d4")
    assert game.look().version == state  # a free roll changes nothing of the game
    public = public_entries(game.system, [secret.to_json(), shown.to_json()])
    assert (public[0]["who"], public[0]["what"], public[0]["dice"]) == ("the GM", "rolled", [])
    assert public[1]["outcome"] == shown.outcome


def test_dice_that_are_no_notation_are_asked_for_again(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.open(open_demo("originem"))
    script = ScriptedPrompts(ROLL, "3x6", "2d6", FOR_THE_TABLE, "1,1", QUIT)
    part("originem", "play").run(game, script)
    assert script.refused and "3x6" not in game.store.entries(last=1)[0].what
    assert game.store.entries(last=1)[0].outcome == "2"
