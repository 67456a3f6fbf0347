"""Momentum: earned by hits and MAX DMG, spent on extra turns, lost on misses and wasted hits."""

from __future__ import annotations

import pytest

from gmtool.engine.system import State
from gmtool.errors import ContentError, RulesError
from gmtool.games.starships.rules.content import StarshipsContent
from tests.games.starships.helpers import block, content_with, duel, fight, hit, play


def two_on_one(content: StarshipsContent | None = None, **ana: object) -> State:
    return fight({"Ana": block(**ana), "Bo": block()}, {"Rex": block(hp=50)}, content=content)


def test_a_hit_earns_one() -> None:
    outcome = hit(two_on_one(), "melee", 15, 3)
    assert outcome.result["momentum"]["Ana"] == 1
    assert outcome.extra["momentum_change"] == 1


def test_max_dmg_earns_one_more() -> None:
    state = duel(block(), block(hp=50, affinities={"Kinetic": "weak"}))
    assert hit(state, "melee", 15).result["momentum"]["Ana"] == 2


def test_a_resisted_hit_still_earns() -> None:
    state = duel(block(), block(hp=50, affinities={"Kinetic": "strong"}))
    assert hit(state, "melee", 15).result["momentum"]["Ana"] == 1


def test_a_miss_costs_one_and_a_turn_when_it_cannot_be_paid() -> None:
    # "failing to hit an enemy ... can result in the loss of turns": 1 point, and the next
    # turn when the attacker has no point to pay with.
    state = two_on_one()
    state["combatants"]["Ana"]["momentum"] = 2
    outcome = hit(state, "melee", 2)
    assert outcome.result["momentum"]["Ana"] == 1
    assert outcome.extra["lost_turn"] is False
    state["combatants"]["Ana"]["momentum"] = 0
    outcome = hit(state, "melee", 2)
    assert outcome.result["momentum"]["Ana"] == 0
    assert outcome.extra["lost_turn"] is True
    assert outcome.state["combatants"]["Ana"]["skip_turns"] == 1
    assert outcome.outcome == "miss (2 → 2); Ana loses their next turn"


def test_a_miss_never_costs_a_turn_when_the_campaign_says_so() -> None:
    content = content_with({"momentum": {"lose": {"miss": {"turn_if_short": False}}}})
    state = two_on_one(content=content)
    outcome = hit(state, "melee", 2, content=content)
    assert outcome.result["momentum"]["Ana"] == 0
    assert outcome.extra["lost_turn"] is False
    assert outcome.state["combatants"]["Ana"]["skip_turns"] == 0


def test_the_ineffective_affinities_come_from_the_rules_file() -> None:
    # A table that also counts a resisted hit ("WEAK!") as an ineffective attack.
    content = content_with(
        {"momentum": {"ineffective": ["immune", "reflect", "drain", "strong"],
                      "lose": {"strong": {"points": 1, "turn_if_short": False}}}}
    )  # fmt: skip
    state = fight(
        {"Ana": block(), "Bo": block()},
        {"Rex": block(hp=50, affinities={"Kinetic": "strong"})},
        content=content,
    )
    state["combatants"]["Ana"]["momentum"] = 2
    outcome = hit(state, "melee", 15, content=content)
    assert outcome.result["damage"] == 1  # the dice's minimum
    assert outcome.result["momentum"]["Ana"] == 1  # paid 1 instead of earning 1
    default = fight(
        {"Ana": block(), "Bo": block()}, {"Rex": block(hp=50, affinities={"Kinetic": "strong"})}
    )
    default["combatants"]["Ana"]["momentum"] = 2
    assert hit(default, "melee", 15).result["momentum"]["Ana"] == 3


def test_an_ineffective_affinity_without_a_cost_is_refused() -> None:
    with pytest.raises(ContentError, match="lose needs a cost for: strong"):
        content_with({"momentum": {"ineffective": ["strong"]}})


@pytest.mark.parametrize("affinity", ["immune", "reflect", "drain"])
def test_a_wasted_hit_costs_two(affinity: str) -> None:
    state = fight(
        {"Ana": block(hp=30), "Bo": block()},
        {"Rex": block(hp=50, affinities={"Kinetic": affinity})},
    )
    state["combatants"]["Ana"]["momentum"] = 3
    faces = (15,) if affinity == "immune" else (15, 2)
    outcome = hit(state, "melee", *faces)
    assert outcome.result["momentum"]["Ana"] == 1
    assert outcome.extra["lost_turn"] is False


def test_a_wasted_hit_it_cannot_pay_for_costs_the_next_turn() -> None:
    state = fight(
        {"Ana": block(), "Bo": block()}, {"Rex": block(hp=50, affinities={"Kinetic": "immune"})}
    )
    state["combatants"]["Ana"]["momentum"] = 1
    outcome = hit(state, "melee", 15)
    assert outcome.result["momentum"]["Ana"] == 0
    assert outcome.extra["lost_turn"] is True
    state = outcome.state
    state = play(state, {"type": "end_turn"}).state  # Bo passes
    state["combatants"]["Rex"]["momentum"] = 1  # so that Rex's miss costs no turn
    state = hit(state, "melee", 2, by="Rex", on="Bo").state  # Rex misses
    assert state["encounter"]["queue"] == ["Bo"]  # Ana's turn of round 2 is skipped
    assert state["encounter"]["round"] == 2
    assert state["combatants"]["Ana"]["skip_turns"] == 0
    # and in round 3 she acts again
    state = play(state, {"type": "end_turn"}).state
    state = play(state, {"type": "end_turn"}).state
    assert state["encounter"]["queue"][0] == "Ana"


