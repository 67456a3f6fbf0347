"""``gmtool forecast`` of a Stars & Starships encounter: a duel worked out by hand, and
forecast games replayed move by move through ``Game.play``."""

from __future__ import annotations

import copy
import json
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine import forecast as F
from gmtool.engine.game import Game
from gmtool.games.starships.game import SYSTEM
from gmtool.games.starships.rules import forecast as rules
from tests.games.starships.helpers import block, content_with, fight

NO_LOST_TURNS = {"momentum": {"lose": {"miss": {"points": 1, "turn_if_short": False}}}}


def _setup(state: dict[str, Any], content: Any, **named: str) -> F.Setup:
    start = rules.start(SYSTEM, state, content, fresh=False)
    return F.Setup(SYSTEM, rules, content, start, F.policies_for(rules, named))


def test_a_duel_of_one_hit_each_is_won_as_worked_out_by_hand() -> None:
    # Ana hits Defense 11 on 11-20 (p = 1/2); Rex hits Defense 16 on 16-20 (q = 1/4); one
    # hit drops either (1 HP), a miss costs no turn. Ana first: she wins with
    # p + (1-p)(1-q)p + ... = p / (1 - (1-p)(1-q)) = 0.5 / 0.625 = 0.8.
    content = content_with(NO_LOST_TURNS)
    state = fight(
        {"Ana": block(hp=1, defense=16)}, {"Rex": block(hp=1, defense=11)}, content=content
    )
    setup = _setup(state, content)
    outcome = F.forecast(setup, 4000, seed=11)
    assert not outcome.exact  # misses can go on for ever: sampled
    doc = F.report(
        outcome.tally, exact=False, main="rounds", seed=11, policies=setup.policies, what=""
    )
    party = doc["wins"]["party"]
    assert party["low"] <= 0.8 <= party["high"]
    assert doc["events"]["down: Ana"]["p"] == doc["wins"]["enemies"]["p"]


def test_a_policy_picks_only_moves_on_offer() -> None:
    content = content_with({})
    state = fight({"Ana": block()}, {"Rex": block()}, content=content)
    player = F.Player(SYSTEM, content, {"party": rules.POLICIES["greedy"]}, F.Rng(1))
    offered = [move.name for move in player.moves(state, "Ana", rules._kept)]
    assert offered == ["attack", "end_turn"]
    action = player.choose(state, "party", "Ana", rules._kept)
    assert action == {"type": "attack", "attacker": "Ana", "target": "Rex", "weapon": "melee"}


def test_the_moves_a_forecast_asks_for_alone_are_those_of_the_whole_list() -> None:
    # ``kinds`` leaves the other moves unbuilt; the ones built are the same, at every point
    # of a game played at random (attacks, extra turns bought, turns ended, the end).
    content = content_with({})
    party = {"Ana": block(hp=12), "Bo": block(hp=8, row="back", melee=None)}
    state = fight(party, {"Rex": block(hp=10), "Zed": block(hp=6)}, content=content)
    setup = _setup(copy.deepcopy(state), content, party="random", enemies="random")
    played = F.play_out(setup, F.Rng(2), F.Rng(3), trail=True)
    kinds = set()
    for action, faces in played.actions:
        for seat in (None, "Ana", "Bo"):
            whole = SYSTEM.options(state, seat, content=content)
            asked = SYSTEM.options(state, seat, content=content, kinds=rules.PLAYED)
            assert asked == [move for move in whole if move.name in rules.PLAYED]
        kinds.add(action["type"])
        state = SYSTEM.apply(state, action, DiceDoor.entered_faces(*faces), content).state
    assert kinds == {"attack", "momentum_spend", "end_turn"}
    assert state == played.end


def test_forecast_games_replayed_through_the_log_end_where_the_forecast_did(gmtool) -> None:
    assert gmtool("campaign", "new", "ss", "--from", "campaigns/starships-demo.yaml").code == 0
    for seed in range(4):
        result = gmtool(
            "-c",
            "ss",
            "starships",
            "encounter",
            "start",
            "--enemy",
            "Pirate",
            "--enemy",
            "Drone",
            "--enemy",
            "Ghost",
            "--enemy",
            "Wisp",
        )
        assert result.code == 0, result.err
        game = Game.open("ss")
        start = copy.deepcopy(game.state)
        setup = _setup(start, game.content, party="random", enemies="random")
        played = F.play_out(setup, F.Rng(seed), F.Rng(seed ^ 5), trail=True)
        assert played.finished and played.actions
        for action, faces in played.actions:
            game.play(action, game.door(entered=faces))
        assert game.state == played.end
        # the next encounter starts from the party as this one left it, or the game is over
        if game.state["mode"] == "game_over":
            break


def test_the_command_forecasts_from_the_middle_of_a_fight_and_again_fresh(gmtool) -> None:
    gmtool("campaign", "new", "ss", "--from", "campaigns/starships-demo.yaml")
    gmtool(
        "starships", "encounter", "start", "--enemy", "Pirate", "--enemy", "Drone", "--dice", "20,1"
    )
    gmtool("starships", "attack", "Ana", "Pirate", "--melee", "--dice", "20,8")
    here = gmtool("forecast", "--runs", "200", "--seed", "5", "--json")
    assert here.code == 0, here.err
    doc = json.loads(here.out)
    assert doc["runs"] == 200 and doc["seed"] == 5 and not doc["exact"]
    assert set(doc["wins"]) == {"party", "enemies"}
    assert "HP left: Ana" in doc["measures"] and "down: Pirate" in doc["events"]
    spent, turns = doc["measures"]["Momentum spent: party"], doc["measures"]["extra turns: party"]
    assert spent["mean"] == round(3 * turns["mean"], 2)  # an extra turn costs 3 (rules.yaml)
    again = json.loads(gmtool("forecast", "--runs", "200", "--seed", "5", "--json").out)
    assert again["wins"] == doc["wins"]
    spread = json.loads(
        gmtool("forecast", "--runs", "200", "--seed", "5", "--jobs", "2", "--json").out
    )
    assert spread["wins"] == doc["wins"] and spread["measures"] == doc["measures"]
    fresh = gmtool("forecast", "--fresh", "--runs", "100", "--seed", "5")
    assert fresh.code == 0, fresh.err
    assert "from its start" in fresh.out and "the party wins" in fresh.out


def test_unknown_policy_and_no_fight_are_one_line_each(gmtool) -> None:
    gmtool("campaign", "new", "ss", "--from", "campaigns/starships-demo.yaml")
    nothing = gmtool("forecast")
    assert nothing.code == 4 and "no encounter is running" in nothing.err
    assert "Traceback" not in nothing.err
    gmtool("starships", "encounter", "start", "--enemy", "Pirate")
    bad = gmtool("forecast", "--policy", "party=cunning")
    assert bad.code == 2 and "cunning" in bad.err and len(bad.err.strip().splitlines()) == 1
