"""The ftl commands as a person runs them: exit codes, one-line errors, JSON contracts."""

from __future__ import annotations

import json
from pathlib import Path

from tests.games.ftl.helpers import BLUE, RED, red_data, write_ship
from tests.games.ftl.test_map import FACES


def _words(faces: list[int]) -> str:
    # The two coins (the 1st face, and the one after the removals) written as words.
    words = [str(face) for face in faces]
    words[0] = "heads"
    words[7 + 2 * 23] = "tails"
    return ",".join(words)


def test_ship_check_ok_and_every_problem(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("ftl", "ship", "check", str(RED), str(BLUE))
    assert result.code == 0 and result.out.count("ok: ") == 2
    data = red_data()
    data["weapons"] = ["burst_laser_ii", "artemis", "heavy_laser", "leto", "glaive_beam"]
    data["crew"] += [{"race": "crystal"}] * 3
    bad = write_ship(tmp_path, data)
    result = gmtool("ftl", "ship", "check", str(bad), str(RED))
    assert result.code == 3
    lines = result.err.splitlines()
    assert lines[-1] == "4 problem(s) in 2 file(s)"
    assert any(line.startswith(f"{bad}:") and ": weapons: 5 weapons but" in line for line in lines)
    assert any(": crew: 3 crystal crew; a ship may have at most 2" in line for line in lines)
    assert any(
        ": weapons: the weapons need 11 power but weapon_control is level 6" in line
        for line in lines
    )
    assert any(": budget: the ship costs" in line for line in lines)
    assert "ok: " + str(RED) in result.out


def test_ship_check_hostile_and_missing_files(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    hostile = write_ship(tmp_path, "name: !!python/object/apply:os.system ['true']\n")
    result = gmtool("ftl", "ship", "check", str(hostile), str(tmp_path / "nope.yaml"))
    assert result.code == 3 and "Traceback" not in result.err
    assert f"{hostile}:1: malformed YAML" in result.err
    assert f"{tmp_path / 'nope.yaml'}: cannot read" in result.err


def test_ship_cost_json(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("ftl", "ship", "cost", str(BLUE), "--json")
    doc = json.loads(result.out)
    assert set(doc) == {"total", "budget", "bonus", "left", "items", "problems"}
    assert (doc["total"], doc["budget"], doc["bonus"], doc["left"]) == (2054, 2100, 20, 66)
    assert {"group": "weapons", "what": "Heavy ion", "scrap": 45} in doc["items"]
    assert doc["problems"] == []
    people = gmtool("ftl", "ship", "cost", str(RED))
    assert "Weapon control level 6" in people.out and "154 scrap left" in people.out


def test_ship_cost_of_a_bad_ship_lists_its_problems(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["missiles"] = 100
    doc = json.loads(gmtool("ftl", "ship", "cost", str(write_ship(tmp_path, data)), "--json").out)
    assert doc["left"] == 154 - 450
    assert doc["problems"] == [
        f"{tmp_path / 'ship.yaml'}:1: budget: the ship costs 2406 scrap,"
        " 296 over the budget of 2110"
    ]


def test_ship_show_draws_rooms(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("ftl", "ship", "show", str(RED))
    assert result.code == 0
    assert "|bridge" in result.out and "piloting 2" in result.out and "Ana" in result.out
    assert "▓" in result.out and "weapons: burst_laser_ii, artemis, heavy_laser" in result.out


def _campaign(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(
        "campaign",
        "new",
        "duel",
        "--system",
        "ftl",
        "--ship",
        f"Red={RED}",
        "--ship",
        "Blue=ftl-blue",
    )
    assert result.code == 0, result.err


def test_campaign_new_checks_the_ships(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["weapons"] = ["artemis", "artemis"]
    bad = write_ship(tmp_path, data)
    result = gmtool(
        "campaign",
        "new",
        "duel",
        "--system",
        "ftl",
        "--ship",
        f"Red={bad}",
        "--ship",
        f"Blue={BLUE}",
    )
    assert result.code == 3
    assert f"{bad}:" in result.err and "a second artemis" in result.err
    assert gmtool("campaign", "list", "--json").out.strip() == "[]"
    result = gmtool("campaign", "new", "x", "--system", "ftl", "--ship", f"Red={RED}")
    assert result.code == 2 and "needs 2 ships" in result.err
    result = gmtool("campaign", "new", "x", "--system", "astral", "--ship", f"Red={RED}")
    assert result.code == 2 and "--ship is for ftl campaigns" in result.err
    result = gmtool("campaign", "new", "x", "--system", "ftl", "--ship", "Red")
    assert result.code == 2 and "is not NAME=FILE" in result.err


def test_map_from_entered_coins_and_dice_then_jump_and_undo(gmtool) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool)
    assert json.loads(gmtool("status", "--json").out)["map"] is None
    result = gmtool("ftl", "map", "new", "--dice", _words(FACES), "--json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert set(doc) >= {
        "size",
        "beacons",
        "removed",
        "asteroids",
        "ion_storms",
        "starts",
        "rerolls",
    }
    assert doc["starts"] == {"Red": [2, 1], "Blue": [4, 6]} and doc["rerolls"] == 10
    people = gmtool("ftl", "map", "show")
    assert "Red at (2, 1), Blue at (4, 6)" in people.out
    jumped = json.loads(gmtool("ftl", "jump", "Red", "3", "1", "--json").out)
    assert jumped["fuel"] == 7 and jumped["hazard"] == "ion storm"
    status = json.loads(gmtool("status", "--json").out)
    assert status["players"]["Red"]["at"] == [3, 1] and status["players"]["Red"]["fuel"] == 7
    assert gmtool("undo").code == 0
    assert json.loads(gmtool("status", "--json").out)["players"]["Red"]["at"] == [2, 1]
    people = gmtool("status").out
    assert "Red Kestrel" in people and "1,145" in people and "budget + bonus" in people


def test_bad_input_is_one_line_and_logs_nothing(gmtool) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool)
    before = len(json.loads(gmtool("log", "--json").out))
    result = gmtool("ftl", "jump", "Red", "1", "2")
    assert result.code == 4 and "there is no map yet" in result.err
    result = gmtool("ftl", "map", "new", "--dice", "heads,7,1")
    assert result.code == 5 and result.err.count("\n") == 1 and "7, is not on a d6" in result.err
    result = gmtool("ftl", "map", "new", "--dice", "sideways")
    assert result.code == 5
    assert gmtool("ftl", "map", "new", "--dice", _words(FACES)).code == 0
    for args, code, words in [
        (("Red", "5", "1"), 4, "(5, 1) does not touch Red's beacon (2, 1)"),
        (("Red", "2", "2"), 4, "no beacon at (2, 2)"),
        (("Red", "0", "9"), 2, "a beacon is X Y, each from 1 to 6: got 0 9"),
        (("Red", "-1", "2"), 2, "a beacon is X Y, each from 1 to 6: got -1 2"),
        (("Zed", "3", "1"), 2, "unknown player 'Zed'"),
    ]:
        result = gmtool("ftl", "jump", *args)
        assert result.code == code and words in result.err and result.err.count("\n") == 1
    assert len(json.loads(gmtool("log", "--json").out)) == before + 1
    other = gmtool("campaign", "new", "tale", "--system", "astral")
    assert other.code == 0
    result = gmtool("ftl", "map", "show")
    assert result.code == 2 and "plays astral, not ftl" in result.err


def test_check_knows_ship_files(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["slots"] = "weapons_9"
    path = write_ship(tmp_path, data)
    result = gmtool("check", str(path))
    assert result.code == 3 and "slots: 'weapons_9' is not a slot layout" in result.err


def test_the_ship_example_on_its_page_is_legal(tmp_path: Path) -> None:
    from gmtool.games.ftl.rules.checks import ship_problems
    from gmtool.games.ftl.rules.ship import read_ship
    from tests.games.ftl.helpers import content

    page = Path(__file__).resolve().parents[3] / "docs" / "games" / "ftl.md"
    section = page.read_text(encoding="utf-8").split("## Ships and the sector map", 1)[1]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "readme-ship.yaml"
    path.write_text(example)
    ship, _ = read_ship(path)
    assert ship.name == "Red Kestrel" and ship_problems(ship, content()) == []


def test_show_refuses_rooms_too_far_apart_to_draw(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["rooms"][-1]["at"] = [100000, 0]
    result = gmtool("ftl", "ship", "show", str(write_ship(tmp_path, data)))
    assert result.code == 2 and "too far apart to draw" in result.err
    assert result.err.count("\n") == 1


def test_ship_replaces_one_of_a_campaign_files_ships(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["name"] = "Scarlet"
    path = write_ship(tmp_path, data)
    result = gmtool("campaign", "new", "duel", "--from", "ftl-demo", "--ship", f"Red={path}")
    assert result.code == 0, result.err
    players = json.loads(gmtool("status", "--json").out)["players"]
    assert (players["Red"]["ship"], players["Blue"]["ship"]) == ("Scarlet", "Blue Lanternfish")


def test_a_ship_with_many_problems_names_the_command_that_lists_them(
    gmtool, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    data = red_data()
    data["weapons"] = ["artemis", "artemis"]
    data["crew"] += [{"race": "crystal"}] * 3
    bad = write_ship(tmp_path, data)
    result = gmtool(
        "campaign", "new", "duel", "--system", "ftl",
        "--ship", f"Red={bad}", "--ship", f"Blue={BLUE}",
    )  # fmt: skip
    assert result.code == 3 and len(result.err.strip().splitlines()) == 1
    assert f"more: 'gmtool ftl ship check {bad}' lists them" in result.err
