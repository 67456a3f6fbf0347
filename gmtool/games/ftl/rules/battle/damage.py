"""A shot that lands in a room: hull, system, crew and ion damage, stun, fires, breaches.

"Normal damage subtracts hull, crew health, and systems"; each point in a room deals 15
crew damage to everyone there. A hull weapon deals its systemless damage to a room with
no system. Ion takes bars out of the room's system and locks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import hazards
from gmtool.games.ftl.rules.battle.augments import saves
from gmtool.games.ftl.rules.battle.power import WEAPONS, add_ion, cap_power, usable_bars
from gmtool.games.ftl.rules.battle.rolls import chance
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, crew_in, rules, side_of

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, System


def land(
    battle: Battle, ship: Ship, room_id: str, weapon: Mapping[str, Any], dice: DiceDoor
) -> list[Event]:
    """Everything one shot does to the room it hits, in the documented order."""
    room = ship["rooms"][room_id]
    system_id = room.get("system")
    damage = int(weapon["damage"])
    if system_id is None and weapon.get("systemless_damage") is not None:
        damage = int(weapon["systemless_damage"])
    events: list[Event] = []
    hit: Event = {
        "event": "hit",
        "ship": ship["name"],
        "room": room_id,
        "weapon": weapon["id"],
        "hull": 0,
    }
    events.append(hit)
    label = f"{weapon['id']} on {ship['name']} {room_id}"
    if damage > 0 and not _saved(battle, ship, "rock_plating", dice, label, events):
        before = ship["hull"]
        ship["hull"] = max(0, ship["hull"] - damage)
        hit["hull"] = before - ship["hull"]
    system_damage = damage + int(weapon.get("system_damage", 0))
    repairs = system_damage < 0  # a repair burst is never "ignored"
    if (
        system_id is not None
        and system_damage != 0
        and (repairs or not _saved(battle, ship, "titanium_system_casing", dice, label, events))
    ):
        events += damage_system(battle, ship, system_id, system_damage, "hit")
    events += _hurt_crew(battle, ship, room_id, damage, weapon)
    if (
        system_id is not None
        and int(weapon.get("ion", 0)) > 0
        and not _saved(battle, ship, "reverse_ion_field", dice, label, events)
    ):
        events += add_ion(battle, ship, system_id, int(weapon["ion"]))
    events += _stun(battle, ship, room_id, weapon, dice)
    if int(weapon.get("lockdown", 0)) > 0:  # crystal: the room is sealed for a while
        room["locked"] = max(int(room.get("locked", 0)), int(weapon["lockdown"]))
        events.append(
            {"event": "lockdown", "ship": ship["name"], "room": room_id, "seconds": room["locked"]}
        )
    label = f"{weapon['id']} on {ship['name']} {room_id}"
    if int(weapon.get("fire", 0)) > 0:
        roll = chance(battle, dice, "fire_chance", int(weapon["fire"]), label)
        events.append(roll)
        if roll["happens"]:
            events += hazards.start(battle, ship, room_id, "fires", dice)
    if int(weapon.get("breach", 0)) > 0:
        roll = chance(battle, dice, "breach_chance", int(weapon["breach"]), label)
        events.append(roll)
        if roll["happens"]:
            events += hazards.start(battle, ship, room_id, "breaches", dice)
    return events


def _saved(
    battle: Battle, ship: Ship, augment: str, dice: DiceDoor, label: str, events: list[Event]
) -> bool:
    """Whether the ship's augment shrugs this off (its roll is added to the events)."""
    roll = saves(battle, ship, augment, dice, label)
    if roll is None:
        return False
    events.append(roll)
    return bool(roll["happens"])


def damage_system(battle: Battle, ship: Ship, system_id: str, points: int, why: str) -> list[Event]:
    """Bars of damage (never more than the level); power above what is left is lost.
    Negative points repair (a repair burst)."""
    system = ship["systems"][system_id]
    before = system["damage"]
    system["damage"] = max(0, min(int(system["level"]), before + points))
    if system["damage"] == before:
        return []
    if system["damage"] < before:
        return [
            {
                "event": "repaired",
                "ship": ship["name"],
                "system": system_id,
                "damage": system["damage"],
            }
        ]
    events: list[Event] = [
        {
            "event": "system_damaged",
            "ship": ship["name"],
            "system": system_id,
            "damage": system["damage"],
            "level": system["level"],
            "why": why,
        }
    ]
    if system_id == WEAPONS:  # "the shots that haven't fired yet will not fire"
        events += stop_volleys(ship)
    return events + cap_power(battle, ship, system_id, usable_bars(system), "damage")


