"""The builder's readings of the text (issue 25, point 16): two levels per crew member in
all, crew names that tell crew apart, and two of the same drone."""

from __future__ import annotations

from typing import Any

from gmtool.games.ftl.rules.checks import describe, ship_problems
from gmtool.games.ftl.rules.content import load_content
from gmtool.games.ftl.rules.ship import ship_from_data
from tests.games.ftl.helpers import small_ship


def problems(data: dict[str, Any], **changes: Any) -> list[str]:
    return describe(ship_problems(ship_from_data(data), load_content(changes)), None)


def test_crew_are_leveled_up_twice_each_in_all() -> None:
    # "Crew can only be leveled up twice each": piloting 2 is two levels; piloting 1 and
    # weapon control 1 two; piloting 2 and weapon control 1 three, one too many.
    assert problems(small_ship(crew=[{"race": "human", "skills": {"piloting": 2}}])) == []
    two = {"piloting": 1, "weapon_control": 1}
    assert problems(small_ship(crew=[{"race": "human", "skills": two}])) == []
    three = {"piloting": 2, "weapon_control": 1}
    assert problems(small_ship(crew=[{"race": "human", "skills": three}])) == [
        "ship.crew.0.skills: 3 levels trained; a crew member may be trained 2 times in all"
    ]
    # the old reading, each skill to level 2, as a setting
    lifted = {"training": {"max_levels_per_crew": None}}
    assert problems(small_ship(crew=[{"race": "human", "skills": three}]), **lifted) == []


def test_a_skill_over_its_cap_is_one_problem_not_two() -> None:
    found = problems(small_ship(crew=[{"race": "human", "skills": {"piloting": 3}}]))
    assert found == ["ship.crew.0.skills.piloting: level 3: skills train at most 2 times"]


def test_two_crew_of_one_name_are_refused() -> None:
    crew = [{"race": "human", "name": "Ana"}, {"race": "human", "name": "ana"}]
    assert problems(small_ship(crew=crew)) == [
        "ship.crew.1.name: a second crew member named ana: orders and the log tell crew "
        "apart by name, so give each its own"
    ]


def test_two_of_the_same_drone_by_the_setting() -> None:
    ship = small_ship(
        rooms=[
            *small_ship()["rooms"],
            {"id": "bay", "at": [4, 0], "size": "2x1", "system": "drone_control"},
        ],
        systems={"piloting": 1, "weapon_control": 1, "drone_control": 4},
        drones=["defense_i", "defense_i"],
        reactor=2,
    )
    assert problems(ship) == []
    assert problems(ship, one_of_each_drone=True) == [
        "ship.drones.1: a second defense_i: a ship may have only one of each drone"
    ]


