"""Beams: a straight line of corners from a start corner of the aimed room, in one
direction, as long as the beam ("a corner is half an inch by half an inch").

A beam cannot be dodged and does not take shields down; each shield up (less its pierce)
takes 1 off its damage, and a beam left with no damage by the shields does nothing. It
"deals damage per room": each room it crosses takes the damage once (hull, system, and 15
a point to the crew standing in the corners it crosses), each corner it crosses rolls the
fire and breach chances. It reaches the ship at once and sweeps 2 rooms a second.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle import hazards
from gmtool.games.ftl.rules.battle.damage import damage_system, hurt
from gmtool.games.ftl.rules.battle.hazards import Kind
from gmtool.games.ftl.rules.battle.rolls import chance
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rule, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember

DIRECTIONS = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}


def beam_aim(ship: Ship, room_id: str, corner: int, toward: str) -> dict[str, Any]:
    """Check a beam's start corner (1 = the room's first, reading order) and direction."""
    room = ship["rooms"][room_id]
    if not 1 <= corner <= len(room["corners"]):
        raise RulesError(
            f"{room_id} on {ship['name']} has corners 1 to {len(room['corners'])}, not {corner}"
        )
    if toward not in DIRECTIONS:
        raise RulesError(f"a beam goes {', '.join(DIRECTIONS)}, not '{toward}'")
    return {"corner": corner, "toward": toward}


def sweep(
    battle: Battle, ship: Ship, weapon: Mapping[str, Any], room_id: str
) -> list[dict[str, Any]]:
    """The rooms the beam crosses, in order, each with the corners it crosses there."""
    aim = weapon["beam_aim"]
    x, y = ship["rooms"][room_id]["corners"][aim["corner"] - 1]
    dx, dy = DIRECTIONS[aim["toward"]]
    length = round(float(weapon["length"]) / float(rules(battle)["beams"]["corner_inches"]))
    where = {
        tuple(c): (rid, index)
        for rid, room in ship["rooms"].items()
        for index, c in enumerate(room["corners"])
    }
    crossed: list[dict[str, Any]] = []
    for step in range(max(1, length)):
        found = where.get((x + dx * step, y + dy * step))
        if found is None:
            continue  # open space between rooms
        rid, index = found
        if not crossed or crossed[-1]["room"] != rid:
            crossed.append({"room": rid, "corners": []})
        crossed[-1]["corners"].append(index)
    return crossed


def strike(
    battle: Battle,
    ship: Ship,
    weapon: Mapping[str, Any],
    room_id: str,
    corners: list[int],
    dice: DiceDoor,
) -> list[Event]:
    """The beam crosses one room."""
    shields = max(0, int(ship["shields"]["up"]) - int(weapon.get("pierce", 0)))
    room = ship["rooms"][room_id]
    system_id = room.get("system")
    base = int(weapon["damage"])
    if system_id is None and weapon.get("systemless_damage") is not None:
        base = int(weapon["systemless_damage"])
    damage = base - shields * int(rule(battle, "beams", "damage_per_shield"))
    if shields and damage <= 0:
        return [
            {
                "event": "beam_blocked",
                "ship": ship["name"],
                "room": room_id,
                "weapon": weapon["id"],
                "shields": shields,
            }
        ]
    damage = max(0, damage)
    hit: Event = {
        "event": "hit",
        "ship": ship["name"],
        "room": room_id,
        "weapon": weapon["id"],
        "hull": 0,
        "corners": corners,
    }
    events: list[Event] = [hit]
    if damage:
        before = ship["hull"]
        ship["hull"] = max(0, before - damage)
        hit["hull"] = before - ship["hull"]
        if system_id is not None:
            events += damage_system(battle, ship, system_id, damage, "beam")
    per_member = damage * int(rules(battle)["crew_damage_per_damage"])
    per_member += int(weapon.get("crew_damage", 0))
    for member in crew_in_corners(ship, room_id, corners):
        if per_member:
            events += hurt(ship, member, per_member, weapon["id"])
    chances: tuple[tuple[Kind, str, str], ...] = (
        ("fires", "fire", "fire_chance"),
        ("breaches", "breach", "breach_chance"),
    )
    for kind, key, name in chances:
        for corner in corners:
            if int(weapon.get(key, 0)) <= 0:
                break
            label = f"{weapon['id']} on {ship['name']} {room_id} corner {corner + 1}"
            roll = chance(battle, dice, name, int(weapon[key]), label)
            events.append(roll)
            if roll["happens"]:
                events += hazards.place(battle, ship, room_id, kind, corner)
    return events


def crew_in_corners(ship: Ship, room_id: str, corners: list[int]) -> list[CrewMember]:
    """Crew stand in their room's corners in turn (the first listed in the first corner)."""
    room = ship["rooms"][room_id]
    there = [m for m in ship["crew"] if m["room"] == room_id and m["health"] > 0]
    return [m for k, m in enumerate(there) if k % len(room["corners"]) in corners]
