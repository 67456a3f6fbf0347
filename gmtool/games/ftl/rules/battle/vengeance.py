"""Crystal vengeance: "a 10% chance for each projectile hit to send a crystal shard shot at
your enemy that passes threw all shields and deals 1 damage with 100% breach chance".

Each shot that lands in a room of a ship with the augment (a projectile: not a beam, not a
bomb, and not a shard itself; ``battle.crystal_vengeance.avenged``) rolls the chance
(``vengeance``, d100); on success a shard flies back as a crystal shot would, at an enemy
room picked by a die with a face for each of its rooms in the ship file's order
(``vengeance_room``). It passes every shield (the Zoltan shield too) but can be dodged;
anything that shoots down missiles may shoot it down (``downed_as: missile``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.rolls import chance
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules

AUGMENT = "crystal_vengeance"
SHARD = "crystal_shard"


def shard(numbers: dict[str, Any]) -> dict[str, Any]:
    """The shard as a weapon the arrival code reads (no slot of its own)."""
    return {
        "id": SHARD,
        "kind": "crystal",
        "damage": int(numbers["damage"]),
        "systemless_damage": None,
        "ion": 0,
        "crew_damage": 0,
        "system_damage": 0,
        "pierce": 0,
        "passes_shields": True,
        "fire": 0,
        "breach": int(numbers["breach_chance"]),
        "stun": 0,
        "stun_time": None,
        "lockdown": 0,
        "downed_as": "missile",
    }


def avenge(
    battle: Battle, ship: Ship, attacker: Ship, weapon: Mapping[str, Any], dice: DiceDoor
) -> list[Event]:
    """``ship`` was hit by ``weapon``: its crystal vengeance may send a shard back."""
    settings = rules(battle)["crystal_vengeance"]
    if AUGMENT not in ship["augments"] or weapon["kind"] not in settings["avenged"]:
        return []
    if weapon["id"] == SHARD and not settings["shards_avenge"]:
        return []
    if attacker is ship or attacker["hull"] <= 0:
        return []
    numbers = ship["augment_numbers"][AUGMENT]
    label = f"{ship['name']}'s crystal vengeance on {weapon['id']}"
    roll = {**chance(battle, dice, "vengeance", int(numbers["chance_per_hit"]), label)}
    roll["augment"] = AUGMENT
    if not roll["happens"]:
        return [roll]
    rooms = list(attacker["rooms"])
    face = dice.roll(f"1d{len(rooms)}", who="vengeance_room", label=f"shard at {attacker['name']}")
    room = rooms[face.total - 1]
    travel = int(rules(battle)["weapons"]["travel_seconds"]["crystal"])
    spec = shard(numbers)
    battle["next_shot"] += 1
    battle["in_flight"].append(
        {
            "id": battle["next_shot"],
            "from": ship["name"],
            "to": attacker["name"],
            "weapon": SHARD,
            "slot": None,
            "kind": spec["downed_as"],  # what the defence drones shoot it down as
            "spec": spec,
            "room": room,
            "ion": 0,
            "arrives": battle["second"] + travel,
        }
    )
    return [
        roll,
        {
            "event": "vengeance",
            "ship": ship["name"],
            "at": attacker["name"],
            "room": room,
            "arrives": battle["second"] + travel,
        },
    ]
