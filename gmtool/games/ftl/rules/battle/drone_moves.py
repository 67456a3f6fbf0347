"""How a drone flies round the enemy ship, and the rolls that steer it.

"A 6 sided dice will determine this": 1-2 the drone moves after 2 seconds, 3-4 after 4,
5-6 after 6 (``drone_delay``). It moves to a space picked with 2d6 (``drone_move``): the
total names the space, non-snake-eyes doubles name "$" (where every drone starts), and the
space it is on already is rolled again. The move takes "(spaces moved) squared, then
divided by 2 and rounded up" seconds, counted the short way round the spaces (a loop,
ruling). Then a die with a face for each enemy room says where it fires (``drone_room``);
a beam drone's d6 says which way its beam goes (``drone_toward``), rolled again on a face
that gives no way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.state import Battle, Ship, rules

MAX_REROLLS = 50
"""A guard: entered faces that keep naming the drone's own space cannot loop for ever."""
SNAKE_EYES = [1]
MOVE_SECONDS = {"power": 2, "divided_by": 2}
"""How a battle begun before these were settings (``drone_battle.doubles_kept``,
``move_seconds``) plays: as it did then."""


def drone_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The drone settings as the battle keeps them (d6 tables as lists, face 1 first, so
    they survive a trip through JSON)."""
    settings = data["drone_battle"]

    def by_face(table: Mapping[Any, Any]) -> list[Any]:
        return [table[face] for face in sorted(table, key=int)]

    return {
        **{k: v for k, v in settings.items() if not k.endswith("_by_d6")},
        "delay": [int(s) for s in by_face(data["move_delay_by_d6"])],
        "beam_toward": [str(w) for w in by_face(settings["beam_toward_by_d6"])],
        "hull_repair": [int(n) for n in by_face(settings["hull_repair_by_d6"])],
        "spaces": [str(s) for s in settings["spaces"]],
    }


def roll_delay(battle: Battle, dice: DiceDoor, label: str) -> int:
    """The d6 wait before a drone moves: 2, 4 or 6 seconds."""
    table = rules(battle)["drones"]["delay"]
    face = dice.roll(f"1d{len(table)}", who="drone_delay", label=label).total
    return int(table[face - 1])


def space_of(battle: Battle, faces: list[int]) -> str:
    """The space two d6 name: non-snake-eyes doubles "$", else the total."""
    settings = rules(battle)["drones"]
    first, second = faces
    if first == second and first not in settings.get("doubles_kept", SNAKE_EYES):
        return str(settings["start_space"])
    return str(first + second)


def distance(battle: Battle, start: str, end: str) -> int:
    """Spaces moved from one space to another, the short way round when they loop."""
    settings = rules(battle)["drones"]
    spaces = settings["spaces"]
    if start not in spaces or end not in spaces:
        raise RulesError(f"a drone's space must be one of {', '.join(spaces)}")
    apart = abs(spaces.index(start) - spaces.index(end))
    if settings["spaces_loop"]:
        apart = min(apart, len(spaces) - apart)
    return int(apart)


def move_seconds(battle: Battle, spaces_moved: int) -> int:
    """ "(spaces moved) squared, then divided by 2 and rounded up"
    (``drone_battle.move_seconds``)."""
    formula = rules(battle)["drones"].get("move_seconds", MOVE_SECONDS)
    power, divided_by = int(formula["power"]), int(formula["divided_by"])
    return int(-(-(spaces_moved**power) // divided_by))


def roll_move(battle: Battle, dice: DiceDoor, here: str, label: str) -> tuple[str, int, int]:
    """Where the drone goes next and how long it takes: (space, seconds, rolls made).
    A roll naming the drone's own space, or no space at all, is rolled again."""
    spaces = rules(battle)["drones"]["spaces"]
    for made in range(1, MAX_REROLLS + 1):
        faces = dice.roll("2d6", who="drone_move", label=label).faces
        there = space_of(battle, faces)
        if there != here and there in spaces:
            return there, move_seconds(battle, distance(battle, here, there)), made
    raise RulesError(f"the drone's move was rolled again {MAX_REROLLS} times: enter other faces")


def roll_room(battle: Battle, dice: DiceDoor, enemy: Ship, label: str) -> str:
    """The enemy room a drone fires at: one face for each room, in the ship file's order."""
    rooms = list(enemy["rooms"])
    if len(rooms) == 1:
        return str(rooms[0])
    face = dice.roll(f"1d{len(rooms)}", who="drone_room", label=label).total
    return str(rooms[face - 1])


def roll_toward(battle: Battle, dice: DiceDoor, label: str) -> str:
    """A beam drone's direction by a d6; a face with no direction is rolled again."""
    table = rules(battle)["drones"]["beam_toward"]
    for _ in range(MAX_REROLLS):
        face = dice.roll(f"1d{len(table)}", who="drone_toward", label=label).total
        if table[face - 1] != "again":
            return str(table[face - 1])
    raise RulesError(f"the beam's way was rolled again {MAX_REROLLS} times: enter other faces")


def roll_hull_repair(battle: Battle, dice: DiceDoor, label: str) -> int:
    """The hull repair drone's d6: 3 to 5 hull."""
    table = rules(battle)["drones"]["hull_repair"]
    face = dice.roll(f"1d{len(table)}", who="drone_repair", label=label).total
    return int(table[face - 1])
