"""Initiative, turns side by side, falling unconscious, and how an encounter ends."""

from __future__ import annotations

import pytest

from gmtool.errors import DiceError, RulesError, UsageError
from gmtool.games.starships.game import SYSTEM
from tests.games.starships.helpers import block, content_with, fight, hit, play, roster

PARTY = {"Ana": block(), "Bo": block()}
ENEMIES = {"Rex": block(hp=30), "Max": block(hp=30)}


def test_initiative_ties_roll_again() -> None:
    state = roster(PARTY, ENEMIES)
    outcome = play(state, {"type": "encounter_start"}, 7, 7, 12, 12, 3, 9)
    assert outcome.result["initiative"] == [[7, 7], [12, 12], [3, 9]]
    assert outcome.result["first"] == "enemies"
    assert outcome.result["next"] == "Rex"


def test_initiative_needs_a_face_for_every_reroll() -> None:
    with pytest.raises(DiceError) as caught:
        play(roster(PARTY, ENEMIES), {"type": "encounter_start"}, 7, 7)
    assert caught.value.line() == (
        "initiative tied 7-7 and both sides roll again, but no faces are left for it "
        "(add the next pair, party first: --dice 7,7,PARTY,ENEMIES)"
    )
    with pytest.raises(DiceError, match="not enough faces"):
        play(roster(PARTY, ENEMIES), {"type": "encounter_start"}, 7, 7, 12)


def test_the_higher_side_goes_first_then_sides_alternate() -> None:
    state = fight(PARTY, ENEMIES)
    seen = []
    for _ in range(6):
        seen.append((state["encounter"]["round"], state["encounter"]["queue"][0]))
        state = play(state, {"type": "end_turn"}).state
    assert seen == [(1, "Ana"), (1, "Bo"), (1, "Rex"), (1, "Max"), (2, "Ana"), (2, "Bo")]


def test_acting_out_of_turn_is_refused() -> None:
    state = fight(PARTY, ENEMIES)
    with pytest.raises(RulesError, match="it is Ana's turn, not Bo's"):
        hit(state, "melee", 15, 3, by="Bo")
    with pytest.raises(RulesError, match="it is Ana's turn, not Rex's"):
        hit(state, "melee", 15, 3, by="Rex", on="Ana")
    with pytest.raises(RulesError, match="it is Ana's turn"):
        play(state, {"type": "end_turn", "name": "Bo"})


def test_attacking_outside_an_encounter_is_refused() -> None:
    with pytest.raises(RulesError, match="outside an encounter"):
        hit(roster(PARTY, ENEMIES), "melee", 15, 3)


def test_hp_zero_is_unconscious_and_loses_turns() -> None:
    state = fight(PARTY, {"Rex": block(hp=2), "Max": block(hp=30)})
    outcome = hit(state, "melee", 15, 5, on="Rex")
    assert outcome.result["hp"]["Rex"] == 0
    assert outcome.extra["fallen"] == ["Rex"]
    state = play(outcome.state, {"type": "end_turn"}).state  # Bo passes; Rex is skipped
    assert state["encounter"]["queue"] == ["Max"]
    with pytest.raises(RulesError, match="Rex is unconscious"):
        hit(state, "melee", 15, 3, by="Max", on="Rex")


def test_beating_every_enemy_returns_to_exploration() -> None:
    state = fight({"Ana": block()}, {"Rex": block(hp=3)})
    outcome = hit(state, "melee", 15, 5)
    assert outcome.extra["ended"] == "victory"
    assert outcome.result["next"] is None
    assert outcome.state["mode"] == "exploration"
    assert outcome.state["last_outcome"] == "victory"


def test_the_whole_party_down_ends_the_game() -> None:
    state = fight({"Ana": block(hp=3)}, {"Rex": block()}, first="enemies")
    outcome = hit(state, "melee", 15, 4, by="Rex", on="Ana")
    assert outcome.extra["ended"] == "defeat"
    assert outcome.state["mode"] == "game_over"
    with pytest.raises(RulesError, match="the game is over"):
        play(outcome.state, {"type": "encounter_start", "enemies": ["Pirate"]})


