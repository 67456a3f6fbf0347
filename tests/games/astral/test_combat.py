"""Combat values, modifiers, blocks and attacks, with entered faces at every edge."""

from __future__ import annotations

import pytest

from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import cast, door, entity, events, tick


@pytest.mark.parametrize(
    ("ana", "cy", "cy_after"),
    [
        ((4, 4), (4, 4), 12),  # equal CVs, one-sided attack: nothing happens
        ((4, 5), (4, 4), 11),  # attacker one above: target loses 1
        ((4, 3), (4, 4), 12),  # attacker one below: nothing
        ((6, 6), (1, 1), 2),  # the difference, 12 - 2
    ],
)
def test_attack_loses_the_difference_only_when_target_is_lower(content, ana, cy, cy_after):
    state = cast(content)
    out = tick(state, content, "Ana attack Cy", dice=door(Ana=ana, Cy=cy))
    assert entity(out.state, "Cy")["aura"] == cy_after
    assert entity(out.state, "Ana")["aura"] == 12
    assert out.result["cv"] == {"Ana": sum(ana), "Cy": sum(cy)}


@pytest.mark.parametrize(("distance", "modifier"), [("touching", 2), ("near", 0), ("far", -2)])
def test_attack_modifier_by_distance_also_counts_against_attacks(content, distance, modifier):
    state = cast(content, [f"Ana Cy {distance}"])
    out = tick(state, content, "Ana attack Cy", "Cy attack Ana", dice=door(Ana=(3, 3), Cy=(2, 2)))
    assert out.result["cv"] == {"Ana": 6 + modifier, "Cy": 4 + modifier}
    assert entity(out.state, "Ana")["aura"] == 12
    assert entity(out.state, "Cy")["aura"] == 12 - 2


@pytest.mark.parametrize("action", ["move Orb to far", "defend"])
def test_move_and_defend_add_two_to_the_target(content, action):
    state = cast(content)
    out = tick(state, content, "Ana attack Cy", f"Cy {action}", dice=door(Ana=(4, 4), Cy=(3, 3)))
    assert out.result["cv"]["Cy"] == 8
    assert entity(out.state, "Cy")["aura"] == 12  # 8 vs 8: no loss


def test_npc_uses_its_tn_and_rolls_nothing(content):
    state = cast(content)
    out = tick(state, content, "Ana attack Wisp", dice=door(Ana=(5, 4)))
    assert out.result["cv"] == {"Ana": 9, "Wisp": 7}
    assert entity(out.state, "Wisp")["aura"] == 4


def test_npc_attacking_with_modifier(content):
    state = cast(content, ["Wisp Ana far"])
    out = tick(state, content, "Wisp attack Ana", dice=door(Ana=(1, 2)))
    assert out.result["cv"] == {"Ana": 3, "Wisp": 5}
    assert entity(out.state, "Ana")["aura"] == 10


@pytest.mark.parametrize(
    ("ana", "cy", "ana_after", "cy_after"),
    [
        ((3, 4), (5, 2), 11, 11),  # 7 against 7: each loses exactly 1, once for the pair
        ((6, 4), (5, 2), 12, 9),  # 10 against 7: only the lower CV loses the difference
        ((2, 4), (5, 2), 11, 12),  # 6 against 7: one below, the attacker loses 1
    ],
)
def test_mutual_attacks(content, ana, cy, ana_after, cy_after):
    out = tick(cast(content), content, "Ana attack Cy", "Cy attack Ana", dice=door(Ana=ana, Cy=cy))
    assert out.result["aura"]["Ana"] == {"before": 12, "after": ana_after}
    assert out.result["aura"]["Cy"] == {"before": 12, "after": cy_after}


def test_equal_cvs_in_a_one_sided_attack_cost_nothing(content):
    state = cast(content)
    out = tick(state, content, "Ana attack Cy", "Cy attack Wisp", dice=door(Ana=(3, 4), Cy=(5, 2)))
    assert entity(out.state, "Cy")["aura"] == 12
    assert entity(out.state, "Ana")["aura"] == 12
    assert entity(out.state, "Wisp")["aura"] == 6  # 7 vs TN 7


def test_block_raises_target_cv_to_the_highest_blocker(content):
    state = cast(content)
    out = tick(
        state,
        content,
        "Wisp attack Ana",
        "Cy block Ana",
        dice=door(Ana=(1, 1), Cy=(4, 3)),
    )
    block = events(out, "block")[0]
    assert block["target_cv_before"] == 2 and block["target_cv"] == 7
    assert entity(out.state, "Ana")["aura"] == 12  # 7 vs 7


def test_block_never_lowers_a_cv(content):
    state = cast(content)
    out = tick(state, content, "Wisp attack Ana", "Cy block Ana", dice=door(Ana=(5, 5), Cy=(1, 1)))
    assert events(out, "block")[0]["target_cv"] == 10
    assert out.result["cv"]["Ana"] == 10


