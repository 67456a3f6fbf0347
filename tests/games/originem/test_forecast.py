"""``gmtool forecast`` of an Originem session: one scene's NOVA cost worked out by hand,
exact, and a forecast session replayed move by move through ``Game.play``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine import forecast as F
from gmtool.engine.game import Game
from gmtool.engine.system import Choice, Move, State
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules import forecast as rules


def _explore_answer(state: State, move: Move, choice: Choice, value: Any) -> float:
    if choice.key == "mission":
        return -1.0 if value == "none" else 1.0
    if choice.key == "scene":
        return 1.0 if value == "exploration" else 0.0
    return 0.0


EXPLORE = F.ScoredPolicy(
    "explore",
    "plays an exploration scene",
    lambda s, m: 1.0 if m.name == "scene" else 0.0,
    _explore_answer,
)


class OneScene:
    """Originem's forecast, stopped after one scene."""

    SIDES = rules.SIDES
    POLICIES = {"explore": EXPLORE}
    DEFAULT_POLICIES = {"*": "explore"}
    MAIN = rules.MAIN
    ENUMERABLE = True
    start = staticmethod(rules.start)
    observe = staticmethod(rules.observe)
    record = staticmethod(rules.record)

    def step(self, state: State, player: F.Player) -> Any:
        if player.notes.get("played"):
            return None
        player.notes["played"] = True
        return rules.step(state, player)


def test_one_exploration_scene_costs_as_worked_out_by_hand() -> None:
    # Larlen rolls all three d10s of the scene; a total of 3-8 is "very lost", a minute off
    # the counter: the totals 3..8 of 3d10 come up C(2,2)+C(3,2)+...+C(7,2) = 56 ways in
    # 1000. The scene itself takes rules.forecast.scene_minutes (1.5) at the table.
    content = SYSTEM.load_content({})
    options = {"crew": [{"name": "Larlen", "class": "scientist"}], "length": 30}
    state = SYSTEM.new_state(content, options, DiceDoor(Rng(0)))
    state = SYSTEM.apply(state, {"type": "nova_start", "now": 0.0}, DiceDoor(Rng(0)), content).state
    start = {"type": "mission_start", "mission": "Ship Defense", "now": 0.0}
    state = SYSTEM.apply(state, start, DiceDoor(Rng(0)), content).state
    game = OneScene()
    setup = F.Setup(
        SYSTEM,
        game,
        content,
        game.start(SYSTEM, state, content, fresh=False),
        F.policies_for(game, {}),
    )
    outcome = F.forecast(setup, 2000, seed=1)
    assert outcome.exact
    used = dict(
        (value, share)
        for value, share in F.measure(outcome.tally.measures[rules.MAIN])["histogram"]
    )
    assert used == {1.5: pytest.approx(0.944), 2.5: pytest.approx(0.056)}


def test_a_forecast_session_replays_through_the_log(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "or", "--from", "campaigns/originem-demo.yaml").code == 0
    game = Game.open("or")
    start = rules.start(SYSTEM, game.state, game.content, fresh=False)
    setup = F.Setup(SYSTEM, rules, game.content, start, F.policies_for(rules, {}))
    played = F.play_out(setup, F.Rng(5), F.Rng(6), trail=True)
    assert played.finished and len(played.actions) > 20
    for action, faces in played.actions:
        game.play(action, game.door(entered=faces))
    assert game.state == played.end


def test_the_command_reports_nova_minutes_missions_and_crew(gmtool) -> None:  # type: ignore[no-untyped-def]
    out = gmtool(
        "forecast",
        "--from",
        "campaigns/originem-demo.yaml",
        "--runs",
        "40",
        "--seed",
        "3",
        "--json",
    )
    assert out.code == 0, out.err
    doc = json.loads(out.out)
    assert doc["main"] == "NOVA minutes used"
    used = doc["measures"]["NOVA minutes used"]
    assert used["p10"] <= used["median"] <= used["p90"] <= 30
    assert "HP left: Larlen" in doc["measures"]
    assert any(name.startswith("scenes: ") for name in doc["measures"])
    assert 0.0 <= doc["wins"]["crew"]["low"] <= doc["wins"]["crew"]["p"]


def test_forecast_from_the_middle_of_a_fight(gmtool) -> None:  # type: ignore[no-untyped-def]
    gmtool("campaign", "new", "or", "--from", "campaigns/originem-demo.yaml")
    game = Game.open("or")
    start = rules.start(SYSTEM, game.state, game.content, fresh=False)
    setup = F.Setup(SYSTEM, rules, game.content, start, F.policies_for(rules, {}))
    played = F.play_out(setup, F.Rng(5), F.Rng(6), trail=True)
    first_fight = next(n for n, (a, _) in enumerate(played.actions) if a["type"] == "combat_start")
    for action, faces in played.actions[: first_fight + 2]:  # the fight, its initiative
        game.play(action, game.door(entered=faces))
    assert game.state["combat"] is not None
    out = gmtool("-c", "or", "forecast", "--runs", "20", "--seed", "1", "--json")
    assert out.code == 0, out.err
    assert json.loads(out.out)["runs"] == 20


def test_fresh_forecasts_the_session_from_the_start_of_its_latest_mission(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.cli.forecast import prepare

    gmtool("campaign", "new", "or", "--from", "campaigns/originem-demo.yaml")
    nothing = gmtool("forecast", "--fresh")
    assert nothing.code == 2 and "no mission started" in nothing.err
    game = Game.open("or")
    before = json.loads(json.dumps(game.state))
    gmtool("originem", "mission", "start", "Ship Defense")
    gmtool("originem", "scene", "general", "--by", "Pierre")
    game = Game.open("or")
    setup, _ = prepare(None, None, fresh=True, policy=[], game=game)
    # the state before the mission, and the mission started again at the forecast's clock
    assert setup.start.state == before
    assert setup.start.first == ({"type": "mission_start", "mission": "Ship Defense", "now": 0.0},)
    played = F.play_out(setup, F.Rng(1), F.Rng(2))
    assert played.record.measures["NOVA minutes used"] > 0
    # its three scenes again besides the fight (from here, two are left)
    assert played.record.measures["scenes: Ship Defense"] == 3
