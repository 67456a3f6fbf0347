"""The building rules: each violation is found, with its place, all at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.errors import ContentError
from gmtool.games.ftl.rules.checks import describe, ship_problems
from gmtool.games.ftl.rules.ship import read_ship, ship_from_data
from tests.games.ftl.helpers import BLUE, RED, content, red_data, small_ship, write_ship


def problems(data: dict[str, Any]) -> list[str]:
    return describe(ship_problems(ship_from_data(data), content()), None)


def test_the_example_ships_are_legal() -> None:
    for path in (RED, BLUE):
        ship, _ = read_ship(path)
        assert ship_problems(ship, content()) == []


def test_a_small_legal_ship() -> None:
    assert problems(small_ship()) == []


def room(rid: str, x: int, y: int, size: str = "2x1", **more: Any) -> dict[str, Any]:
    return {"id": rid, "at": [x, y], "size": size, **more}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"rooms": [room("a", 0, 0), room("b", 1, 0)]}, "ship.rooms.1.at: overlaps room 'a'"),
        ({"rooms": [room("a", 0, 0), room("b", 2, 1)]}, "ship.rooms.1.at: does not touch the rest"),
        ({"rooms": [room("a", 0, 0, "3x1")]}, "ship.rooms.0.size: '3x1': a room is 2x1, 1x2, 2x2"),
        (
            {"rooms": [room(f"r{n}", 2 * n, 0) for n in range(19)]},
            "ship.rooms: 19 rooms; a ship has at most 18",
        ),
        (
            {"rooms": [room("a", 0, 0, system=["piloting", "weapon_control"])]},
            "two systems in one room",
        ),
        (
            {"systems": {"piloting": 1, "weapon_control": 1, "shields": 2}},
            "ship.systems.shields: shields has no room",
        ),
        ({"slots": "weapons_3_drones_3"}, "ship.slots: 'weapons_3_drones_3' is not a slot layout"),
        ({"weapons": ["basic_laser", "basic_laser"]}, "ship.weapons.1: a second basic_laser"),
        (
            {"weapons": ["burst_lazer"]},
            "ship.weapons.0: unknown weapon 'burst_lazer' (did you mean burst_laser?)",
        ),
        (
            {"weapons": ["burst_laser"]},
            "ship.weapons: the weapons need 2 power but weapon_control is level 1",
        ),
        (
            {"drones": ["combat_drone_i"]},
            "ship.drones: the drones need 2 power but there is no drone_control",
        ),
        (
            {"crew": [{"race": "crystal"}] * 3},
            "ship.crew: 3 crystal crew; a ship may have at most 2",
        ),
        ({"crew": [{"race": "human"}] * 9}, "ship.crew: 9 crew; a ship may have at most 8"),
        (
            {"crew": [{"race": "human", "skills": {"piloting": 3}}]},
            "ship.crew.0.skills.piloting: level 3: skills train at most 2 times",
        ),
        ({"crew": [{"race": "humen"}]}, "unknown race 'humen' (did you mean human?)"),
        (
            {"systems": {"piloting": 4, "weapon_control": 1}},
            "ship.systems.piloting: level 4 is over piloting's maximum of 3",
        ),
        ({"reactor": 26}, "ship.reactor: 26 reactor power; the most there is to buy is 25"),
        (
            {"augments": ["ftl_jammer", "fire_suppression", "repair_arm", "drone_booster"]},
            "ship.augments: 4 augments",
        ),
        ({"missiles": 500}, "ship.budget: the ship costs 2670 scrap, 570 over the budget of 2100"),
    ],
)
def test_each_rule(change: dict[str, Any], expected: str) -> None:
    data = small_ship(**change)
    if "rooms" in change and "systems" not in change:
        data["systems"] = {}
        data["weapons"] = []
    found = problems(data)
    assert any(line.startswith(expected) or expected in line for line in found), found


def test_system_rules() -> None:
    ship = small_ship()
    ship["rooms"] = [
        room("a", 0, 0, system="artillery_beam"),
        room("b", 2, 0, system="artillery_flak"),
        room("c", 4, 0, system="drone_control"),
        room("d", 6, 0, system="medbay"),
        room("e", 8, 0, system="medbay"),
    ]
    ship["systems"] = {"artillery_beam": 1, "artillery_flak": 1, "drone_control": 1, "medbay": 1}
    ship["weapons"] = []
    found = problems(ship)
    assert (
        "ship.systems.artillery_flak: artillery_beam and artillery_flak cannot share a ship:"
        " choose one" in found
    )
    assert "ship.systems.drone_control: level 1: drone_control starts at level 2" in found
    assert "ship.rooms.4.system: medbay is in 2 rooms; a system has one room" in found


def test_too_many_systems() -> None:
    keys = [
        "shields",
        "engines",
        "oxygen",
        "weapon_control",
        "drone_control",
        "medbay",
        "crew_teleporter",
        "cloaking",
        "hacking",
    ]
    ship = small_ship(
        rooms=[room(k, 2 * n, 0, system=k) for n, k in enumerate(keys)],
        systems={k: 2 for k in keys},
        weapons=[],
    )
    assert "ship.systems: 9 systems; a ship may have at most 8" in problems(ship)


def test_door_rules() -> None:
    rooms = [
        room("a", 0, 0, "2x2", doors=["b", "c", "d", "space"]),
        room("b", 2, 0, doors=["a"]),
        room("c", 2, 1, doors=["e"]),
        room("d", 0, 2),
        room("e", 4, 1, doors=["space"]),
        room("f", 0, 3, doors=["z"]),
    ]
    found = problems(small_ship(rooms=rooms, systems={}, weapons=[]))
    assert "ship.rooms.0.doors: 4 doors; a room has at most 3" in found
    assert "ship.rooms.0.doors.2: a door to 'd'" not in " ".join(found)
    assert "ship.rooms: 2 doors to space; 6 rooms allow 1 (one per 5 rooms)" in found
    assert any(line.startswith("ship.rooms.5.doors.0: unknown room 'z'") for line in found)
    # c (2..3, y 1) and e (4..5, y 1) touch; a (0..1, 0..1) and d (0..1, y 2) touch.
    assert not any("does not touch this room" in line for line in found)
    far = small_ship(
        rooms=[room("a", 0, 0, doors=["c"]), room("b", 2, 0), room("c", 4, 0)],
        systems={},
        weapons=[],
    )
    assert problems(far) == ["ship.rooms.0.doors.0: a door to 'c', which does not touch this room"]
    inside = [
        room("m", 2, 2, doors=["space"]),
        *[
            room(f"w{n}", x, y)
            for n, (x, y) in enumerate(
                [(0, 2), (4, 2), (2, 1), (2, 3), (0, 1), (4, 1), (0, 3), (4, 3)]
            )
        ],
    ]
    found = problems(small_ship(rooms=inside, systems={}, weapons=[]))
    assert (
        "ship.rooms.0.doors.0: a door to space needs an outside wall, and this room has none"
        in found
    )


def test_every_problem_at_once_with_file_and_line(tmp_path: Path) -> None:
    data = red_data()
    data["weapons"] = ["burst_laser_ii", "burst_laser_ii", "glaive_beem"]
    data["crew"][0]["skills"] = {"piloting": 3}
    path = write_ship(tmp_path, data)
    ship, document = read_ship(path)
    found = describe(ship_problems(ship, content()), document)
    lines = path.read_text().splitlines()
    weapon_line = next(n for n, text in enumerate(lines, 1) if text.startswith("weapons:"))
    assert (
        f"{path}:{weapon_line + 2}: weapons.1: a second burst_laser_ii:"
        " a ship may have only one of each weapon" in found
    )
    assert any(
        line.startswith(
            f"{path}:{weapon_line + 3}: weapons.2: unknown weapon 'glaive_beem'"
            " (did you mean glaive_beam?)"
        )
        for line in found
    )
    assert any(": crew.0.skills.piloting: level 3" in line for line in found)
    assert len(found) == 3


def test_shape_problems_name_lines(tmp_path: Path) -> None:
    path = write_ship(
        tmp_path,
        "name: X\nrooms:\n  - {id: a, at: [0, 0], size: 2x1}\n"
        "slots: weapons_2_drones_3\nfuel: lots\nhull: 3\n",
    )
    with pytest.raises(ContentError) as info:
        read_ship(path)
    assert info.value.problems == [
        f"{path}:5: fuel: Input should be a valid integer",
        f"{path}:6: hull: unknown field (check its spelling)",
    ]


def test_hostile_yaml_is_one_line(tmp_path: Path) -> None:
    path = write_ship(tmp_path, "name: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(ContentError, match=r"malformed YAML"):
        read_ship(path)


room_strategy = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["a", "b", "c", "d", "space"]),
        "at": st.lists(st.integers(-3, 6), min_size=2, max_size=2),
        "size": st.sampled_from(["2x1", "1x2", "2x2", "3x3", "x", "0x0"]),
    },
    optional={
        "system": st.one_of(
            st.sampled_from(["shields", "piloting", "weapon_control", "drone_control", "nope"]),
            st.lists(st.sampled_from(["shields", "doors"]), max_size=2),
        ),
        "doors": st.lists(st.sampled_from(["a", "b", "c", "space", "zz"]), max_size=5),
    },
)


@settings(max_examples=200, deadline=None)
@given(
    rooms=st.lists(room_strategy, min_size=1, max_size=6),
    systems=st.dictionaries(
        st.sampled_from(["shields", "piloting", "weapon_control", "drone_control", "nope"]),
        st.integers(-1, 10),
    ),
    weapons=st.lists(st.sampled_from(["basic_laser", "artemis", "flak_iii", "lazer"]), max_size=6),
    crew=st.lists(
        st.fixed_dictionaries(
            {"race": st.sampled_from(["human", "crystal", "slug", "elf"])},
            optional={
                "skills": st.dictionaries(
                    st.sampled_from(["piloting", "cooking"]), st.integers(-1, 4)
                )
            },
        ),
        max_size=10,
    ),
)
def test_any_ship_gives_problems_never_a_crash(
    rooms: list[dict[str, Any]], systems: dict[str, int], weapons: list[str], crew: list[Any]
) -> None:
    data = small_ship(rooms=rooms, systems=systems, weapons=weapons, crew=crew)
    found = problems(data)
    assert all(line.startswith("ship.") for line in found)


def test_power_past_the_control_systems_top_level_says_to_carry_less() -> None:
    # Five weapons of 13 power in all: weapon control stops at level 8, so "raise it to 13"
    # would send the player after a level that does not exist.
    weapons = ["burst_laser_ii", "glaive_beam", "heavy_laser", "artemis", "hermes"]
    found = problems(small_ship(weapons=weapons))
    line = next(line for line in found if "need 13 power" in line)
    assert "raise it" not in line and "goes up to level 8" in line
    drones = ["combat_drone_ii", "beam_drone_ii", "fire_drone"]
    data = small_ship(drones=drones, slots="weapons_2_drones_3")
    line = next(line for line in problems(data) if "drones need 10 power" in line)
    assert "add it at level" not in line and "goes up to level 8" in line


def test_a_system_that_cannot_be_trained_is_named_as_such() -> None:
    data = small_ship(crew=[{"race": "human", "skills": {"medbay": 1}}])
    line = next(line for line in problems(data) if "skills.medbay" in line)
    assert "medbay has no crew skill" in line and "shields" in line and "unknown" not in line
