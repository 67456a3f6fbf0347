"""Forecast games replayed move by move through ``Game.play`` end where the forecast did:
a forecast plays only moves the rules accept, with the dice it says it rolled."""

from __future__ import annotations

import pytest

from gmtool.engine import forecast as F
from gmtool.engine.game import Game
from gmtool.games import part


@pytest.mark.parametrize("system", ["astral", "foodfight", "zauberer"])
def test_forecast_games_replay_through_the_log(system: str, gmtool) -> None:  # type: ignore[no-untyped-def]
    made = gmtool("campaign", "new", "fc", "--from", f"campaigns/{system}-demo.yaml")
    assert made.code == 0, made.err
    game = Game.open("fc")
    rules = part(system, "rules.forecast")
    start = rules.start(game.system, game.state, game.content, fresh=False)
    sides = F.sides_of(rules, start)
    # The table games: half the seats greedy, half random (the simulators' players).
    named = {side: "greedy" for side in sides[::2]} if "greedy" in rules.POLICIES else {}
    setup = F.Setup(game.system, rules, game.content, start, F.policies_for(rules, named, sides))
    for seed in (1, 2):
        played = F.play_out(setup, F.Rng(seed), F.Rng(seed + 100), trail=True)
        assert played.finished and played.actions
        for action, faces in played.actions:
            game.play(action, game.door(entered=faces))
        assert game.state == played.end
        for _ in played.actions:
            game.undo()
        assert game.state == start.state


@pytest.mark.parametrize(
    ("system", "sides"),
    [
        ("foodfight", {"Ana", "Bo", "Cy", "Di"}),
        ("zauberer", {"fire", "water", "air", "earth"}),
    ],
)
def test_the_table_games_forecast_every_seat(system: str, sides: set[str], gmtool) -> None:  # type: ignore[no-untyped-def]
    import json

    gmtool("campaign", "new", "fc", "--from", f"campaigns/{system}-demo.yaml")
    out = gmtool("forecast", "--runs", "20", "--seed", "3", "--json")
    assert out.code == 0, out.err
    doc = json.loads(out.out)
    assert set(doc["wins"]) == sides and doc["runs"] == 20 and not doc["exact"]
    total = sum(chance["p"] for chance in doc["wins"].values()) + doc["no_winner"]["p"]
    assert total == pytest.approx(1.0, abs=1e-3)
    fresh = gmtool("forecast", "--fresh", "--runs", "20", "--seed", "3", "--json")
    assert fresh.code == 0, fresh.err
    again = json.loads(fresh.out)
    assert set(again["wins"]) == sides and "start" in again["what"] or "deal" in again["what"]
    greedy = gmtool("forecast", "--policy", "greedy", "--runs", "10", "--seed", "3", "--json")
    assert json.loads(greedy.out)["policies"] == dict.fromkeys(sides, "greedy")
