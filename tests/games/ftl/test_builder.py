"""The interactive ship builder, driven by scripted answers."""

from __future__ import annotations

from pathlib import Path

from gmtool.cli.playloop.scripted import ESC, ScriptedPrompts
from gmtool.games.ftl.commands.builder import build_ship
from gmtool.games.ftl.rules.checks import ship_problems
from gmtool.games.ftl.rules.ship import read_ship
from tests.games.ftl.helpers import content


def test_build_and_refusals(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "skiff.yaml"
    ask = ScriptedPrompts(
        "Skiff", "weapons_4_drones_2",
        "2x1", "0 0", "bridge", "piloting", "2 (55 scrap)",
        "add a room", "2x2", "2 0", "guns", "weapon_control", "2 (115 scrap)",
        "add a door", "bridge", "guns",
        "add a door", "bridge", "space", ESC, ESC,
        "add a weapon", "laser (12)", "burst_laser (50 scrap, 2 power)",
        "add a weapon", "laser (12)", "heavy_laser (55 scrap, 1 power)", ESC, ESC,
        "add a weapon", ESC,
        "add a crew member", "human (45 scrap)", "Ana", "bridge",
        "train a crew member", "1. Ana (human)", "piloting", "2",
        "reactor power and supplies", "reactor", "lots", "4",
        "reactor power and supplies", "fuel", "5",
        "save",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is True
    out = capsys.readouterr().out
    assert "refused: rooms: 1 doors to space; 2 rooms allow 0" in out
    assert "refused: weapons: the weapons need 3 power but weapon_control is level 2" in out
    assert ask.refused == ["'lots' is not a whole number of 0 or more"]
    ship, _ = read_ship(path)
    assert ship_problems(ship, content()) == []
    # Piloting 2 (55) + weapon control 2 (115) + burst laser 50 + Ana free, piloting 2 for a
    # human (15 + 30) + reactor 4 x 20 + fuel 5 x 3 = 360.
    assert ship.weapons == ["burst_laser"] and ship.reactor == 4 and ship.fuel == 5
    assert ship.crew[0].skills == {"piloting": 2} and ship.rooms[0].doors == ["guns"]
    assert "Skiff: 360 scrap spent, 1,740 left of 2,100 (2 rooms)" in out


def test_leaving_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    assert build_ship(path, content(), ScriptedPrompts("Skiff", ESC, ESC)) is False
    ask = ScriptedPrompts(
        "Skiff", "weapons_2_drones_3", "2x2", "0 0", "a", "no system", "quit without saving"
    )
    assert build_ship(path, content(), ask) is False
    assert not path.exists()


def test_save_is_refused_while_a_problem_remains(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.yaml"
    ask = ScriptedPrompts(
        "X", "weapons_2_drones_3", "2x1", "0 0", "a", "no system",
        "add a room", "2x1", "2 0", "b", "no system",
        "remove something", "room: a",
        "quit without saving",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is False
    assert not path.exists()


def test_a_file_that_cannot_be_written_is_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "taken"
    path.mkdir()  # a folder where the file should go: even root cannot write it
    ask = ScriptedPrompts(
        "X", "weapons_2_drones_3", "2x1", "0 0", "a", "no system", "save", "quit without saving"
    )
    assert build_ship(path, content(), ask) is False
    out = " ".join(capsys.readouterr().out.split())  # the error line may wrap
    assert f"error: cannot write {path}: Is a directory" in out


def test_ship_new_refuses_a_missing_folder(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("ftl", "ship", "new", str(tmp_path / "nope" / "x.yaml"))
    assert result.code == 2 and "there is no folder" in result.err


def test_a_room_left_of_the_first_moves_the_ship_to_the_origin(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    ask = ScriptedPrompts(
        "X", "weapons_2_drones_3", "2x1", "0 0", "a", "no system",
        "add a room", "2x1", "-2 0", "b", "no system",
        "save",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is True
    ship, _ = read_ship(path)
    assert [(room.id, room.at) for room in ship.rooms] == [("a", [2, 0]), ("b", [0, 0])]
    places = next(offered for offered in ask.offered if "-2 0" in offered)
    assert "0 1" in places and "2 0" in places and "0 0" not in places


def test_esc_goes_back_one_question(tmp_path: Path) -> None:
    # Esc at the slots asks the name again (typed in for editing); Esc at the first room's
    # name asks its corner again; Esc at a room's system asks its name, then its corner;
    # Esc at "Into?" asks which room again, then the menu.
    path = tmp_path / "x.yaml"
    ask = ScriptedPrompts(
        "Skif", ESC, "Skiff", "weapons_2_drones_3",
        "2x1", "0 0", ESC, ESC, "2x2", "0 0", "a", "no system",
        "add a room", "2x1", "2 0", "b", ESC, ESC, "2 1", "b", "no system",
        "add a door", "a", ESC, ESC,
        "save",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is True
    assert ask.asked[:3] == ["The ship's name?", "Slots: weapons and drones?", "The ship's name?"]
    assert ask.defaults[2] == "Skif"
    ship, _ = read_ship(path)
    assert ship.name == "Skiff"
    assert [(room.id, room.size, room.at) for room in ship.rooms] == [
        ("a", "2x2", [0, 0]),
        ("b", "2x1", [2, 1]),
    ]


def test_a_refused_choice_asks_that_question_again(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.yaml"
    ask = ScriptedPrompts(
        "X", "weapons_2_drones_3", "2x1", "0 0", "a", "no system",
        "add a room", "2x1", "2 0", "b", "no system",
        "add a door", "a", "space", "b", "save",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is True
    assert "refused: rooms: 1 doors to space; 2 rooms allow 0" in capsys.readouterr().out
    assert ask.asked[-3:] == ["Into?", "Into?", "What next?"]
    ship, _ = read_ship(path)
    assert ship.rooms[0].doors == ["b"]


def test_weapons_and_drones_are_chosen_by_kind_in_lists_that_fit_a_screen(tmp_path: Path) -> None:
    # Forty-odd weapons in one list run off a 24-line terminal, the pointer out of sight.
    path = tmp_path / "x.yaml"
    ask = ScriptedPrompts(
        "X", "weapons_2_drones_3", "2x2", "0 0", "guns", "weapon_control", "3 (140 scrap)",
        "add a room", "2x2", "2 0", "bay", "drone_control", "2 (65 scrap)",
        "add a weapon", "beam (7)", ESC, "ion (6)", "ion_blast (30 scrap, 1 power)",
        "add a drone", "internal (3)", "system_repair_drone (20 scrap, 1 power)",
        "save",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is True
    ship, _ = read_ship(path)
    assert ship.weapons == ["ion_blast"] and ship.drones == ["system_repair_drone"]
    assert all(len(offered) <= 20 for offered in ask.offered)
    beams = ask.menus["Which beam?"]
    assert beams[0] == "bardiche (20 scrap, 1 power)" and len(beams) == 7


def test_the_augments_come_a_page_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    ask = ScriptedPrompts(
        "A", "weapons_2_drones_3", "2x1", "0 0", "a", "no system",
        "add an augment", "more... (ftl_recharge_booster to drone_booster)",
        "more... (slug_repair_gel to zoltan_shield)", "zoltan_shield (120 scrap)",
        "quit without saving",
    )  # fmt: skip
    assert build_ship(path, content(), ask) is False
    assert not path.exists()
    pages = [m for m in ask.asked if m.startswith("Which augment?")]
    assert all(len(ask.menus[m]) <= 11 for m in pages)  # ten and "more..."
    assert pages == ["Which augment? (1/3)", "Which augment? (2/3)", "Which augment? (3/3)"]
