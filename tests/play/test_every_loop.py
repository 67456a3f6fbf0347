"""Every system's ``gmtool play`` looks and leaves alike: the same banner, the same last
menu entries, and the same words on leaving."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT, STANDARD
from gmtool.cli.playloop.scripted import CTRL_C, ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.games import GAMES, part


@pytest.mark.parametrize("system", sorted(GAMES))
@pytest.mark.parametrize("leave", [QUIT, CTRL_C])
def test_the_same_banner_menu_and_goodbye(
    system: str, leave: str, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = part(system, "play")
    script = ScriptedPrompts(leave)
    capsys.readouterr()
    with Game.open(open_demo(system)) as game:
        loop.run(game, script)
    out = capsys.readouterr().out
    assert out.startswith(f"demo-{system} — ")
    assert "Esc goes back a step, Ctrl-C returns to the menu" in out
    assert script.offered[0][-len(STANDARD) :] == list(STANDARD)
    assert "left the session; the campaign is saved." in out