def test_a_reflected_blow_can_fell_the_last_party_member() -> None:
    state = fight({"Ana": block(hp=3)}, {"Rex": block(affinities={"Kinetic": "reflect"})})
    outcome = hit(state, "melee", 15, 5)
    assert outcome.result["hp"]["Ana"] == 0
    assert outcome.extra["ended"] == "defeat"


def test_enemies_from_the_table_are_numbered_when_repeated() -> None:
    state = roster({"Ana": block()}, {})
    action = {"type": "encounter_start", "enemies": ["pirate", "Pirate", "drone"]}
    outcome = play(state, action, 20, 1)
    assert outcome.result["enemies"] == ["Pirate", "Pirate-2", "Drone"]
    assert outcome.state["combatants"]["Drone"]["affinities"] == {
        "Energy": "weak",
        "Kinetic": "strong",
    }


def test_an_encounter_needs_enemies_and_a_standing_party() -> None:
    with pytest.raises(RulesError, match="needs enemies"):
        play(roster({"Ana": block()}, {}), {"type": "encounter_start"})
    with pytest.raises(RulesError, match="nobody in the party"):
        play(roster({}, {"Rex": block()}), {"type": "encounter_start"})


def test_a_second_encounter_cannot_start_during_one() -> None:
    with pytest.raises(RulesError, match="already running"):
        play(fight(PARTY, ENEMIES), {"type": "encounter_start"}, 20, 1)


def test_newcomers_join_their_sides_next_phase() -> None:
    state = fight(PARTY, ENEMIES)
    state = play(
        state, {"type": "add", "name": "Cy", "side": "party", "hp": 8, "defense": 11}
    ).state
    assert state["encounter"]["queue"] == ["Ana", "Bo"]
    for _ in range(4):
        state = play(state, {"type": "end_turn"}).state
    assert state["encounter"]["queue"] == ["Ana", "Bo", "Cy"]


def test_the_gm_can_end_a_fight_and_the_enemies_leave() -> None:
    outcome = play(fight(PARTY, ENEMIES), {"type": "encounter_end", "reason": "the crew flees"})
    assert outcome.state["mode"] == "exploration"
    assert set(outcome.state["combatants"]) == {"Ana", "Bo"}


def test_hp_changes_can_end_a_fight_or_revive() -> None:
    state = fight(PARTY, {"Rex": block(hp=5)})
    outcome = play(state, {"type": "hp", "name": "Rex", "change": -9, "reason": "airlock"})
    assert outcome.result["hp"] == 0
    assert outcome.result["ended"] == "victory"
    state = fight({"Ana": block(), "Bo": block(hp=4)}, ENEMIES)
    state = play(state, {"type": "hp", "name": "Bo", "change": -4}).state
    assert state["combatants"]["Bo"]["hp"] == 0
    revived = play(state, {"type": "hp", "name": "Bo", "change": 50}).state
    assert revived["combatants"]["Bo"]["hp"] == 4  # not above maximum
    assert play(revived, {"type": "end_turn"}).result["next"] == "Bo"


def test_a_gadget_takes_the_turn_and_a_success_earns_momentum() -> None:
    state = fight(PARTY, ENEMIES)
    action = {"type": "gadget", "name": "Ana", "description": "smoke bomb", "roll": "2d6",
              "success": True}  # fmt: skip
    outcome = play(state, action, 4, 5)
    assert outcome.result["roll"] == 9
    assert outcome.result["description"] == "smoke bomb"
    assert outcome.result["momentum"]["Ana"] == 1
    assert outcome.result["next"] == "Bo"


def test_a_stream_without_a_roll_is_recorded_as_told() -> None:
    state = fight(PARTY, ENEMIES)
    action = {"type": "stream", "name": "Ana", "description": "hype the crowd"}
    outcome = play(state, action)
    assert outcome.result["kind"] == "stream"
    assert outcome.result["roll"] is None
    assert outcome.result["momentum"]["Ana"] == 0
    assert outcome.what == "stream: hype the crowd"


def test_the_turns_to_come_leave_out_the_fallen_and_the_skipped() -> None:
    state = fight({"Ana": block(), "Bo": block()}, {"Rex": block(affinities={"Kinetic": "immune"})})
    state = hit(state, "melee", 15).state  # Ana cannot pay for the wasted hit: she loses a turn
    state = play(state, {"type": "end_turn"}).state
    assert SYSTEM.status(state, now=0)["order"] == ["Rex", "Bo", "Rex"]  # Ana's next turn goes
    state = fight({"Ana": block(), "Bo": block(), "Cy": block()}, ENEMIES)
    state = play(state, {"type": "end_turn"}).state
    state = play(state, {"type": "hp", "name": "Cy", "change": -99}).state
    assert SYSTEM.status(state, now=0)["order"] == ["Bo", "Rex", "Max", "Ana"]


