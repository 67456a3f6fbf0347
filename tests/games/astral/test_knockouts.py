"""Knock-outs, gone PCs coming back, unconscious NPCs, disturbing, the Away lockout."""

from __future__ import annotations

import copy

import pytest

from gmtool.errors import RulesError
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import cast, door, entity, events, play, tick


def with_aura(state, name, aura):
    state = copy.deepcopy(state)
    entity(state, name)["aura"] = aura
    return state


def test_knocked_out_at_exactly_zero_disappears_for_2d6_plus_starting_aura(content):
    state = with_aura(cast(content), "Cy", 3)
    out = tick(state, content, "Ana attack Cy", dice=door(Ana=(5, 5), Cy=(4, 3), GM=(2, 3)))
    assert out.result["knocked_out"] == ["Cy"]
    cy = entity(out.state, "Cy")
    assert cy["aura"] == 0 and cy["condition"] == "gone"
    assert out.state["timers"] == [{"kind": "gone", "who": "Cy", "ticks": 5 + 12}]
    assert events(out, "knocked_out")[0]["gone_for"] == 17


def test_one_aura_left_is_not_a_knock_out(content):
    state = with_aura(cast(content), "Cy", 4)
    out = tick(state, content, "Ana attack Cy", dice=door(Ana=(5, 5), Cy=(4, 3)))
    assert out.result["knocked_out"] == []
    assert entity(out.state, "Cy")["condition"] == "active"


def test_below_zero_is_a_knock_out_too(content):
    state = with_aura(cast(content), "Cy", 1)
    out = tick(state, content, "Ana attack Cy", dice=door(Ana=(6, 6), Cy=(1, 1), GM=(1, 1)))
    assert entity(out.state, "Cy")["aura"] == -9
    assert out.state["timers"][0]["ticks"] == 14


def test_gone_pc_returns_at_full_aura_when_the_timer_runs_out(content):
    state = with_aura(cast(content), "Cy", 1)
    state = tick(state, content, "Ana attack Cy", dice=door(Ana=(6, 6), Cy=(1, 1), GM=(1, 1))).state
    state["timers"][0]["ticks"] = 2  # shorten the wait for the test
    state = tick(state, content).state
    assert entity(state, "Cy")["condition"] == "gone"
    assert state["timers"][0]["ticks"] == 1
    out = tick(state, content)
    assert entity(out.state, "Cy")["condition"] == "active"
    assert entity(out.state, "Cy")["aura"] == 12
    assert out.state["timers"] == []
    assert events(out, "returned") == [{"event": "returned", "who": "Cy", "aura": 12}]


def test_gone_pc_cannot_act_or_be_targeted(content):
    state = with_aura(cast(content), "Cy", 1)
    state = tick(state, content, "Ana attack Cy", dice=door(Ana=(6, 6), Cy=(1, 1), GM=(1, 1))).state
    with pytest.raises(RulesError, match="Cy is knocked out and gone"):
        tick(state, content, "Cy rest")
    with pytest.raises(RulesError) as info:
        tick(state, content, "Ana attack Cy")
    assert info.value.line().endswith("(Cy returns in 14 ticks)")


def test_knocked_out_mover_does_not_move_and_resting_does_not_save(content):
    state = with_aura(with_aura(cast(content), "Cy", 2), "Wisp", 1)
    out = tick(
        state,
        content,
        "Ana attack Cy",
        "Cy move Orb to far",
        "Wisp rest",
        "Ana speak got you",
        dice=door(Ana=(6, 6), Cy=(6, 3)),
    )
    # Cy: CV 9 + 2 (move) = 11 vs 12: loses 1 -> 1, still standing and moves
    assert entity(out.state, "Cy")["aura"] == 1
    assert out.state["distances"]["Cy"]["Orb"] == "far"
    state = with_aura(cast(content), "Cy", 1)
    out = tick(
        state,
        content,
        "Ana attack Cy",
        "Cy move Orb to far",
        dice=door(Ana=(6, 6), Cy=(4, 3), GM=(1, 1)),
    )
    assert out.state["distances"]["Cy"]["Orb"] == "near"
    assert events(out, "move")[0]["effect"] == "none: knocked out"


def test_resting_regains_one_capped_at_starting_aura(content):
    state = with_aura(cast(content), "Ana", 10)
    out = tick(state, content, "Ana rest", "Cy rest")
    assert entity(out.state, "Ana")["aura"] == 11
    assert entity(out.state, "Cy")["aura"] == 12


def test_rest_comes_after_attacks(content):
    state = cast(content)
    out = tick(state, content, "Ana attack Cy", "Cy rest", dice=door(Ana=(6, 6), Cy=(1, 1)))
    assert entity(out.state, "Cy")["aura"] == 12 - 10 + 1


def test_rest_cannot_save_a_character_knocked_to_zero_when_counted_after_attacks(content):
    tuned = SYSTEM.load_content({"knockout": {"counted_after": "attacks"}})
    state = with_aura(cast(content), "Wisp", 1)
    out = tick(state, tuned, "Ana attack Wisp", "Wisp rest", dice=door(Ana=(4, 4)))
    assert out.result["knocked_out"] == ["Wisp"]
    assert entity(out.state, "Wisp")["aura"] == 0


