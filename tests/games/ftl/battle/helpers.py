"""Two small ships and a battle between them, built from the packaged FTL tables."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from gmtool.content.paths import packaged
from gmtool.content.yamlfile import deep_merge, load_yaml
from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.actions import apply_battle
from gmtool.games.ftl.rules.battle.setup import new_battle


@cache
def _tables() -> dict[str, Any]:
    data: dict[str, Any] = {}
    for path in sorted(packaged("tables", "ftl").glob("*.yaml")):
        data = deep_merge(data, load_yaml(path).data or {})
    return data


def tables() -> dict[str, Any]:
    return copy.deepcopy(_tables())


def ship(**changes: Any) -> dict[str, Any]:
    """A ship of 8 rooms: pilot, engines, weapons, shields (2x2), oxygen, medbay (2x2, a
    door to space), doors, and an empty hall (2x2); four humans at the stations."""
    doc: dict[str, Any] = {
        "name": "Test",
        "rooms": [
            {
                "id": "pilot",
                "at": [0, 0],
                "size": "2x1",
                "system": "piloting",
                "doors": ["engines"],
            },
            {
                "id": "engines",
                "at": [2, 0],
                "size": "2x1",
                "system": "engines",
                "doors": ["weapons", "shields"],
            },
            {"id": "weapons", "at": [0, 1], "size": "2x1", "system": "weapon_control"},
            {
                "id": "shields",
                "at": [2, 1],
                "size": "2x2",
                "system": "shields",
                "doors": ["oxygen"],
            },
            {"id": "oxygen", "at": [4, 0], "size": "2x1", "system": "oxygen", "doors": ["medbay"]},
            {
                "id": "medbay",
                "at": [4, 1],
                "size": "2x2",
                "system": "medbay",
                "doors": ["space", "hall"],
            },
            {"id": "doors", "at": [0, 2], "size": "2x1", "system": "doors"},
            {"id": "hall", "at": [6, 0], "size": "2x2"},
        ],
        "systems": {
            "shields": 2,
            "engines": 2,
            "oxygen": 1,
            "weapon_control": 3,
            "medbay": 1,
            "piloting": 1,
            "doors": 1,
        },
        "slots": "weapons_4_drones_2",
        "weapons": ["basic_laser", "heavy_laser", "artemis", "ion_blast"],
        "crew": [{"race": "human", "name": n} for n in ("Ana", "Bo", "Cy", "Di")],
        "reactor": 8,
        "missiles": 3,
    }
    doc.update(changes)
    return doc


def battle(
    red: dict[str, Any] | None = None, blue: dict[str, Any] | None = None, **rules: Any
) -> dict[str, Any]:
    data = tables()
    data["battle"].update(rules)
    return {"battle": new_battle({"Red": red or ship(), "Blue": blue or ship()}, data)}


def act(
    state: dict[str, Any], action: dict[str, Any], *faces: int, **named: list[int]
) -> dict[str, Any]:
    """Apply a battle action with entered faces (flat, or by roll name); returns the result."""
    # Every roll must be entered: a roll the test did not foresee fails it.
    door = DiceDoor(entered=faces, entered_by=named or None)
    result, _what, _outcome = apply_battle(state, action, door)
    door.finish()
    return result


def tick(
    state: dict[str, Any], *faces: int, seconds: int = 1, **named: list[int]
) -> dict[str, Any]:
    return act(state, {"type": "tick", "seconds": seconds}, *faces, **named)


def order(state: dict[str, Any], kind: str, **fields: Any) -> dict[str, Any]:
    return act(state, {"type": f"order_{kind}", **fields})


def hack(state: dict[str, Any], system: str, ship: str = "Red") -> dict[str, Any]:
    """Orders a hack and ticks through its hacking drone's flight: the landing second's
    result (for tests of what a hack does, not of the flight)."""
    order(state, "hack", ship=ship, system=system)
    travel = int(state["battle"]["rules"]["drones"]["hack_travel_seconds"])
    return tick(state, seconds=travel)