def wreck(battle: Battle, ship: Ship, system_id: str, ss: int, why: str) -> list[Event]:
    """SS damage to a system, fire's and boarders' in one count ("a system has 50 SS damage
    it can sustain before breaking"): every 50 is a bar of damage."""
    system = ship["systems"][system_id]
    if system["damage"] >= system["level"]:
        return []
    count = ss_count(system) + ss
    per_bar = int(rules(battle)["crew"]["ss_per_damage"])
    events: list[Event] = []
    while count >= per_bar and system["damage"] < system["level"]:
        count -= per_bar
        events += damage_system(battle, ship, system_id, 1, why)
    system["ss_damage"] = count
    return events


def ss_count(system: System) -> int:
    """The SS damage a system has taken toward its next bar (a battle begun before the one
    count kept fire's and boarders' apart: their sum)."""
    if "ss_damage" in system:
        return int(system["ss_damage"])
    return int(system.get("fire_ss", 0)) + int(system.get("sabotage_ss", 0))


def hurt(ship: Ship, member: CrewMember, amount: int, why: str) -> list[Event]:
    """Crew damage to one crew member (negative heals, up to full health)."""
    before = member["health"]
    member["health"] = max(0, min(member["max_health"], before - amount))
    if member["health"] == before:
        return []
    events: list[Event] = [
        {
            "event": "crew_hurt",
            "ship": ship["name"],
            "owner": member.get("owner") or ship["name"],
            "crew": member["name"],
            "health": member["health"],
            "change": member["health"] - before,
            "why": why,
        }
    ]
    if member["health"] == member["max_health"]:
        events[0]["whole"] = True
    if member["health"] == 0:
        member["path"] = []
        if int(member.get("death_damage", 0)) and before > 0:  # a Zoltan's death burst
            side = side_of(member)
            for other in ship["crew"]:
                if (
                    other["room"] == member["room"]
                    and other["health"] > 0
                    and (side_of(other) != side)
                ):
                    events += hurt(ship, other, int(member["death_damage"]), "death burst")
        events.append(
            {
                "event": "crew_died",
                "ship": ship["name"],
                "owner": member.get("owner") or ship["name"],
                "crew": member["name"],
                "room": member["room"],
            }
        )
    return events


def _hurt_crew(
    battle: Battle, ship: Ship, room_id: str, damage: int, weapon: Mapping[str, Any]
) -> list[Event]:
    per_member = damage * int(rules(battle)["crew_damage_per_damage"])
    per_member += int(weapon.get("crew_damage", 0))
    events: list[Event] = []
    if per_member == 0:
        return events
    for member in crew_in(ship, room_id):
        events += hurt(ship, member, per_member, weapon["id"])
    return events


def _stun(
    battle: Battle, ship: Ship, room_id: str, weapon: Mapping[str, Any], dice: DiceDoor
) -> list[Event]:
    percent = int(weapon.get("stun", 0))
    there = [m for m in crew_in(ship, room_id) if m.get("drone") is None]  # drones: never
    if percent <= 0 or not there:  # nobody to stun: nothing to roll
        return []
    label = f"{weapon['id']} stuns {ship['name']} {room_id}"
    roll = chance(battle, dice, "stun_chance", percent, label)
    events: list[Event] = [roll]
    if roll["happens"]:
        seconds = int(weapon.get("stun_time") or rules(battle)["chances"]["default_stun_seconds"])
        for member in there:
            member["stunned"] = max(member.get("stunned", 0), seconds)
        events.append(
            {
                "event": "stunned",
                "ship": ship["name"],
                "room": room_id,
                "crew": [m["name"] for m in there],
                "seconds": seconds,
            }
        )
    return events


def stop_volleys(ship: Ship) -> list[Event]:
    """Weapon control damaged: the shots not yet fired do not fire (not the artillery's)."""
    events: list[Event] = []
    for weapon in ship["weapons"]:
        if weapon["shots_left"] > 0 and not weapon.get("artillery"):
            events.append(
                {
                    "event": "volley_cut",
                    "ship": ship["name"],
                    "weapon": weapon["id"],
                    "shots_lost": weapon["shots_left"],
                }
            )
            weapon["shots_left"] = 0
    return events
