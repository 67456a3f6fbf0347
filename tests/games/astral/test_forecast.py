"""``gmtool forecast`` of an Astral fight: a one-tick duel worked out by hand, exact, and
forecast games replayed tick by tick through ``Game.play``."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine import forecast as F
from gmtool.engine.game import Game
from gmtool.games.astral.game import SYSTEM
from gmtool.games.astral.rules import forecast as rules
from gmtool.games.astral.rules.choices import actors
from gmtool.games.astral.rules.options import follow, follow_without_dice


def _state(options: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    content = SYSTEM.load_content({})
    return SYSTEM.new_state(content, options, DiceDoor(Rng(0))), content


def _setup(state: dict[str, Any], content: Any, **named: str) -> F.Setup:
    start = rules.start(SYSTEM, state, content, fresh=False)
    return F.Setup(SYSTEM, rules, content, start, F.policies_for(rules, named))


DUEL = {
    "entities": {"Ana": {"kind": "pc", "aura": 1}, "Rex": {"kind": "npc", "tn": 7, "aura": 1}},
    "distances": ["Ana Rex touching"],
}


def test_a_one_tick_duel_is_exact_and_as_worked_out_by_hand() -> None:
    # Both attack, both touching (+2 each): Ana's CV 2d6+2 against Rex's 7+2. Above 9 Rex
    # loses the difference (out at 1 Aura): 2d6 of 8-12, 15/36. Below, Ana is out: 2-6,
    # 15/36. Equal (a 7, 6/36): each loses 1 and both are out: no winner.
    state, content = _state(DUEL)
    setup = _setup(state, content)
    outcome = F.forecast(setup, 2000, seed=1)
    assert outcome.exact
    doc = F.report(
        outcome.tally, exact=True, main="ticks", seed=1, policies=setup.policies, what=""
    )
    assert doc["wins"]["pcs"] == {"p": round(15 / 36, 4), "exact": True}
    assert doc["wins"]["npcs"]["p"] == round(15 / 36, 4)
    assert doc["no_winner"]["p"] == round(6 / 36, 4)
    assert doc["measures"]["ticks"]["median"] == 1.0
    assert outcome.tally.games == pytest.approx(float(Fraction(1)))


def test_sampled_duel_falls_within_its_interval() -> None:
    state, content = _state(DUEL)
    setup = _setup(state, content, pcs="random", npcs="random")
    outcome = F.forecast(setup, 3000, seed=4)
    assert not outcome.exact  # a random policy is sampled, never enumerated
    assert outcome.tally.runs == 3000


def test_forecast_ticks_replayed_through_the_log_end_where_the_forecast_did(gmtool) -> None:
    assert gmtool("campaign", "new", "ad", "--from", "campaigns/astral-demo.yaml").code == 0
    game = Game.open("ad")
    setup = _setup(game.state, game.content, pcs="random", npcs="random")
    for seed in (3, 8):
        played = F.play_out(setup, F.Rng(seed), F.Rng(seed + 1), trail=True)
        assert played.actions
        for action, faces in played.actions:
            game.play(action, game.door(entered=faces))
        assert game.state == played.end
        for _ in played.actions:
            game.undo()


def test_the_command_forecasts_a_campaign_file_and_the_campaign_mid_fight(gmtool) -> None:
    out = gmtool(
        "forecast", "--from", "campaigns/astral-demo.yaml", "--runs", "100", "--seed", "2", "--json"
    )
    assert out.code == 0, out.err
    doc = json.loads(out.out)
    assert set(doc["wins"]) == {"pcs", "npcs"} and "Aura left: Cy" in doc["measures"]
    gmtool("campaign", "new", "ad", "--from", "campaigns/astral-demo.yaml")
    game = Game.open("ad")
    game.play({"type": "tick", "declarations": []}, game.door())  # everyone hesitates
    here = gmtool("forecast", "--runs", "50", "--seed", "1")
    assert here.code == 0, here.err
    assert "the fight from tick 1" in here.out and "the PCs win" in here.out
    fresh = gmtool("forecast", "--fresh")
    assert fresh.code == 2 and "no fight begun since the last final attack" in fresh.err


def test_fresh_forecasts_the_fight_from_before_its_first_attack(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.cli.forecast import prepare

    gmtool("campaign", "new", "ad", "--from", "campaigns/astral-demo.yaml")
    game = Game.open("ad")
    game.play({"type": "tick", "declarations": []}, game.door())  # no attack: no fight yet
    before = json.loads(json.dumps(game.state))
    first = {"type": "tick", "declarations": [{"who": "Ana", "action": "attack", "target": "Wisp"}]}
    game.play(first, game.door(entered=[6, 6]))
    game.play({"type": "tick", "declarations": []}, game.door())
    assert game.state["fight_on"] and game.state["tick"] == 3
    setup, _ = prepare(None, None, fresh=True, policy=[], game=game)
    # the state before the tick of the first attack, every tick then the policies' own
    assert setup.start.state == before and setup.start.first == ()
    assert setup.start.what == "the fight from its start"
    out = gmtool("forecast", "--fresh", "--runs", "20", "--seed", "1", "--json")
    assert out.code == 0, out.err
    assert json.loads(out.out)["what"] == "the fight from its start"


def test_the_moves_a_forecast_asks_for_alone_are_those_of_the_whole_list() -> None:
    # ``kinds`` leaves the other moves unbuilt (the GM's, and examining or moving); the ones
    # built are the same, at every tick of a fight played at random, a task under way.
    # ``dice=False`` leaves out only their dice, and ``follow_without_dice`` answers them
    # as ``follow`` does but for the dice.
    fight = {
        "entities": {
            "Ana": {"kind": "pc", "aura": 6},
            "Bo": {"kind": "pc", "aura": 4},
            "Wisp": {"kind": "npc", "tn": 7, "aura": 6},
        },
        "distances": ["Ana Wisp near", "Bo Wisp far", "Ana Bo touching"],
    }
    state, content = _state(fight)
    state = SYSTEM.apply(
        state, {"type": "task_new", "name": "Ward", "by": "Bo", "ticks": 2}, DiceDoor(), content
    ).state
    setup = _setup(state, content, pcs="random", npcs="random")
    played = F.play_out(setup, Rng(5), Rng(6), trail=True)
    declared, rolled = set(), set()
    for action, faces in played.actions:
        for seat, kinds in ((None, rules.TICK), (None, ("tick", "add")), ("Bo", rules.PLAYED)):
            whole = SYSTEM.options(state, seat, content=content)
            asked = SYSTEM.options(state, seat, content=content, kinds=kinds)
            assert asked == [move for move in whole if move.name in kinds]
        bare = SYSTEM.options(state, "Bo", content=content, dice=False)
        assert bare == [replace(move, dice=()) for move in whole]
        for move, without in zip(whole, bare, strict=True):
            for value in move.choices[0].values or () if move.choices else ():
                choice = move.choices[0]
                answered = follow(state, move, choice, value, content=content)
                plain = follow_without_dice(state, without, choice, value, content=content)
                assert plain == replace(answered, dice=())
                rolled |= set(answered.dice)
        declared |= {d["action"] for d in action["declarations"]}
        state = SYSTEM.apply(state, action, DiceDoor(entered=faces), content).state
    assert declared == set(rules.PLAYED)
    assert rolled == {"2d6"}  # Bo's CV, attacking or blocking
    assert state == played.end


def test_a_scored_policy_offered_every_declaration_picks_only_those_it_is_offered() -> None:
    # The scored policies are offered attack, defend and rest alone (rules.PLAYS): at every
    # tick of a fight, among all the declarations played, each still picks one of those.
    state, content = _state(
        {
            "entities": {
                "Ana": {"kind": "pc", "aura": 5},
                "Bo": {"kind": "pc", "aura": 3},
                "Wisp": {"kind": "npc", "tn": 7, "aura": 8},
                "Rex": {"kind": "npc", "tn": 5, "aura": 2},
            },
            "distances": ["Ana Wisp near", "Bo Wisp far", "Ana Rex away", "Bo Rex touching"],
        }
    )
    setup = _setup(state, content, pcs="random", npcs="random")
    played = F.play_out(setup, Rng(2), Rng(3), trail=True)
    picked = set()
    for action, faces in played.actions:
        for who in actors(state):
            whole = SYSTEM.options(state, who, content=content, kinds=rules.PLAYED)
            for name in ("greedy", "focus-weakest"):
                picked.add(rules.POLICIES[name].pick(state, whole, Rng(0)).name)
                assert picked <= set(rules.PLAYS[name])
        state = SYSTEM.apply(state, action, DiceDoor(entered=faces), content).state
    assert picked == set(rules.SCORED_PLAYS)
