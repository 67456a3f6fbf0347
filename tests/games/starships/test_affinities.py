"""What a hit does for each affinity of the target: normal, weak, strong, immune, reflect, drain."""

from __future__ import annotations

import pytest

from gmtool.errors import DiceError
from tests.games.starships.helpers import block, content_with, duel, hit


def test_normal_takes_the_dice_plus_might() -> None:
    state = duel(block(might=2, melee={"dice": "2d6", "type": "Kinetic"}), block(hp=30))
    outcome = hit(state, "melee", 15, 3, 4)
    assert outcome.result["affinity"] == "normal"
    assert outcome.result["damage"] == 9
    assert outcome.result["hp"]["Rex"] == 21


def test_weak_deals_max_damage_plus_might_without_rolling() -> None:
    state = duel(block(might=2, melee={"dice": "2d6", "type": "Kinetic"}),
                 block(hp=30, affinities={"Kinetic": "weak"}))  # fmt: skip
    outcome = hit(state, "melee", 15)
    assert outcome.result["affinity"] == "weak"
    assert outcome.result["damage"] == 14
    assert outcome.extra["callout"] == "MAX DMG!"
    # The table rolled the 2d6 anyway ("if they hit then they must roll for damage"): the
    # faces are kept in the log as not counted, and the damage is still 6 + 6 + 2 = 14.
    rolled = hit(state, "melee", 15, 3, 4)
    assert rolled.result["damage"] == 14
    assert rolled.extra["not_counted"] == [
        {"dice": "2d6", "faces": [3, 4], "why": "Rex is weak to Kinetic"}
    ]
    assert rolled.outcome.startswith(
        "hit (15 → 17) MAX DMG!: 14 damage to Rex "
        "(damage dice [3,4] rolled, not counted: Rex is weak to Kinetic)"
    )
    with pytest.raises(DiceError, match="not enough faces entered"):
        hit(state, "melee", 15, 3)  # half a 2d6 is not a roll
    with pytest.raises(DiceError, match="too many faces entered"):
        hit(state, "melee", 15, 3, 4, 5)


def test_weak_without_might_when_the_rules_say_so() -> None:
    content = content_with({"damage": {"might_on_weak": False}})
    state = duel(block(might=2), block(hp=30, affinities={"Kinetic": "weak"}), content=content)
    assert hit(state, "melee", 15, content=content).result["damage"] == 6


def test_weak_ranged_is_the_dice_maximum() -> None:
    state = duel(block(dex=5), block(hp=30, affinities={"Energy": "weak"}))
    assert hit(state, "ranged", 15).result["damage"] == 6


def test_strong_deals_the_dice_minimum_plus_might() -> None:
    state = duel(block(might=2, melee={"dice": "2d6", "type": "Kinetic"}),
                 block(hp=30, affinities={"Kinetic": "strong"}))  # fmt: skip
    outcome = hit(state, "melee", 15)
    assert outcome.result["affinity"] == "strong"
    assert outcome.result["damage"] == 4
    assert outcome.extra["callout"] == "WEAK!"


def test_strong_deals_at_least_one() -> None:
    state = duel(block(might=-3), block(hp=30, affinities={"Kinetic": "strong"}))
    assert hit(state, "melee", 20).result["damage"] == 1


def test_normal_hit_with_negative_might_deals_at_least_one() -> None:
    state = duel(block(might=-3), block(hp=30))
    assert hit(state, "melee", 20, 1).result["damage"] == 1


def test_immune_takes_nothing_and_rolls_no_damage() -> None:
    state = duel(block(might=2), block(hp=30, affinities={"Kinetic": "immune"}))
    outcome = hit(state, "melee", 15)
    assert outcome.result["hit"] is True
    assert outcome.result["affinity"] == "immune"
    assert outcome.result["damage"] == 0
    assert outcome.result["hp"] == {"Ana": 10, "Rex": 30}
    rolled = hit(state, "melee", 15, 3)
    assert rolled.result["damage"] == 0 and rolled.result["hp"] == {"Ana": 10, "Rex": 30}
    assert rolled.extra["not_counted"] == [
        {"dice": "1d6", "faces": [3], "why": "Rex is immune to Kinetic"}
    ]
    with pytest.raises(DiceError, match="face, 7, is not on a d6"):
        hit(state, "melee", 15, 7)


def test_strong_damage_faces_rolled_anyway_are_logged_not_counted() -> None:
    state = duel(block(might=2), block(hp=30, affinities={"Kinetic": "strong"}))
    rolled = hit(state, "melee", 15, 6)  # a 6 on the d6, but strong: 1 + Might 2 = 3
    assert rolled.result["damage"] == 3
    assert rolled.extra["not_counted"][0]["why"] == "Rex is strong against Kinetic"


def test_reflect_hurts_the_attacker_instead() -> None:
    state = duel(block(might=1, hp=12), block(hp=30, affinities={"Kinetic": "reflect"}))
    outcome = hit(state, "melee", 15, 5)
    assert outcome.result["affinity"] == "reflect"
    assert outcome.result["damage"] == 6
    assert outcome.result["hp"] == {"Ana": 6, "Rex": 30}


def test_drain_heals_the_target_up_to_its_maximum() -> None:
    state = duel(block(might=1), block(hp=30, affinities={"Kinetic": "drain"}))
    state["combatants"]["Rex"]["hp"] = 20
    outcome = hit(state, "melee", 15, 5)
    assert outcome.result["affinity"] == "drain"
    assert outcome.result["damage"] == 6
    assert outcome.result["hp"]["Rex"] == 26
    state["combatants"]["Rex"]["hp"] = 28
    assert hit(state, "melee", 15, 5).result["hp"]["Rex"] == 30


def test_drain_beyond_maximum_when_the_rules_allow() -> None:
    content = content_with({"damage": {"drain_over_max_hp": True}})
    state = duel(block(), block(hp=30, affinities={"Kinetic": "drain"}), content=content)
    assert hit(state, "melee", 15, 5, content=content).result["hp"]["Rex"] == 35


def test_a_damage_type_added_in_yaml_works_like_the_others() -> None:
    content = content_with({"damage_types": {"Sonic": {"description": "Sound."}}})
    state = duel(block(melee={"dice": "1d4", "type": "Sonic"}),
                 block(hp=30, affinities={"sonic": "weak"}), content=content)  # fmt: skip
    assert state["combatants"]["Rex"]["affinities"] == {"Sonic": "weak"}
    outcome = hit(state, "melee", 15, content=content)
    assert outcome.result["damage"] == 4
    assert outcome.extra["damage_type"] == "Sonic"


def test_affinity_for_another_type_does_not_apply() -> None:
    state = duel(block(), block(hp=30, affinities={"Energy": "immune"}))
    assert hit(state, "melee", 15, 3).result["damage"] == 3
    assert hit(state, "ranged", 15).result["damage"] == 0