def knocked_out_wisp(content):
    state = with_aura(cast(content), "Wisp", 1)
    return tick(state, content, "Ana attack Wisp", dice=door(Ana=(4, 4))).state


def test_npc_knocked_out_falls_unconscious_and_cannot_act(content):
    state = knocked_out_wisp(content)
    assert entity(state, "Wisp")["condition"] == "unconscious"
    assert state["timers"] == []
    with pytest.raises(RulesError, match="Wisp is unconscious"):
        tick(state, content, "Wisp rest")
    with pytest.raises(RulesError, match="out of the fight"):
        tick(state, content, "Cy attack Wisp")


def test_npc_wakes_when_every_pc_has_moved_away(content):
    state = knocked_out_wisp(content)
    out = tick(state, content, "Ana move Wisp to away", dice=door(GM=(1, 1)))
    assert entity(out.state, "Wisp")["condition"] == "unconscious"  # Cy is still near
    out = tick(out.state, content, "Cy move Wisp to away", dice=door(GM=(1, 2)))
    wisp = entity(out.state, "Wisp")
    assert wisp["condition"] == "active" and wisp["aura"] == 6
    assert events(out, "woke")[0]["who"] == "Wisp"


def test_npc_wake_aura_is_a_setting(content):
    tuned = SYSTEM.load_content({"knockout": {"npc_wakes_when_left_with": 2}})
    state = knocked_out_wisp(content)
    out = tick(
        state, tuned, "Ana move Wisp to away", "Cy move Wisp to away", dice=door(GM=(1, 1, 1, 1))
    )
    assert entity(out.state, "Wisp")["aura"] == 2


@pytest.mark.parametrize(("faces", "woke"), [((4, 4), False), ((3, 4), True), ((1, 2), True)])
def test_disturbing_must_roll_above_tn_or_it_wakes_with_one(content, faces, woke):
    state = knocked_out_wisp(content)
    out = play(state, content, {"type": "disturb", "who": "Cy", "target": "Wisp"}, door(Cy=faces))
    wisp = entity(out.state, "Wisp")
    assert (wisp["condition"] == "active") is woke
    assert wisp["aura"] == (1 if woke else 0)


def test_disturbing_needs_an_unconscious_npc_near(content):
    state = cast(content)
    with pytest.raises(RulesError, match="not unconscious"):
        play(state, content, {"type": "disturb", "who": "Cy", "target": "Wisp"}, door())
    state = knocked_out_wisp(content)
    state["distances"]["Cy"]["Wisp"] = state["distances"]["Wisp"]["Cy"] = "far"
    with pytest.raises(RulesError, match="needs near or closer"):
        play(state, content, {"type": "disturb", "who": "Cy", "target": "Wisp"}, door())


def test_knock_outs_counted_after_the_other_actions_let_a_rest_save(content):
    # The rules' order: attacks, then "All other Actions take effect", then "Knocked Out
    # characters suffer the effects". Ana's 8 against Wisp's TN 7 takes Wisp from 1 to 0;
    # its rest then lifts it to 1 before the count, so it stays up.
    tuned = content
    state = with_aura(cast(content), "Wisp", 1)
    out = tick(state, tuned, "Ana attack Wisp", "Wisp rest", dice=door(Ana=(4, 4)))
    assert out.result["knocked_out"] == []
    assert (
        entity(out.state, "Wisp")["aura"] == 1
        and entity(out.state, "Wisp")["condition"] == "active"
    )
    out = tick(state, tuned, "Ana attack Wisp", "Wisp move Orb to far", dice=door(Ana=(6, 6)))
    assert out.result["knocked_out"] == ["Wisp"]
    assert out.state["distances"]["Wisp"]["Orb"] == "near"  # a knocked-out mover stays put


def test_a_pc_returning_at_a_set_distance_keeps_its_away_lockouts(content):
    tuned = SYSTEM.load_content({"knockout": {"pc_return_distance": "near"}})
    state = tick(cast(content), tuned, "Ana move Cy to away", dice=door(GM=(6, 6))).state
    state = with_aura(state, "Ana", 1)
    state = tick(state, tuned, "Wisp attack Ana", dice=door(Ana=(1, 1), GM=(1, 1))).state
    next(t for t in state["timers"] if t["kind"] == "gone")["ticks"] = 1
    out = tick(state, tuned)
    assert entity(out.state, "Ana")["condition"] == "active"
    assert out.state["distances"]["Ana"]["Cy"] == "away"  # still locked out for 21 ticks
    assert out.state["distances"]["Ana"]["Wisp"] == "near"


def test_the_time_gone_counts_the_pcs_own_starting_aura(content):
    state = play(
        cast(content), content, {"type": "set", "name": "Cy", "starting_aura": 9, "aura": 9}, door()
    )
    state = with_aura(state.state, "Cy", 1)
    out = tick(state, content, "Ana attack Cy", dice=door(Ana=(6, 6), Cy=(1, 1), GM=(6, 5)))
    assert events(out, "knocked_out")[0]["gone_for"] == 11 + 9
    state = out.state
    state["timers"][0]["ticks"] = 1
    assert entity(tick(state, content).state, "Cy")["aura"] == 9  # back at its full Aura
