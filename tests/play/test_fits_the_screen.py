"""At a terminal of 24 rows the dashboard, the last result and the menu fit together: a
result too long for the rows left is cut, its last line says how much more there is, and
the menu offers it in full until the next result (Astral's tick with four speeches took
25 rows of news alone)."""

from __future__ import annotations

import re

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import WHOLE_NEWS
from gmtool.cli.playloop.terminal import TerminalPrompts
from gmtool.engine.game import Game
from gmtool.games.astral.play import run
from tests.prefix_prompts import PrefixPrompts

ROWS = 24
MENU = "<the menu>"


class Rows24(PrefixPrompts):
    """A terminal of 24 rows (its menu's rows counted as the terminal's); each menu marks
    its place in the output."""

    menu_rows = TerminalPrompts.menu_rows

    def rows(self) -> int | None:
        return ROWS

    def _choose(self, message, choices, default, live):  # type: ignore[no-untyped-def]
        if message == "What happens?":
            print(MENU, self.menu_rows(message, choices, live))
        return super()._choose(message, choices, default, live)


SPEECH = "We shall see who stands at the end of this"


def test_a_long_tick_is_cut_to_fit_and_offered_in_full(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", "cat")  # the whole result printed, not paged
    monkeypatch.setenv("COLUMNS", "80")
    game = Game.open(open_demo("astral"))
    speeches = [answer for who in ("Ana", "Cy", "Wisp", "Warden") for answer in (who, SPEECH)]
    prompts = Rows24(
        "play a tick",
        *("attack", "Cy", "attack", "Ana", "attack", "Ana", "rest"),
        *speeches,
        "6 5", "3 3",  # Ana's and Cy's 2d6
        WHOLE_NEWS,
        "quit",
    )  # fmt: skip
    capsys.readouterr()
    run(game, prompts)
    assert prompts.script == []
    out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)
    screens = out.split(MENU)
    after_tick = screens[1].split("Tick 1", 1)[0].rsplit("Astral · tick", 1)[1]
    dashboard = after_tick.splitlines()
    news = ("Tick 1" + screens[1].split("Tick 1", 1)[1]).splitlines()
    menu_rows = int(screens[2].split("\n", 1)[0])
    assert len(dashboard) + len(news) + menu_rows <= ROWS
    # Ana 6+5 +2 (touching) = 13 against Cy 3+3 +2 = 8: Cy loses 5
    assert news[:2] == ["Tick 1 · Aura Cy 10 → 5", "Ana attacks Cy: CV 13 vs 8: Cy loses 5 Aura"]
    assert re.fullmatch(r"… more: \d+ lines \('the last result in full' on the menu\)", news[-1])
    assert WHOLE_NEWS in prompts.offered[-2]
    whole = screens[2]
    assert whole.count(SPEECH) == 4 and "combat values: Ana 13 (2d6 6+5 entered" in whole