def test_two_blockers_the_highest_counts(content):
    state = new_state_with_three_pcs(content)
    out = tick(
        state,
        content,
        "Wisp attack Ana",
        "Cy block Ana",
        "Bo block Ana",
        dice=door(Ana=(1, 1), Cy=(3, 3), Bo=(2, 2)),
    )
    assert out.result["cv"]["Ana"] == 6
    assert entity(out.state, "Ana")["aura"] == 11


def new_state_with_three_pcs(content):
    from tests.games.astral.conftest import new_state

    return new_state(
        content,
        entities={"Ana": {}, "Cy": {}, "Bo": {}, "Wisp": {"kind": "npc", "tn": 7, "aura": 6}},
    )


def test_blockers_roll_even_when_nobody_attacks(content):
    state = cast(content)
    out = tick(state, content, "Cy block Ana", dice=door(Cy=(2, 5)))
    assert out.result["cv"] == {"Cy": 7}


def test_several_attackers_each_take_their_difference(content):
    state = cast(content)
    out = tick(
        state,
        content,
        "Ana attack Wisp",
        "Cy attack Wisp",
        dice=door(Ana=(4, 4), Cy=(5, 4)),
    )
    assert entity(out.state, "Wisp")["aura"] == 6 - 1 - 2
    assert out.result["knocked_out"] == []


def test_defender_costs_its_attacker_nothing_even_when_higher(content):
    state = cast(content)
    out = tick(state, content, "Ana attack Cy", "Cy defend", dice=door(Ana=(1, 1), Cy=(6, 6)))
    assert out.result["cv"] == {"Ana": 2, "Cy": 14}
    assert entity(out.state, "Ana")["aura"] == 12
    assert events(out, "attack")[0]["outcome"] == "miss"


def test_flat_faces_go_in_entity_order(content):
    state = cast(content)
    out = tick(state, content, "Cy attack Ana", dice=door(6, 6, 1, 1))
    assert out.result["cv"] == {"Ana": 12, "Cy": 2}


def test_nobody_declaring_hesitates_and_rolls_nothing(content):
    state = cast(content)
    out = tick(state, content)
    assert out.result["cv"] == {}
    assert [e["who"] for e in events(out, "hesitate")] == ["Ana", "Cy", "Wisp"]
    assert all(e["implicit"] for e in events(out, "hesitate"))
    assert out.state["tick"] == 1 and out.result["tick"] == 1


def test_a_block_does_not_raise_an_attacker_who_is_not_attacked(content):
    state = cast(content)
    out = tick(state, content, "Ana attack Wisp", "Cy block Ana", dice=door(Ana=(2, 2), Cy=(6, 6)))
    assert out.result["cv"]["Ana"] == 4  # the block guards Ana; it does not lend Cy's 12
    assert entity(out.state, "Wisp")["aura"] == 6  # 4 vs TN 7: no loss
    assert events(out, "block")[0]["note"] == "Ana is not attacked"


def test_a_block_raises_a_guarded_attacker_who_is_attacked_for_the_whole_tick(content):
    state = cast(content)
    everything = SYSTEM.load_content({"combat": {"block_raises": "all"}})
    out = tick(
        state,
        everything,
        "Ana attack Wisp",
        "Wisp attack Ana",
        "Cy block Ana",
        dice=door(Ana=(2, 2), Cy=(5, 5)),
    )
    # With block_raises: all, one CV per tick: raised for both attacks.
    assert out.result["cv"]["Ana"] == 10
    assert entity(out.state, "Wisp")["aura"] == 6 - (10 - 7)
    assert entity(out.state, "Ana")["aura"] == 12


def test_by_default_a_block_guards_without_raising_the_guarded_attack(content):
    # "BLOCK: The intended target's CV increases to the highest Blocker's": Ana, attacked
    # by Wisp, is guarded at Cy's 10 (Wisp's 7 takes nothing), but strikes with her own
    # 2 + 2 = 4 against Wisp's TN 7, which takes nothing either.
    out = tick(
        cast(content),
        content,
        "Ana attack Wisp",
        "Wisp attack Ana",
        "Cy block Ana",
        dice=door(Ana=(2, 2), Cy=(5, 5)),
    )
    assert out.result["cv"]["Ana"] == 10  # her CV against attacks
    assert entity(out.state, "Wisp")["aura"] == 6
    assert entity(out.state, "Ana")["aura"] == 12
    ana_attack = next(e for e in events(out, "attack") if e["who"] == "Ana")
    assert (ana_attack["attacker_cv"], ana_attack["outcome"]) == (4, "miss")


def test_a_blocker_guarding_another_blocker_changes_nothing(content):
    state = new_state_with_three_pcs(content)
    out = tick(
        state,
        content,
        "Wisp attack Ana",
        "Cy block Ana",
        "Bo block Cy",
        dice=door(Ana=(1, 1), Cy=(2, 2), Bo=(6, 6)),
    )
    assert out.result["cv"] == {"Ana": 4, "Cy": 4, "Bo": 12, "Wisp": 7}
    assert entity(out.state, "Ana")["aura"] == 12 - 3
