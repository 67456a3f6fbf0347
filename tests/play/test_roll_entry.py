"""Every game's ``gmtool play`` offers "roll dice": a free roll for the table, or the GM's
secret roll, which the table's screens show only as "the GM rolled" until the GM shows it
from the same entry (as ``gmtool roll --reveal`` does)."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT, ROLL, UNDO
from gmtool.cli.playloop.asking import BACK
from gmtool.cli.playloop.loop import FOR_THE_TABLE, NEW_ROLL, SECRET_ROLL
from gmtool.cli.playloop.scripted import ESC, ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.engine.public_log import public_entries
from gmtool.games import GAMES, part


@pytest.mark.parametrize("system", sorted(GAMES))
def test_roll_dice_is_on_every_menu_may_be_secret_and_shows_a_secret_roll_later(
    system: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.open(open_demo(system))
    before = game.store.entries(last=1)
    state = game.look().version
    first = (before[0].seq if before else 0) + 1
    reveal = f"show #{first}: 3d6 + 1 = 16"
    script = ScriptedPrompts(
        *(ROLL, "3d6+1", SECRET_ROLL, "6,5,4"),
        *(ROLL, NEW_ROLL, "d4", FOR_THE_TABLE, ""),
        *(ROLL, reveal),
        QUIT,
    )
    capsys.readouterr()
    part(system, "play").run(game, script)
    out = capsys.readouterr().out
    assert ROLL in script.offered[0] and "Traceback" not in out
    assert "3d6 + 1 = 16" in out and "the table sees only that the GM rolled" in out
    secret, shown, revealed = game.store.entries(last=3)
    assert secret.seq == first
    assert (secret.kind, secret.what, secret.outcome) == ("secret", "3d6 + 1 (secret)", "16")
    assert (shown.kind, shown.what) == ("roll", "1d4")
    assert (revealed.kind, revealed.what) == ("reveal", f"reveal #{first}")
    assert f"#{revealed.seq} shown to the table: secret roll #{first}, 16" in out
    assert game.look().version == state  # a free roll changes nothing of the game
    public = public_entries(game.system, [secret.to_json(), shown.to_json()])
    assert (public[0]["who"], public[0]["what"], public[0]["dice"]) == ("the GM", "rolled", [])
    assert public[1]["outcome"] == shown.outcome
    now = public_entries(game.system, [e.to_json() for e in (secret, shown, revealed)])
    assert now[0]["outcome"] == "16" and now[0]["dice"]  # shown whole once revealed


def test_only_hidden_secret_rolls_are_offered_and_undoing_a_reveal_hides_it_again() -> None:
    game = Game.open(open_demo("foodfight"))
    before = game.store.entries(last=1)
    one, two = (before[0].seq if before else 0) + 1, (before[0].seq if before else 0) + 2
    script = ScriptedPrompts(
        *(ROLL, "d6", SECRET_ROLL, "2"),
        *(ROLL, NEW_ROLL, "d8", SECRET_ROLL, "7"),
        *(ROLL, f"show #{one}: 1d6 = 2"),
        *(ROLL, f"show #{two}: 1d8 = 7"),
        *(ROLL, "d4", FOR_THE_TABLE, "3"),  # nothing hidden: the dice are asked at once
        UNDO,  # the roll of d4
        UNDO,  # the reveal of #two: hidden again
        *(ROLL, ESC),  # back to the menu from the first question
        *(ROLL, NEW_ROLL, "d10", FOR_THE_TABLE, "9"),
        QUIT,
    )
    part("foodfight", "play").run(game, script)
    offers = [[c for c in menu if c != BACK] for menu in script.offered if NEW_ROLL in menu]
    assert offers == [
        [NEW_ROLL, f"show #{one}: 1d6 = 2"],
        [NEW_ROLL, f"show #{two}: 1d8 = 7", f"show #{one}: 1d6 = 2"],  # the newest first
        [NEW_ROLL, f"show #{two}: 1d8 = 7"],  # #one is shown
        [NEW_ROLL, f"show #{two}: 1d8 = 7"],  # the undo hid #two again
        [NEW_ROLL, f"show #{two}: 1d8 = 7"],
    ]
    live = [(e.kind, e.outcome) for e in game.store.entries() if not e.voided][-4:]
    assert live == [("secret", "2"), ("secret", "7"), ("reveal", "2"), ("roll", "9")]
    assert [e.seq for e in game.store.hidden_secret_rolls()] == [two]


def test_dice_that_are_no_notation_are_asked_for_again(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.open(open_demo("originem"))
    script = ScriptedPrompts(ROLL, "3x6", "2d6", FOR_THE_TABLE, "1,1", QUIT)
    part("originem", "play").run(game, script)
    assert script.refused and "3x6" not in game.store.entries(last=1)[0].what
    assert game.store.entries(last=1)[0].outcome == "2"
