"""Shots in flight arriving: the defender's dodge, then its shields, then the room.

Shots arrive in the order they were launched. A beam cannot be dodged; a shot of a kind
the shields stop ("shields block 1 laser hit") takes one shield down instead of landing,
unless it pierces as many shields as are up.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.systems.ftl.battle.damage import land
from gmtool.systems.ftl.battle.shields_evasion import roll_dodge
from gmtool.systems.ftl.battle.state import Battle, Event, Ship, rules

UNDODGEABLE = ("beam",)


def arrive(battle: Battle, dice: DiceDoor) -> list[Event]:
    """Every shot due this second, in launch order."""
    due = [s for s in battle["in_flight"] if s["arrives"] <= battle["second"]]
    battle["in_flight"] = [s for s in battle["in_flight"] if s["arrives"] > battle["second"]]
    events: list[Event] = []
    for shot in sorted(due, key=lambda s: s["id"]):
        events += _one_shot(battle, shot, dice)
    return events


def _one_shot(battle: Battle, shot: dict[str, Any], dice: DiceDoor) -> list[Event]:
    ship = battle["ships"][shot["to"]]
    if shot.get("kind") == "boarding_drone":
        from gmtool.systems.ftl.battle.drone_crew import lands

        return lands(battle, shot) if ship["hull"] > 0 else []
    if shot.get("drone") is not None:  # a drone's shot or beam
        from gmtool.systems.ftl.battle.drone_flight import shot_weapon

        weapon = shot_weapon(battle, shot)
    else:
        weapon = battle["ships"][shot["from"]]["weapons"][shot["slot"]]
    weapon = {**weapon, "ion": shot.get("ion", weapon["ion"])}  # a chain's ion when fired
    if ship["hull"] <= 0:
        return []
    if shot["to"] == shot["from"]:  # a healing or repair bomb on one's own ship
        return land(battle, ship, str(shot["room"]), weapon, dice)
    if str(shot["room"]).startswith("drone:"):  # aimed at a drone, not a room
        from gmtool.systems.ftl.battle.drone_flight import hit_drone

        return hit_drone(battle, ship, weapon, str(shot["room"]))
    if weapon["kind"] == "beam":
        from gmtool.systems.ftl.battle.beams import strike

        return strike(battle, ship, weapon, str(shot["room"]), list(shot["corners"]), dice)
    return dodge_shields_land(battle, ship, weapon, str(shot["room"]), dice)


def dodge_shields_land(
    battle: Battle, ship: Ship, weapon: dict[str, Any], room_id: str, dice: DiceDoor
) -> list[Event]:
    """A shot (or an asteroid) reaching a ship: the dodge, then the shields, then the room."""
    events: list[Event] = []
    if weapon["kind"] not in UNDODGEABLE:
        dodge = roll_dodge(battle, ship, dice, weapon)
        if dodge is not None:
            events.append(dodge)
            if dodge["dodged"]:
                return events
    shields = ship["shields"]
    blocks = weapon["kind"] in rules(battle)["shields"]["blocks"]
    if blocks and shields["up"] > int(weapon.get("pierce", 0)):
        shields["up"] -= 1
        events.append(
            {
                "event": "blocked",
                "ship": ship["name"],
                "weapon": weapon["id"],
                "shields_left": shields["up"],
            }
        )
        return events
    return events + land(battle, ship, room_id, weapon, dice)
