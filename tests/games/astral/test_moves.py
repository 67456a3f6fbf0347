"""Distances, moves at the end of the tick, the Away lockout and the final attack, speech."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import away_during_a_fight, cast, door, entity, events, play, tick


def test_distances_are_symmetric_and_start_at_the_default(content):
    state = cast(content, ["Ana Wisp far"])
    assert state["distances"]["Ana"]["Wisp"] == state["distances"]["Wisp"]["Ana"] == "far"
    assert state["distances"]["Cy"]["Orb"] == "near"
    out = play(
        state, content, {"type": "distance", "a": "orb", "b": "CY", "distance": "Touching"}, door()
    )
    assert out.state["distances"]["Orb"]["Cy"] == out.state["distances"]["Cy"]["Orb"] == "touching"


def test_move_changes_only_the_named_pairs_at_the_end_of_the_tick(content):
    state = cast(content)
    out = tick(
        state,
        content,
        "Ana move Wisp Orb to touching",
        "Cy attack Ana",
        dice=door(Ana=(3, 3), Cy=(3, 3)),
    )
    assert out.result["cv"]["Cy"] == 6  # the attack was made at Near: no modifier
    assert out.state["distances"]["Ana"]["Wisp"] == "touching"
    assert out.state["distances"]["Orb"]["Ana"] == "touching"
    assert out.state["distances"]["Wisp"]["Orb"] == "near"
    assert out.state["distances"]["Ana"]["Cy"] == "near"
    assert out.result["distances"] == out.state["distances"]


def test_a_move_must_change_a_distance(content):
    with pytest.raises(RulesError, match="already near"):
        tick(cast(content), content, "Ana move Wisp to near")


def test_conflicting_moves_farther_wins_by_default(content):
    state = cast(content)
    out = tick(state, content, "Ana move Cy to touching", "Cy move Ana to far")
    assert out.state["distances"]["Ana"]["Cy"] == "far"
    nearer = SYSTEM.load_content({"moves": {"conflicting": "nearer"}})
    out = tick(state, nearer, "Ana move Cy to touching", "Cy move Ana to far")
    assert out.state["distances"]["Ana"]["Cy"] == "touching"


def test_moving_away_locks_the_pair_for_2d6_plus_12(content):
    state = cast(content)
    out = tick(state, content, "Ana move Cy to away", dice=door(GM=(2, 2)))
    assert out.state["timers"] == [
        {
            "kind": "lockout",
            "who": "Ana",
            "away_from": ["Cy"],
            "ticks": 16,
            "waits_for_final_attack": False,
        }
    ]
    with pytest.raises(RulesError) as info:
        tick(out.state, content, "Cy move Ana to far")
    assert "cannot come back for 16 more ticks" in info.value.line()
    with pytest.raises(RulesError, match="Away"):
        tick(out.state, content, "Cy attack Ana")


def test_lockout_ends_after_its_ticks(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 1))).state
    state["timers"][0]["ticks"] = 3
    state = tick(state, content).state
    with pytest.raises(RulesError):
        tick(state, content, "Ana move Cy to near")
    state = tick(state, content).state
    out = tick(state, content)
    assert events(out, "lockout_ended") == [
        {"event": "lockout_ended", "who": "Ana", "away_from": ["Cy"]}
    ]
    out = tick(out.state, content, "Ana move Cy to near")
    assert out.state["distances"]["Ana"]["Cy"] == "near"


def test_lockout_during_a_fight_waits_for_the_final_attack(content):
    state = away_during_a_fight(content)
    assert state["fight_on"] is True
    timer = state["timers"][0]
    assert timer["waits_for_final_attack"] is True
    timer["ticks"] = 1
    state = tick(state, content).state
    assert state["timers"][0]["ticks"] == 0  # time is up, but the fight is not over
    with pytest.raises(RulesError) as info:
        tick(state, content, "Ana move Cy to near")
    assert "the final attack" in info.value.line()
    out = play(state, content, {"type": "mark_final_attack"}, door())
    assert out.state["timers"] == [] and out.state["fight_on"] is False
    tick(out.state, content, "Ana move Cy to near")


def test_marking_the_final_attack_first_leaves_only_the_dice(content):
    state = away_during_a_fight(content)
    out = play(state, content, {"type": "mark_final_attack"}, door())
    assert out.state["timers"][0] == {
        "kind": "lockout",
        "who": "Ana",
        "away_from": ["Cy"],
        "ticks": 14,
        "waits_for_final_attack": False,
    }


def test_final_attack_needs_a_fight(content):
    with pytest.raises(RulesError, match="no attack"):
        play(cast(content), content, {"type": "mark_final_attack"}, door())


def test_gm_distance_respects_the_lockout_unless_forced(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 1))).state
    action = {"type": "distance", "a": "Cy", "b": "Ana", "distance": "near"}
    with pytest.raises(RulesError, match="cannot come back"):
        play(state, content, action, door())
    out = play(state, content, {**action, "force": True}, door())
    assert out.state["timers"] == [] and out.state["distances"]["Ana"]["Cy"] == "near"


def test_speech_is_heard_near_or_closer(content):
    state = cast(content, ["Ana Cy far", "Ana Wisp touching"])
    out = tick(state, content, "Ana speak We come in peace", "Ana rest")
    speech = events(out, "speak")[0]
    assert speech == {
        "event": "speak",
        "who": "Ana",
        "message": "We come in peace",
        "heard_by": ["Wisp"],
    }


def test_speech_once_per_tick(content):
    with pytest.raises(RulesError, match="more than once"):
        tick(cast(content), content, "Ana speak hi", "Ana speak 'hello again'")


def test_speech_keeps_apostrophes(content):
    out = tick(cast(content), content, "Cy speak I don't know")
    assert events(out, "speak")[0]["message"] == "I don't know"


def test_examine_needs_near_and_names_the_knowledge(content):
    state = cast(content, ["Ana Orb far"])
    with pytest.raises(RulesError, match="examine reaches near"):
        tick(state, content, "Ana examine Orb")
    out = tick(cast(content), content, "Ana examine Orb")
    event = events(out, "examine")[0]
    assert event["target"] == "Orb" and event["knowledge"] == ["runes", "dreams", "old tongues"]


def test_pc_return_distance_setting(content):
    tuned = SYSTEM.load_content({"knockout": {"pc_return_distance": "far"}})
    state = cast(content)
    entity(state, "Cy")["aura"] = 1
    state = tick(state, tuned, "Ana attack Cy", dice=door(Ana=(6, 6), Cy=(1, 1), GM=(1, 1))).state
    assert state["distances"]["Cy"]["Ana"] == "near"
    state["timers"][0]["ticks"] = 1
    out = tick(state, tuned)
    assert all(out.state["distances"]["Cy"][other] == "far" for other in ("Ana", "Wisp", "Orb"))


def test_a_lockout_of_n_keeps_the_pair_apart_exactly_n_whole_ticks(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 1))).state
    assert state["timers"][0]["ticks"] == 14
    for _ in range(13):
        state = tick(state, content).state
    assert state["timers"][0]["ticks"] == 1
    with pytest.raises(RulesError, match="1 more tick"):
        play(
            state, content, {"type": "distance", "a": "Ana", "b": "Cy", "distance": "near"}, door()
        )
    out = tick(state, content, "Cy move Ana to near")  # lands as the 14th tick ends
    assert out.state["distances"]["Ana"]["Cy"] == "near"
    assert out.state["timers"] == []
    assert [e["event"] for e in out.result["events"]][-2:] == ["lockout_ended", "moved"]


def test_a_return_one_tick_early_is_refused(content):
    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 1))).state
    state["timers"][0]["ticks"] = 2
    with pytest.raises(RulesError, match="cannot come back for 2 more ticks"):
        tick(state, content, "Ana move Cy to near")


def test_a_lockout_waiting_for_the_final_attack_refuses_even_on_its_last_tick(content):
    state = away_during_a_fight(content)
    state["timers"][0]["ticks"] = 1
    with pytest.raises(RulesError, match="the final attack"):
        tick(state, content, "Ana move Cy to near")


def test_names_with_an_apostrophe_can_act_and_be_targeted(content):
    state = play(cast(content), content, {"type": "add", "name": "O'Brien"}, door()).state
    faces = door(**{"O'Brien": (5, 5)}, Cy=(3, 3))
    out = tick(state, content, "O'Brien attack Cy", "Ana move o'brien to far", dice=faces)
    assert out.result["cv"] == {"Cy": 6, "O'Brien": 10}
    assert entity(out.state, "Cy")["aura"] == 12 - 4
    assert out.state["distances"]["Ana"]["O'Brien"] == "far"


def test_move_reads_to_and_the_distance_in_any_case(content):
    out = tick(cast(content), content, "ana MOVE wisp orb TO Far")
    assert out.state["distances"]["Ana"]["Wisp"] == out.state["distances"]["Ana"]["Orb"] == "far"


def test_a_move_with_several_targets_needs_to_change_only_one(content):
    state = cast(content, ["Ana Orb far"])
    out = tick(state, content, "Ana move Wisp Orb to far")
    assert out.state["distances"]["Ana"]["Wisp"] == "far"
    assert [e["other"] for e in events(out, "moved")] == ["Wisp"]
    with pytest.raises(RulesError, match="Ana is already far from Orb"):
        tick(state, content, "Ana move Orb to far")


def test_one_lockout_per_character_however_many_it_moves_away_from(content):
    # "A character that moves Away cannot return for at least 2d6+12 Ticks": one roll for
    # Ana, who moves Away from Cy and Wisp at once: 3 + 4 + 12 = 19 for both.
    out = tick(cast(content), content, "Ana move Cy Wisp to away", dice=door(GM=(3, 4)))
    assert out.state["timers"] == [
        {
            "kind": "lockout",
            "who": "Ana",
            "away_from": ["Cy", "Wisp"],
            "ticks": 19,
            "waits_for_final_attack": False,
        }
    ]
    assert len([r for r in out.result["events"] if r["event"] == "lockout"]) == 1


def test_two_characters_moving_away_from_each_other_roll_one_lockout_each(content):
    # Ana rolls 1 + 1 + 12 = 14, Cy 6 + 6 + 12 = 24; the pair stays apart for the longer.
    out = tick(
        cast(content),
        content,
        "Ana move Cy to away",
        "Cy move Ana to away",
        dice=door(GM=(1, 1, 6, 6)),
    )
    assert [(t["who"], t["away_from"], t["ticks"]) for t in out.state["timers"]] == [
        ("Ana", ["Cy"], 14),
        ("Cy", ["Ana"], 24),
    ]
    state = out.state
    for _ in range(14):
        state = tick(state, content).state
    assert [t["who"] for t in state["timers"]] == ["Cy"]  # Ana's has run out
    with pytest.raises(RulesError, match="cannot come back for 10 more ticks"):
        tick(state, content, "Ana move Cy to near")


def test_forcing_a_distance_lifts_only_that_pair_from_a_lockout(content):
    state = tick(cast(content), content, "Ana move Cy Wisp to away", dice=door(GM=(1, 1))).state
    action = {"type": "distance", "a": "Cy", "b": "Ana", "distance": "near", "force": True}
    out = play(state, content, action, door())
    assert [(t["who"], t["away_from"]) for t in out.state["timers"]] == [("Ana", ["Wisp"])]
    with pytest.raises(RulesError, match="cannot come back"):
        tick(out.state, content, "Ana move Wisp to near")


def test_a_lockout_saved_as_a_pair_still_holds(content):
    # States saved before lockouts were per character hold one timer per pair.
    state = cast(content)
    state["distances"]["Ana"]["Cy"] = state["distances"]["Cy"]["Ana"] = "away"
    state["timers"] = [
        {"kind": "lockout", "pair": ["Ana", "Cy"], "ticks": 3, "waits_for_final_attack": False}
    ]
    with pytest.raises(RulesError, match="cannot come back for 3 more ticks"):
        tick(state, content, "Cy move Ana to near")
    assert SYSTEM.status(state, now=0)["timers"][0]["text"] == "Ana stays Away from Cy for 3 ticks"
    state = tick(tick(state, content).state, content).state
    ended = tick(state, content)
    assert events(ended, "lockout_ended") == [
        {"event": "lockout_ended", "who": "Ana", "away_from": ["Cy"]}
    ]


def test_lockout_faces_for_a_mover_knocked_out_are_logged_not_counted(content):
    # Cy (1 Aura) moves Away from Wisp but Ana's 12 against Cy's 2 + 2 (move) knocks Cy
    # out: the move never lands, so the GM's lockout roll (3, 4) does not count; the GM's
    # gone roll for Cy (1, 1) comes first: 1 + 1 + 12 = 14 ticks.
    state = cast(content)
    entity(state, "Cy")["aura"] = 1
    out = tick(state, content, "Ana attack Cy", "Cy move Wisp to away",
               dice=door(Ana=(6, 6), Cy=(1, 1), GM=(1, 1, 3, 4)))  # fmt: skip
    assert out.state["distances"]["Cy"]["Wisp"] == "near" and out.state["timers"][0]["ticks"] == 14
    unused = events(out, "not_counted")
    assert [d["face"] for d in unused[0]["roll"]["dice"]] == [3, 4]
    assert unused[0]["why"] == "Cy was knocked out, so the move Away did not happen"
