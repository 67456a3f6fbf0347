"""``ftl ship new`` keeps the ship so far when Ctrl-C leaves its menu, and the next
``ship new`` of the same file offers to resume it."""

from __future__ import annotations

from pathlib import Path

from gmtool.cli.playloop.scripted import CTRL_C, ESC, ScriptedPrompts
from gmtool.games.ftl.commands import kept_draft
from gmtool.games.ftl.commands.builder import build_ship
from gmtool.games.ftl.rules.ship import read_ship
from tests.games.ftl.helpers import content

FIRST = (
    "Skiff", "weapons_4_drones_2",
    "2x1", "0 0", "bridge", "piloting", "2 (55 scrap)",
    "add a room", "2x2", "2 0", "guns", "weapon_control", "2 (115 scrap)",
    "add a door", "bridge", "guns",
)  # fmt: skip
REST = (
    "add a weapon", "laser (12)", "burst_laser (50 scrap, 2 power)",
    "add a crew member", "human (45 scrap)", "Ana", "bridge",
    "reactor power and supplies", "reactor", "4",
    "save",
)  # fmt: skip
RESUME = "resume the draft of Skiff"


def test_ctrl_c_keeps_the_draft_and_the_next_build_resumes_it(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "skiff.yaml"
    assert build_ship(path, content(), ScriptedPrompts(*FIRST, CTRL_C)) is False
    assert not path.exists()
    said = " ".join(capsys.readouterr().out.split())
    assert "the ship so far is kept, and 'gmtool ftl ship new" in said
    assert [room["id"] for room in (kept_draft.load(path) or {})["rooms"]] == ["bridge", "guns"]
    ask = ScriptedPrompts(RESUME, *REST)
    assert build_ship(path, content(), ask) is True
    assert ask.asked[0] == "A ship left unfinished is kept."
    ship, _ = read_ship(path)
    assert [room.id for room in ship.rooms] == ["bridge", "guns"]
    assert ship.weapons == ["burst_laser"]
    assert kept_draft.load(path) is None  # saved: the draft is gone


def test_ctrl_c_inside_a_step_goes_back_to_the_menu_and_then_keeps_the_draft(
    tmp_path: Path,
) -> None:
    path = tmp_path / "skiff.yaml"
    script = ScriptedPrompts(*FIRST, "add a room", "2x1", CTRL_C, CTRL_C)
    assert build_ship(path, content(), script) is False
    assert len((kept_draft.load(path) or {})["rooms"]) == 2  # the unfinished room is not in it


def test_start_over_and_quit_drop_the_draft(tmp_path: Path) -> None:
    path = tmp_path / "skiff.yaml"
    assert build_ship(path, content(), ScriptedPrompts(*FIRST, CTRL_C)) is False
    assert build_ship(path, content(), ScriptedPrompts("start over", "Skiff", ESC, ESC)) is False
    assert kept_draft.load(path) is None
    assert build_ship(path, content(), ScriptedPrompts(*FIRST, CTRL_C)) is False
    quit_ = ScriptedPrompts(RESUME, "quit without saving")
    assert build_ship(path, content(), quit_) is False
    assert kept_draft.load(path) is None and not path.exists()


def test_a_draft_is_kept_per_ship_file(tmp_path: Path) -> None:
    one, other = tmp_path / "one.yaml", tmp_path / "other.yaml"
    assert build_ship(one, content(), ScriptedPrompts(*FIRST, CTRL_C)) is False
    assert kept_draft.load(other) is None
    kept_draft.draft_path(other).parent.mkdir(parents=True, exist_ok=True)
    kept_draft.draft_path(other).write_text("{not json")  # a damaged draft is not offered
    assert kept_draft.load(other) is None
