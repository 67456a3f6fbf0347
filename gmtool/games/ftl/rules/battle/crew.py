"""Crew at their stations: who mans a system, and how well; who can act, the way through
doors, and the blow a crew member strikes. Queries every part of the battle reads; what
the crew do each second is ``crew_work``.

A system is manned while a living crew member of its own ship stands in its room, not
stunned ("manned systems receive a bonus while a friendly crew is in the room and not in
combat"); the best skill among them counts.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Ship,
    is_drone,
    is_hostile,
    rules,
    side_of,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember


def manning_skill(ship: Ship, system_id: str) -> int | None:
    """The skill (0, 1 or 2) of the best crew member manning the system, or None."""
    system = ship["systems"].get(system_id)
    if system is None:
        return None
    if in_combat(ship, str(system["room"])) or ship.get("hacked") == system_id:
        return None  # "while a friendly crew is in the room and not in combat"
    best: int | None = None
    for member in ship["crew"]:
        if member["health"] <= 0 or member["room"] != system["room"]:
            continue
        if member.get("stunned", 0) > 0 or is_hostile(ship, member) or is_drone(member):
            continue
        skill = int(member.get("skills", {}).get(system_id, 0))
        best = skill if best is None else max(best, skill)
    return best


def in_combat(ship: Ship, room_id: str) -> bool:
    """Both crews stand in the room."""
    there = [m for m in ship["crew"] if m["room"] == room_id and m["health"] > 0]
    return any(is_hostile(ship, m) for m in there) and not all(is_hostile(ship, m) for m in there)


def can_act(member: CrewMember) -> bool:
    """Alive, not stunned, and (a drone) powered and not ionised."""
    return bool(member["health"] > 0 and member.get("stunned", 0) <= 0 and not member.get("idle"))


def path_between(ship: Ship, start: str, goal: str) -> list[str] | None:
    """The shortest walk through doors (rooms after ``start``), or None with no way."""
    if start == goal:
        return []
    came_from: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in ship["rooms"][here]["neighbours"]:
            if there in came_from:
                continue
            came_from[there] = here
            if there == goal:
                path = [goal]
                while came_from[path[-1]] != start:
                    path.append(came_from[path[-1]])
                return path[::-1]
            queue.append(there)
    return None


def blow(battle: Battle, member: CrewMember) -> int:
    """A crew member's damage this second: the low end of its range on even seconds, the
    high end on odd ones (ruling: "4-5 a second" alternates)."""
    low, high = member["ss_damage"]  # every crew member's and drone's, set as it boards
    return int(high if battle["second"] % 2 else low)


def room_space(
    battle: Battle, ship: Ship, seat: str, room_id: str, coming: list[CrewMember]
) -> None:
    """Refuses ``coming`` into a room whose corners ``seat``'s crew already fill, standing
    there or walking to it, when ``crew_per_room`` is ``corners`` (docs/rulings.md)."""
    if rules(battle)["crew"].get("per_room", "any") != "corners":
        return
    ids = {id(m) for m in coming}
    held = sum(
        1
        for m in ship["crew"]
        if id(m) not in ids
        and m["health"] > 0
        and (side_of(m) or ship["name"]) == seat
        and ((m["path"][-1] if m.get("path") else m["room"]) == room_id)
    )
    corners = len(ship["rooms"][room_id]["corners"])
    if held + len(coming) > corners:
        raise RulesError(
            f"{room_id} of {ship['name']} has {corners} corners and {held} of {seat}'s crew "
            "in or on their way: no room for more",
            hint="crew_per_room: corners holds one crew member of a side to a corner",
        )
