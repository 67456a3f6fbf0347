"""Once the crew has won or lost, the game is over: every action is refused and the NOVA
counter stops where it was."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from tests.games.originem.helpers import Play, scene, start

T0 = 1_700_000_000.0

AFTER_THE_END = [
    {"type": "nova_pause"},
    {"type": "nova_resume"},
    {"type": "nova_penalty", "penalty": "lost"},
    {"type": "crew_add", "class": "doctor", "name": "Ana"},
    {"type": "crew_remove", "name": "Pierre"},
    {"type": "mission_start", "mission": "Ship Defense"},
]


def _win(play: Play, state: dict[str, Any], now: float) -> None:
    state["knowledge"]["have"] = 5
    state["missions"]["activate_the_artifact"]["state"] = "not_started"
    state["missions"]["activate_the_artifact"]["done"] = [True, True, False]
    play({**start("Activate the Artifact"), "now": now})
    play({"type": "combat_start", "enemies": ["low"], "gm_die": "d6", "now": now})
    play({"type": "combat_initiative", "by": "Pierre", "now": now}, 9, 1)
    state["combat"]["enemies"][0]["hp"] = 1
    play({"type": "combat_attack", "by": "Pierre", "target": "low-1", "now": now}, 3, 1)
    assert state["ended"] == "won"


@pytest.mark.parametrize("action", AFTER_THE_END, ids=lambda a: a["type"])
def test_nothing_happens_after_the_clock_runs_out(
    play: Play, state: dict[str, Any], action: dict[str, Any]
) -> None:
    play({"type": "nova_start", "now": T0})
    with pytest.raises(RulesError, match="NOVA counter has reached zero"):
        play({**action, "now": T0 + 1800})


@pytest.mark.parametrize("action", AFTER_THE_END, ids=lambda a: a["type"])
def test_nothing_happens_after_a_win(
    play: Play, state: dict[str, Any], action: dict[str, Any]
) -> None:
    play({"type": "nova_start", "now": T0})
    _win(play, state, T0 + 60)
    with pytest.raises(RulesError, match="already won"):
        play({**action, "now": T0 + 120})


def test_a_fight_cannot_be_called_off_after_a_penalty_ends_the_game(
    play: Play, state: dict[str, Any]
) -> None:
    play({"type": "combat_start", "enemies": ["low"], "gm_die": "d6"})
    state["nova"]["remaining"] = 30.0
    play({"type": "nova_penalty", "penalty": "lost"})
    with pytest.raises(RulesError, match="the crew has lost"):
        play({"type": "combat_end"})


def test_the_clock_stops_when_the_crew_wins(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    _win(play, state, T0 + 100)
    later = SYSTEM.status(state, now=T0 + 5000)
    assert later["nova"]["remaining_seconds"] == 1700 and later["nova"]["running"] is False
    assert later["ended"] == "won"


def test_the_clock_stops_when_the_whole_crew_falls(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    for member in state["crew"]:
        member["hp"] = 0 if member["name"] != "Larlen" else 2
    play({"type": "combat_start", "enemies": ["low"], "gm_die": "d6", "now": T0 + 10})
    play({"type": "combat_initiative", "by": "Larlen", "now": T0 + 10}, 1, 6)
    play(
        {"type": "combat_enemy_attack", "enemy": "low-1", "target": "Larlen", "now": T0 + 50}, 4, 1
    )
    later = SYSTEM.status(state, now=T0 + 9000)
    assert later["ended"] == "lost" and later["ended_reason"] == "the whole crew is down"
    assert later["nova"]["remaining_seconds"] == 1750 and later["nova"]["running"] is False


def test_a_scene_still_works_in_the_last_second(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    result = play({**scene("general", "Remmy"), "now": T0 + 1799.5}, 1, 1, 1).result
    assert result["outcome"] == "bad"


def test_a_clock_at_zero_need_not_end_the_game(content: OriginemContent) -> None:
    rulings = content.rulings.model_copy(update={"nova_zero_ends_game": False})
    lenient = content.model_copy(
        update={"rules": content.rules.model_copy(update={"rulings": rulings})}
    )
    state = SYSTEM.new_state(lenient, {}, DiceDoor())
    SYSTEM.apply(state, {"type": "nova_start", "now": T0}, DiceDoor(), lenient)
    SYSTEM.apply(state, {"type": "nova_penalty", "seconds": 1800, "now": T0}, DiceDoor(), lenient)
    assert state["ended"] is None
    later = SYSTEM.status(state, now=T0 + 10)
    assert later["nova"]["remaining_seconds"] == 0 and later["ended"] is None
    result = SYSTEM.apply(
        state,
        {**scene("general", "Remmy"), "now": T0 + 10},
        DiceDoor.entered_faces(1, 1, 1),
        lenient,
    )
    assert result.result["outcome"] == "bad"
