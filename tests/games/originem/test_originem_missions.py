"""Missions: the cap on missions under way, scene progress, completion and knowledge,
the exploration shortcut, and the final mission."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from tests.games.originem.helpers import Play, scene, start

COMPLETE = {  # faces that complete each kind of scene for its best roller
    "exploration": (scene("exploration", "Larlen"), (5, 5, 5)),
    "puzzle": (scene("puzzle", "Delilah"), (6, 6, 6)),
    "general": (scene("general", "Remmy"), (6, 6, 6)),
    "healing": (scene("healing", "Remmy"), (5,)),
}


def test_starting_a_mission(play: Play, state: dict[str, Any]) -> None:
    result = play(start("ship-defense")).result
    assert result["mission"]["state"] == "under_way"
    assert state["missions"]["ship_defense"]["state"] == "under_way"
    with pytest.raises(RulesError, match="already under way"):
        play(start("Ship Defense"))


def test_unknown_mission_lists_the_valid_ones(play: Play) -> None:
    with pytest.raises(UsageError) as caught:
        play(start("Moon Run"))
    assert "valid: Ship Defense, Flora Overload" in caught.value.line()


def test_at_most_four_missions_at_once(play: Play) -> None:
    for name in ("Ship Defense", "Flora Overload", "Hostage Rescue", "Encampment Siege"):
        play(start(name))
    with pytest.raises(RulesError) as caught:
        play(start("Heavily Surrounded"))
    assert caught.value.message.startswith("4 missions are already under way (Ship Defense,")


def test_a_mission_completes_with_its_last_scene(play: Play, state: dict[str, Any]) -> None:
    play(start("Map Out Ancient Forest"))  # exploration, general, exploration: 1 KP
    for kind in ("exploration", "general"):
        action, faces = COMPLETE[kind]
        result = play(action, *faces).result
        assert result["mission"] == "Map Out Ancient Forest"
        assert result["mission_complete"] is False
    action, faces = COMPLETE["exploration"]
    result = play(action, *faces).result
    assert result["mission_complete"] is True and result["knowledge_gained"] == 1
    assert state["knowledge"] == {"have": 1, "need": 5}
    assert state["missions"]["map_out_ancient_forest"]["state"] == "complete"
    with pytest.raises(RulesError, match="already complete"):
        play(start("Map Out Ancient Forest"))


def test_a_scene_the_mission_lacks_is_refused(play: Play) -> None:
    play(start("Build Up Ship Walls"))  # puzzle, general, puzzle
    with pytest.raises(RulesError, match="has no exploration scene left"):
        play(scene("exploration", "Larlen", mission="Build Up Ship Walls"), 5, 5, 5)


def test_a_scene_outside_missions_changes_no_mission(play: Play, state: dict[str, Any]) -> None:
    play(start("Build Up Ship Walls"))
    result = play(scene("exploration", "Larlen"), 5, 5, 5).result  # no mission needs one
    assert result["mission"] is None
    result = play(scene("puzzle", "Delilah", mission="none"), 6, 6, 6).result
    assert result["mission"] is None
    assert state["missions"]["build_up_ship_walls"]["done"] == [False, False, False]


def test_two_candidate_missions_must_be_named(play: Play) -> None:
    play(start("Build Up Ship Walls"))
    play(start("Build Mini Satellite"))
    with pytest.raises(UsageError, match="several missions under way have puzzle scenes left"):
        play(scene("puzzle", "Delilah"), 6, 6, 6)
    result = play(scene("puzzle", "Delilah", mission="Build Mini Satellite"), 6, 6, 6).result
    assert result["mission_progress"]["scenes_done"] == 1


def test_scene_of_a_mission_not_started(play: Play) -> None:
    with pytest.raises(RulesError, match="Ship Defense is not under way"):
        play(scene("puzzle", "Delilah", mission="Ship Defense"), 6, 6, 6)


def test_shortcut_ends_the_mission(play: Play, state: dict[str, Any]) -> None:
    play(start("Hostage Rescue"))
    result = play(scene("exploration", "Larlen"), 10, 10, 1).result
    assert result["outcome"] == "shortcut"
    assert result["mission_complete"] is True and result["knowledge_gained"] == 2
    assert state["missions"]["hostage_rescue"]["done"] == [True] * 4


def test_escaping_avoids_the_battle_but_not_the_combat_scene(
    play: Play, state: dict[str, Any]
) -> None:
    # "7-10 : Runaway successful, avoid battle": the battle did not happen, so the mission's
    # combat scene is still to play (Chase Retreating Enemies is not won by running twice).
    play(start("Chase Retreating Enemies"))  # exploration, combat, combat
    for _ in range(2):
        result = play({"type": "runaway", "by": "Larlen"}, 7).result
        assert result["outcome"] == "escaped"
        assert result["mission_progress"]["scenes_left"] == ["exploration", "combat", "combat"]
        assert (
            result["note"] == "the battle is avoided; the mission's combat scene is still to play"
        )
    result = play({"type": "runaway", "by": "Larlen"}, 6).result
    assert result["engage"] is True and result["mission_progress"]["scenes_done"] == 0


def _finish(play: Play, state: dict[str, Any], name: str) -> None:
    play(start(name))
    play(scene("exploration", "Larlen", mission=name), 10, 10, 10)  # shortcut


def test_final_mission_unlocks_at_the_knowledge_needed(play: Play, state: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="unlocks at 5 knowledge points and the crew has 0"):
        play(start("Activate the Artifact"))
    _finish(play, state, "Ship Defense")
    _finish(play, state, "Flora Overload")
    assert state["missions"]["activate_the_artifact"]["state"] == "locked"
    play(start("Map Out Ancient Forest"))
    result = play(scene("exploration", "Larlen"), 10, 10, 10).result
    assert result["final_unlocked"] == "Activate the Artifact"
    assert state["knowledge"] == {"have": 5, "need": 5}
    play(start("Activate the Artifact"))


def test_final_mission_shortcut_completes_one_scene(play: Play, state: dict[str, Any]) -> None:
    state["knowledge"]["have"] = 5
    state["missions"]["activate_the_artifact"]["state"] = "not_started"
    play(start("Activate the Artifact"))  # exploration, puzzle, combat
    result = play(scene("exploration", "Larlen"), 10, 10, 10).result
    assert result["mission_complete"] is False
    assert result["mission_progress"]["scenes_left"] == ["puzzle", "combat"]
    result = play({"type": "runaway", "by": "Larlen"}, 10).result
    assert "must be won" in result["note"]
    assert result["mission_progress"]["scenes_left"] == ["puzzle", "combat"]


def test_in_order_ruling(content: OriginemContent, state: dict[str, Any]) -> None:
    rulings = content.rulings.model_copy(update={"scene_order": "in_order"})
    strict = content.model_copy(
        update={"rules": content.rules.model_copy(update={"rulings": rulings})}
    )
    SYSTEM.apply(state, start("Ship Defense"), DiceDoor(), strict)  # general first
    with pytest.raises(RulesError, match="its next scene is general"):
        SYSTEM.apply(
            state,
            scene("puzzle", "Delilah", mission="Ship Defense"),
            DiceDoor.entered_faces(6, 6, 6),
            strict,
        )


def test_after_a_failed_runaway_the_fight_comes_next(play: Play, state: dict[str, Any]) -> None:
    play(start("Face Opponents Head On"))  # combat, general, combat
    play(start("Heavily Surrounded"))  # also has a combat scene
    play({"type": "runaway", "by": "Larlen", "mission": "Face Opponents Head On"}, 6)
    assert SYSTEM.status(state, now=0)["engaged"] is True
    with pytest.raises(RulesError, match="the runaway failed: the fight is on"):
        play({"type": "runaway", "by": "Larlen", "mission": "Face Opponents Head On"}, 10)
    with pytest.raises(RulesError, match="the runaway failed: the fight is on"):
        play(scene("general", "Remmy"), 5, 5, 5)
    fight = play({"type": "combat_start", "enemies": ["low"], "gm_die": "d6"}).result
    assert fight["combat"]["mission"] == "Face Opponents Head On"
    assert SYSTEM.status(state, now=0)["engaged"] is False
    play({"type": "combat_end"})
    play(scene("general", "Remmy", mission="Face Opponents Head On"), 5, 5, 5)


def test_a_failed_runaway_may_leave_the_crew_free(content: OriginemContent) -> None:
    rulings = content.rulings.model_copy(update={"failed_runaway_forces_fight": False})
    free = content.model_copy(
        update={"rules": content.rules.model_copy(update={"rulings": rulings})}
    )
    state = SYSTEM.new_state(free, {}, DiceDoor())
    SYSTEM.apply(state, {"type": "runaway", "by": "Larlen"}, DiceDoor.entered_faces(6), free)
    again = SYSTEM.apply(
        state, {"type": "runaway", "by": "Larlen"}, DiceDoor.entered_faces(9), free
    )
    assert again.result["outcome"] == "escaped"