def test_acting_once_the_fight_is_over_names_the_reason() -> None:
    won = hit(fight({"Ana": block()}, {"Rex": block(hp=1)}), "melee", 15, 1).state
    with pytest.raises(RulesError, match="cannot attack outside an encounter"):
        hit(won, "melee", 15, 1)
    lost = hit(fight({"Ana": block(hp=1)}, {"Rex": block()}, first="enemies"), "melee", 15, 1,
               by="Rex", on="Ana").state  # fmt: skip
    with pytest.raises(RulesError, match="the game is over"):
        hit(lost, "melee", 15, 1, by="Rex", on="Ana")


@pytest.mark.parametrize(("face", "success", "momentum"), [(12, True, 1), (11, False, 0)])
def test_a_gadget_roll_can_decide_its_own_success(face: int, success: bool, momentum: int) -> None:
    state = fight(PARTY, ENEMIES)
    action = {"type": "gadget", "name": "Ana", "description": "hack the door", "roll": "1d20",
              "vs": 12}  # fmt: skip
    outcome = play(state, action, face)
    assert outcome.result["success"] is success
    assert outcome.result["momentum"]["Ana"] == momentum
    assert outcome.outcome.startswith(f"rolled {face} against 12; ")


def test_a_target_number_needs_a_roll_and_no_verdict() -> None:
    state = fight(PARTY, ENEMIES)
    action = {"type": "stream", "name": "Ana", "description": "go live", "vs": 12}
    with pytest.raises(UsageError, match="--vs needs --roll"):
        play(state, action)
    with pytest.raises(UsageError, match="--vs decides success itself"):
        play(state, {**action, "roll": "1d20", "success": True}, 15)


ALTERNATE = content_with({"turns": {"order": "alternate"}})


def test_sides_can_alternate_one_combatant_at_a_time() -> None:
    party = {"Ana": block(), "Bo": block(), "Cy": block()}
    state = fight(party, ENEMIES, content=ALTERNATE)
    assert SYSTEM.status(state, now=0)["order"] == ["Ana", "Rex", "Bo", "Max", "Cy"]
    seen = []
    for _ in range(7):
        seen.append((state["encounter"]["round"], state["encounter"]["queue"][0]))
        state = play(state, {"type": "end_turn"}, content=ALTERNATE).state
    assert seen == [(1, "Ana"), (1, "Rex"), (1, "Bo"), (1, "Max"), (1, "Cy"),
                    (2, "Ana"), (2, "Rex")]  # fmt: skip


def test_alternating_skips_the_fallen_and_those_who_lose_a_turn() -> None:
    state = fight(PARTY, {"Rex": block(affinities={"Kinetic": "immune"}), "Max": block(hp=2)},
                  content=ALTERNATE)  # fmt: skip
    state = hit(state, "melee", 15, content=ALTERNATE).state  # Ana wastes a hit: loses a turn
    assert SYSTEM.status(state, now=0)["order"] == ["Rex", "Bo", "Max", "Rex"]
    state = play(state, {"type": "end_turn"}, content=ALTERNATE).state
    state = hit(state, "melee", 15, 2, by="Bo", on="Max", content=ALTERNATE).state  # Max falls
    assert (state["encounter"]["round"], state["encounter"]["queue"]) == (2, ["Rex"])
    assert SYSTEM.status(state, now=0)["order"] == ["Rex", "Bo", "Ana"]


def test_the_side_shown_is_the_side_of_whoever_acts() -> None:
    state = fight({"Ana": block()}, {"Rex": block(hp=30)})
    state["combatants"]["Ana"]["momentum"] = 2
    state = hit(state, "melee", 15, 3).state  # the enemies' phase opens; Ana has 3 Momentum
    state = play(state, {"type": "momentum_spend", "name": "Ana"}).state
    assert SYSTEM.status(state, now=0)["side"] == "party"
