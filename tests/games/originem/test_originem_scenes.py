"""Rolled scenes: who rolls which die, the three-roll rule, the result document, the
"+1 to next roll" bonus, and refusals that leave the state as it was."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import DiceError, RulesError, UsageError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from tests.games.originem.helpers import Play, scene


def test_result_matches_the_json_contract(play: Play) -> None:
    result = play(scene("exploration", "Larlen", "Pierre", "Remmy"), 4, 2, 3).result
    assert result["rolls"] == [
        {"by": "Larlen", "die": "d10", "face": 4, "source": "entered"},
        {"by": "Pierre", "die": "d6", "face": 2, "source": "entered"},
        {"by": "Remmy", "die": "d8", "face": 3, "source": "entered"},
    ]
    assert result["total"] == 9
    assert result["outcome"] == "complete"
    assert result["effects"] == {"complete_scene": True}


def test_log_fields_are_filled(play: Play) -> None:
    outcome = play(scene("puzzle", "Delilah", "Larlen", "Delilah"), 1, 1, 1)
    assert (outcome.who, outcome.what, outcome.outcome, outcome.scene) == (
        "Delilah, Larlen",
        "puzzle scene",
        "failed",
        "puzzle",
    )


def test_one_name_rolls_all_three(play: Play) -> None:
    result = play(scene("general", "Remmy"), 1, 2, 3).result
    assert [r["by"] for r in result["rolls"]] == ["Remmy"] * 3
    assert {r["die"] for r in result["rolls"]} == {"d8"}


def test_each_roller_uses_their_own_die(play: Play) -> None:
    result = play(scene("puzzle", "Delilah", "Larlen", "Pierre"), 10, 8, 6).result
    assert [r["die"] for r in result["rolls"]] == ["d10", "d8", "d6"]
    assert result["total"] == 24 and result["outcome"] == "bonus"


def test_a_face_too_big_for_the_rollers_die_is_refused(play: Play) -> None:
    with pytest.raises(DiceError, match="not on a d6"):
        play(scene("exploration", "Pierre", "Pierre", "Pierre"), 7, 1, 1)


@pytest.mark.parametrize("by", [("Larlen", "Pierre"), ("Larlen",) * 4])
def test_three_roll_scenes_take_exactly_three_rolls(play: Play, by: tuple[str, ...]) -> None:
    with pytest.raises(
        UsageError, match="exploration scenes take 3 rolls: name one crew member per roll"
    ):
        play(scene("exploration", *by), 1, 1, 1)


def test_runaway_takes_one_roll(play: Play) -> None:
    with pytest.raises(UsageError, match="runaway: one roll by one crew member, not 2"):
        play(scene("runaway", "Larlen", "Pierre"), 1, 1)
    result = play({"type": "runaway", "by": "Delilah"}, 7).result
    assert result["rolls"][0]["die"] == "d8" and result["outcome"] == "escaped"


def test_unknown_names_list_the_valid_ones(play: Play) -> None:
    with pytest.raises(UsageError) as caught:
        play(scene("exploration", "Bob"), 1, 1, 1)
    assert caught.value.line() == (
        "unknown crew member 'Bob' (valid: Pierre, Delilah, Remmy, Larlen)"
    )
    with pytest.raises(UsageError) as caught:
        play(scene("dancing", "Larlen"), 1, 1, 1)
    assert "valid: exploration, general, healing, puzzle, runaway" in caught.value.line()
    with pytest.raises(UsageError, match="combat commands"):
        play(scene("combat", "Pierre"), 1)


def test_names_are_matched_loosely(play: Play) -> None:
    result = play(scene("exploration", "larlen"), 1, 1, 1).result
    assert result["rolls"][0]["by"] == "Larlen"


def test_only_a_healer_rolls_a_healing_scene(play: Play) -> None:
    with pytest.raises(RulesError, match=r"Pierre \(Combat Specialist\) has no die for healing"):
        play(scene("healing", "Pierre"), 4)


def test_healing_scene_heals_the_target(play: Play, state: dict[str, Any]) -> None:
    state["crew"][0]["hp"] = 40
    result = play(scene("healing", "Remmy", target="Pierre"), 4).result
    assert result["healed"] == {"name": "Pierre", "amount": 5, "hp": 45}
    state["crew"][0]["hp"] = 78
    assert play(scene("healing", "Remmy", target="Pierre"), 8).result["healed"]["amount"] == 2
    assert play(scene("healing", "Remmy", target="Pierre"), 3).result.get("healed") is None


def test_a_downed_crew_member_cannot_roll(play: Play, state: dict[str, Any]) -> None:
    state["crew"][3]["hp"] = 0
    with pytest.raises(RulesError, match="Larlen is down"):
        play(scene("exploration", "Larlen"), 1, 1, 1)


def test_getting_lost_costs_a_minute_and_does_not_complete(
    play: Play, state: dict[str, Any]
) -> None:
    play({"type": "mission_start", "mission": "Map Out Ancient Forest"})
    result = play(scene("exploration", "Pierre"), 1, 1, 1).result
    assert result["outcome"] == "lost"
    assert state["nova"]["remaining"] == 30 * 60 - 60
    assert result["mission_complete"] is False
    assert result["mission_progress"]["scenes_done"] == 0


def test_puzzle_bonus_goes_to_the_next_puzzle(play: Play, state: dict[str, Any]) -> None:
    first = play(scene("puzzle", "Pierre"), 2, 1, 2).result  # 5: failed, +1 to next roll
    assert first["outcome"] == "failed_bonus" and first["bonus_waiting"] == 1
    other = play(scene("general", "Pierre"), 1, 1, 1).result  # another type keeps it waiting
    assert other["bonus"] == 0 and other["total"] == 3
    second = play(scene("puzzle", "Delilah"), 10, 4, 1).result  # 15 + 1 = 16: complete
    assert second["bonus"] == 1 and second["total"] == 16 and second["outcome"] == "complete"
    assert state["bonus"] == {}


def test_bonus_does_not_stack_by_default(play: Play, state: dict[str, Any]) -> None:
    play(scene("puzzle", "Pierre"), 2, 1, 2)
    play(scene("puzzle", "Pierre"), 2, 1, 1)  # 4 + 1 = 5: failed_bonus again
    assert state["bonus"] == {"scene:puzzle": 1}


def test_bonus_scope_any_scene(content: OriginemContent, state: dict[str, Any]) -> None:
    rules = content.rules.model_copy(
        update={"rulings": content.rulings.model_copy(update={"bonus_scope": "any_scene"})}
    )
    loose = content.model_copy(update={"rules": rules})
    SYSTEM.apply(state, scene("puzzle", "Pierre"), DiceDoor.entered_faces(2, 1, 2), loose)
    result = SYSTEM.apply(state, scene("general", "Pierre"), DiceDoor.entered_faces(1, 1, 1), loose)
    assert result.result["bonus"] == 1 and result.result["total"] == 4


def test_refused_actions_change_nothing(play: Play, state: dict[str, Any]) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(UsageError):
        play(scene("exploration", "Larlen", "Nobody", "Larlen"), 1, 1, 1)
    assert state == before


def test_a_target_for_a_scene_that_heals_no_one_is_refused(play: Play) -> None:
    with pytest.raises(UsageError, match="exploration scenes heal no one, so they take no target"):
        play(scene("exploration", "Larlen", target="Pierre"), 5, 5, 5)