def test_spending_right_after_acting_takes_the_turn_back() -> None:
    state = two_on_one()
    state["combatants"]["Ana"]["momentum"] = 2
    state = hit(state, "melee", 15, 3).state  # 3 Momentum now; Bo is up
    spent = play(state, {"type": "momentum_spend", "name": "Ana"})
    assert spent.result["next"] == "Ana"
    assert spent.result["momentum"]["Ana"] == 0
    again = hit(spent.state, "melee", 15, 3)
    assert again.result["next"] == "Bo"


def test_spending_on_ones_own_turn_banks_a_second_action() -> None:
    state = two_on_one()
    state["combatants"]["Ana"]["momentum"] = 3
    state = play(state, {"type": "momentum_spend", "name": "Ana"}).state
    outcome = hit(state, "melee", 15, 3)
    assert outcome.result["next"] == "Ana"


def test_spending_without_enough_momentum_is_refused() -> None:
    state = two_on_one()
    state["combatants"]["Ana"]["momentum"] = 2
    with pytest.raises(RulesError, match="Ana has 2 Momentum; an extra turn costs 3"):
        play(state, {"type": "momentum_spend", "name": "Ana"})


def test_spending_out_of_turn_is_refused() -> None:
    state = two_on_one()
    state["combatants"]["Bo"]["momentum"] = 5
    with pytest.raises(RulesError, match="only on their turn or right after it"):
        play(state, {"type": "momentum_spend", "name": "Bo"})
    # once someone else has acted, the moment is gone
    state["combatants"]["Ana"]["momentum"] = 5
    state = hit(state, "melee", 15, 3).state
    state = hit(state, "melee", 15, 3, by="Bo").state
    with pytest.raises(RulesError, match="only on their turn or right after it"):
        play(state, {"type": "momentum_spend", "name": "Ana"})


def test_enemies_earn_and_spend_the_same_way() -> None:
    state = fight({"Ana": block(hp=50)}, {"Rex": block(), "Max": block()}, first="enemies")
    state["combatants"]["Rex"]["momentum"] = 2
    state = hit(state, "melee", 15, 1, by="Rex", on="Ana").state
    assert state["combatants"]["Rex"]["momentum"] == 3
    outcome = play(state, {"type": "momentum_spend", "name": "Rex"})
    assert outcome.result["next"] == "Rex"


def test_momentum_resets_when_an_encounter_starts() -> None:
    state = duel(block(), block(hp=1))
    state = hit(state, "melee", 15, 1).state
    assert state["mode"] == "exploration"
    assert state["combatants"]["Ana"]["momentum"] == 1
    state = play(state, {"type": "encounter_start", "enemies": ["Crawler"]}, 20, 1).state
    assert state["combatants"]["Ana"]["momentum"] == 0


def test_the_moment_to_buy_a_turn_passes_once_the_next_one_switches_rows() -> None:
    state = two_on_one()
    state["combatants"]["Ana"]["momentum"] = 2
    state = hit(state, "melee", 15, 3).state  # 3 Momentum; Bo is up
    state = play(state, {"type": "row", "name": "Bo", "row": "back"}).state
    with pytest.raises(RulesError, match="only on their turn or right after it"):
        play(state, {"type": "momentum_spend", "name": "Ana"})


def test_a_wasted_hit_paid_in_full_keeps_the_next_turn() -> None:
    state = duel(block(), block(hp=50, affinities={"Kinetic": "immune"}))
    state["combatants"]["Ana"]["momentum"] = 2
    outcome = hit(state, "melee", 15)
    assert outcome.result["momentum"]["Ana"] == 0
    assert outcome.extra["momentum_change"] == -2
    assert outcome.extra["lost_turn"] is False
    assert outcome.state["combatants"]["Ana"]["skip_turns"] == 0


def test_momentum_numbers_follow_the_rules_file() -> None:
    content = content_with(
        {"momentum": {"extra_turn": 2, "earn": {"hit": 2, "max_dmg": 3},
                      "lose": {"miss": {"points": 1, "turn_if_short": True}}}}
    )  # fmt: skip
    state = duel(block(), block(hp=50, affinities={"Kinetic": "weak"}), content=content)
    assert hit(state, "melee", 15, content=content).result["momentum"]["Ana"] == 5
    missed = hit(state, "melee", 2, content=content)
    assert missed.extra["lost_turn"] is True
    state["combatants"]["Ana"]["momentum"] = 2
    spent = play(state, {"type": "momentum_spend", "name": "Ana"}, content=content)
    assert spent.result["momentum"]["Ana"] == 0