def test_ship_check_names_shape_and_rule_problems_at_once(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.games.ftl.helpers import write_ship

    ship = small_ship(crew=[{"race": "human", "name": "Ana"}, {"race": "slug", "name": "Ana"}])
    ship["fuel"] = "lots"  # a type error
    ship["hull"] = 40  # no such field
    path = write_ship(tmp_path, ship)
    result = gmtool("ftl", "ship", "check", str(path))
    assert result.code == 3
    lines = result.err.splitlines()
    assert any(line.endswith("fuel: Input should be a valid integer") for line in lines)
    assert any(line.endswith("hull: unknown field (check its spelling)") for line in lines)
    assert any("crew.1.name: a second crew member named Ana" in line for line in lines)
    assert lines[-1] == "3 problem(s) in 1 file(s)"


def test_crew_per_room_by_the_setting() -> None:
    # The text sets no limit; `corners` holds a 2x1 room to two crew (one to a corner).
    three_on_the_bridge = small_ship(
        crew=[
            {"race": "human", "name": "Ana", "room": "bridge"},
            {"race": "human", "name": "Bo", "room": "bridge"},
            {"race": "human", "name": "Cy", "room": "bridge"},
            {"race": "human", "name": "Di", "room": "guns"},
        ]
    )
    assert problems(three_on_the_bridge) == []
    assert problems(three_on_the_bridge, crew_per_room="corners") == [
        "ship.crew.2.room: bridge has 2 corners and is full: a room holds one crew member to "
        "a corner (crew_per_room: corners)"
    ]


def test_crew_per_room_in_the_battle() -> None:
    import pytest

    from gmtool.errors import RulesError
    from gmtool.games.ftl.rules.battle.choices import legal_orders
    from gmtool.games.ftl.rules.battle.setup import new_battle
    from tests.games.ftl.battle.helpers import order, ship, tables

    def fight(per_room: str) -> dict[str, Any]:
        data = tables()
        data["crew_per_room"] = per_room
        return {"battle": new_battle({"Red": ship(), "Blue": ship()}, data)}

    state = fight("corners")
    crew = {m["name"]: m["room"] for m in state["battle"]["ships"]["Red"]["crew"]}
    assert crew["Ana"] == "pilot" and crew["Bo"] == "engines"  # 2x1 rooms: 2 corners each
    order(state, "crew", ship="Red", name="Bo", room="pilot")  # Ana and Bo: full
    walks = {(w["name"], w["room"]) for w in legal_orders(state["battle"], "Red")["crew"]}
    assert ("Cy", "pilot") not in walks and ("Cy", "engines") in walks
    with pytest.raises(RulesError, match="pilot of Red has 2 corners and 2 of Red's crew"):
        order(state, "crew", ship="Red", name="Cy", room="pilot")
    state = fight("any")  # the text's: no limit
    order(state, "crew", ship="Red", name="Bo", room="pilot")
    order(state, "crew", ship="Red", name="Cy", room="pilot")


def test_ship_check_names_nested_shape_problems_with_the_rules_on_the_rest(  # type: ignore[no-untyped-def]
    gmtool, tmp_path
) -> None:
    from tests.games.ftl.helpers import write_ship

    ship = small_ship(
        weapons=["basic_laser", 7, "basic_laser"],  # a number for a weapon, then a second laser
        crew=[
            {"race": "human", "name": "Ana", "skills": {"piloting": "lots"}},
            {"race": "human", "name": "Bo", "room": "nowhere"},
            {"race": "human", "name": "ana"},
        ],
    )
    path = write_ship(tmp_path, ship)
    lines = gmtool("ftl", "ship", "check", str(path)).err.splitlines()
    text = path.read_text().splitlines()

    def line_of(words: str) -> int:
        return next(n for n, line in enumerate(text, 1) if words in line)

    shape = [
        f"{path}:{line_of('- 7')}: weapons.1: Input should be a valid string",
        f"{path}:{line_of('piloting: lots')}: crew.0.skills.piloting: Input should be a valid "
        "integer",
    ]
    assert lines[:2] == shape
    # the rules, on the ship less the weapon and the skill, name places as the file does
    assert any(
        line.startswith(f"{path}:{line_of('- basic_laser') + 2}: weapons.2: a second basic_laser")
        for line in lines
    ), lines
    assert f"{path}:{line_of('room: nowhere')}: crew.1.room: unknown room 'nowhere'" in "\n".join(
        lines
    )
    assert any(line.startswith(f"{path}:{line_of('name: ana')}: crew.2.name:") for line in lines)
    assert lines[-1] == f"{len(lines) - 1} problem(s) in 1 file(s)"


def test_crew_per_room_holds_a_teleport_too() -> None:
    import pytest

    from gmtool.errors import RulesError
    from gmtool.games.ftl.rules.battle.setup import new_battle
    from tests.games.ftl.battle.helpers import order, ship, tables

    raiders = ship()
    for room in raiders["rooms"]:
        if room["id"] == "hall":
            room["system"] = "crew_teleporter"
    raiders["systems"]["crew_teleporter"] = 1
    raiders["crew"] = [
        *({"race": "human", "name": n, "room": r} for n, r in (("A", "pilot"), ("B", "weapons"))),
        *({"race": "human", "name": f"h{i}", "room": "hall"} for i in range(3)),
    ]
    data = tables()
    data["crew_per_room"] = "corners"
    state = {"battle": new_battle({"Red": raiders, "Blue": ship()}, data)}
    if not state["battle"]["ships"]["Red"]["systems"]["crew_teleporter"]["power"]:
        order(state, "power", ship="Red", system="crew_teleporter", bars=1)
    # three boarders do not fit Blue's oxygen room (2x1: 2 corners); its medbay (2x2) holds 4
    with pytest.raises(RulesError, match="oxygen of Blue has 2 corners and 0 of Red's crew"):
        order(state, "teleport", ship="Red", room="oxygen")
    order(state, "teleport", ship="Red", room="medbay")
    blue = state["battle"]["ships"]["Blue"]
    assert sum(m.get("owner") == "Red" and m["room"] == "medbay" for m in blue["crew"]) == 3


def test_a_room_of_the_wrong_shape_is_told_once(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.games.ftl.helpers import write_ship

    ship = small_ship(crew=[{"race": "human", "name": "Ana", "room": "guns"}])
    ship["rooms"][1]["at"] = [2, "x"]  # the guns room, left out of the rule checks
    ship["rooms"][0]["doors"] = ["guns"]
    ship["weapons"] = ["basic_laser", "basic_laser"]  # a rule problem of the rest
    path = write_ship(tmp_path, ship)
    lines = gmtool("ftl", "ship", "check", str(path)).err.splitlines()
    assert lines[0].endswith("rooms.1.at.1: Input should be a valid integer")
    assert "weapons.1: a second basic_laser" in lines[1]
    # neither the door nor the crew member naming it, nor weapon control without its room
    assert not any("'guns'" in line or "weapon_control has no room" in line for line in lines)
