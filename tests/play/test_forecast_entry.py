"""Every game's ``gmtool play`` offers "forecast from here": the figures of the game as it
stands, or one line saying why there is nothing to forecast yet."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import FORECAST, QUIT
from gmtool.cli.playloop.scripted import ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.games import GAMES, part

SHOWN = {
    "astral": "Forecast: the fight from tick 0",
    "foodfight": "Forecast: the match from move 0",
    "zauberer": "Forecast: the game from turn 0",
    "starships": "no encounter is running to forecast from here",
    "ftl": "Forecast: the battle of Red and Blue from second 0",
}


@pytest.mark.parametrize("system", sorted(GAMES))
def test_forecast_from_here_is_on_every_menu(
    system: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("gmtool.cli.forecast.PLAY_RUNS", 3)
    game = Game.open(open_demo(system))
    script = ScriptedPrompts(FORECAST, QUIT)
    capsys.readouterr()
    part(system, "play").run(game, script)
    out = capsys.readouterr().out
    assert FORECAST in script.offered[0]
    if system in SHOWN:
        assert SHOWN[system] in out
    assert "Traceback" not in out
