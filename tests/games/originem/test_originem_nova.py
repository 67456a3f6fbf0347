"""The NOVA counter (start, pause, resume, penalties, zero), knowledge needed by length,
new games from options, and the status document."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from gmtool.games.originem.rules.nova import knowledge_needed
from tests.games.originem.helpers import Play, scene

T0 = 1_700_000_000.0


def test_clock_runs_pauses_and_resumes(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    assert SYSTEM.status(state, now=T0 + 100)["nova"]["remaining_seconds"] == 1700
    play({"type": "nova_pause", "now": T0 + 100})
    assert SYSTEM.status(state, now=T0 + 5000)["nova"] == {
        "remaining_seconds": 1700,
        "running": False,
        "started": True,
        "length_seconds": 1800,
        "unattended_seconds": 0,
        "zero_at": None,
        "loss_unwritten": False,
    }
    play({"type": "nova_resume", "now": T0 + 5000})
    assert SYSTEM.status(state, now=T0 + 5200)["nova"]["remaining_seconds"] == 1500


def test_clock_misuse(play: Play) -> None:
    with pytest.raises(RulesError, match="never started"):
        play({"type": "nova_resume", "now": T0})
    with pytest.raises(UsageError, match="needs the time"):
        play({"type": "nova_start"})
    play({"type": "nova_start", "now": T0})
    with pytest.raises(RulesError, match="already started"):
        play({"type": "nova_start", "now": T0})
    with pytest.raises(RulesError, match="already running"):
        play({"type": "nova_resume", "now": T0})


def test_penalties_take_time(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    play({"type": "nova_penalty", "penalty": "lost", "now": T0 + 10})
    play({"type": "nova_penalty", "seconds": 30, "now": T0 + 10})
    assert SYSTEM.status(state, now=T0 + 10)["nova"]["remaining_seconds"] == 1800 - 10 - 90
    with pytest.raises(UsageError) as caught:
        play({"type": "nova_penalty", "penalty": "nap"})
    assert caught.value.line() == "unknown NOVA penalty 'nap' (valid: lost)"


def test_at_zero_the_crew_has_lost(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    status = SYSTEM.status(state, now=T0 + 1800)
    assert status["nova"]["remaining_seconds"] == 0 and status["ended"] == "lost"
    with pytest.raises(RulesError, match="NOVA counter has reached zero"):
        play({**scene("general", "Remmy"), "now": T0 + 1800}, 1, 1, 1)
    result = play({**scene("general", "Remmy"), "now": T0 + 1799}, 1, 1, 1).result
    assert result["outcome"] == "bad"


def test_lost_in_the_last_minute_loses(play: Play, state: dict[str, Any]) -> None:
    state["nova"]["remaining"] = 60.0
    play(scene("exploration", "Pierre"), 1, 1, 1)
    assert state["ended"] == "lost"
    assert SYSTEM.status(state, now=T0)["ended_reason"] == "the NOVA counter reached zero"


@pytest.mark.parametrize(
    ("minutes", "need"), [(30, 5), (45, 10), (60, 15), (40, 8), (25, 5), (10, 5), (90, 25)]
)
def test_knowledge_needed_by_length(content: OriginemContent, minutes: int, need: int) -> None:
    assert knowledge_needed(content.nova, minutes) == need


def test_new_game_from_options(content: OriginemContent) -> None:
    state = SYSTEM.new_state(
        content, {"length": 45, "crew": ["doctor", "Ana=scientist"], "seed": 3}, DiceDoor()
    )
    assert [(m["name"], m["class"], m["hp"]) for m in state["crew"]] == [
        ("Remmy", "doctor", 60),
        ("Ana", "scientist", 50),
    ]
    assert state["knowledge"] == {"have": 0, "need": 10}
    assert state["nova"]["remaining"] == 45 * 60
    custom = SYSTEM.new_state(content, {"crew": {"Zed": "engineer"}, "knowledge": 7}, DiceDoor())
    assert custom["crew"][0]["class_title"] == "Engineer" and custom["knowledge"]["need"] == 7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"knowledge": 3}, "at least 5 knowledge points"),
        ({"crew": ["bard"]}, "unknown class 'bard'"),
        ({"crew": ["doctor", "Remmy"]}, "two crew members are called Remmy"),
        ({"length": "soon"}, "length must be minutes or a time"),
        ({"lenght": 30}, "unknown Originem option 'lenght'"),
    ],
)
def test_bad_options(content: OriginemContent, options: dict[str, Any], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        SYSTEM.new_state(content, options, DiceDoor())


def test_crew_changes(play: Play, state: dict[str, Any]) -> None:
    play({"type": "crew_add", "name": "Ana", "class": "Doctor"})
    assert state["crew"][-1] == {
        "name": "Ana",
        "class": "doctor",
        "class_title": "Doctor",
        "hp": 60,
        "max_hp": 60,
    }
    play({"type": "crew_remove", "name": "pierre"})
    assert [m["name"] for m in state["crew"]] == ["Delilah", "Remmy", "Larlen", "Ana"]


def test_status_matches_the_json_contract(play: Play, state: dict[str, Any]) -> None:
    play({"type": "mission_start", "mission": "Ship Defense"})
    status = SYSTEM.status(state, now=T0)
    assert status["nova"]["remaining_seconds"] == 1800 and status["nova"]["running"] is False
    assert status["knowledge"] == {"have": 0, "need": 5}
    assert {k: status["crew"][0][k] for k in ("name", "class", "hp", "max_hp")} == {
        "name": "Pierre",
        "class": "combat_specialist",
        "hp": 80,
        "max_hp": 80,
    }
    first = status["missions"][0]
    assert {k: first[k] for k in ("name", "kind", "knowledge", "state")} == {
        "name": "Ship Defense",
        "kind": "general",
        "knowledge": 2,
        "state": "under_way",
    }
    assert status["missions"][-1]["state"] == "locked"
    assert len(status["missions"]) == 21


def test_status_needs_neither_content_nor_pydantic(state: dict[str, Any]) -> None:
    """``gmtool status`` stays fast: the rules package loads no YAML library or schema."""
    import json
    import subprocess
    import sys

    code = (
        "import json, sys\n"
        "from gmtool.games.originem.game import SYSTEM\n"
        "doc = SYSTEM.status(json.loads(sys.stdin.read()), now=0)\n"
        "assert 'pydantic' not in sys.modules and 'yaml' not in sys.modules, sorted(sys.modules)\n"
        "print(doc['knowledge']['need'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=json.dumps(state), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "5"
