"""Weapons: charging (faster when weapon control is manned), aiming, and firing volleys.

A weapon charges one second a second while powered and loses ``discharge_per_second``
seconds of charge a second while off. Charged and aimed, it fires: one missile per volley
for missile weapons, the volley's shots two a second, each shot in flight for its
weapon type's travel time.
"""

from __future__ import annotations

from typing import Any

from gmtool.errors import RulesError, unknown
from gmtool.systems.ftl.battle.crew import manning_skill
from gmtool.systems.ftl.battle.state import Battle, Event, Ship, enemy_of, room_of, rules


def find_weapon(ship: Ship, ref: str) -> int:
    """A weapon by id or by its slot number (1 = first listed)."""
    weapons = ship["weapons"]
    if ref.isdigit() and 1 <= int(ref) <= len(weapons):
        return int(ref) - 1
    for index, weapon in enumerate(weapons):
        if weapon["id"] == ref:
            return index
    raise unknown(f"weapon of {ship['name']}", ref, [w["id"] for w in weapons])


def cooldown(battle: Battle, ship: Ship, weapon: dict[str, Any]) -> int:
    """Seconds to charge: the cooldown less the manned bonus, the bonus rounded down."""
    base = int(weapon["cooldown"])
    skill = manning_skill(ship, "weapon_control")
    if skill is None:
        return base
    percent = int(rules(battle)["weapons"]["manned_faster_percent"][skill])
    return base - base * percent // 100


def is_charged(battle: Battle, ship: Ship, weapon: dict[str, Any]) -> bool:
    return bool(weapon["powered"]) and weapon["charge"] >= cooldown(battle, ship, weapon)


def aim(battle: Battle, ship: Ship, index: int, room_id: str | None) -> Event:
    """The ``aim`` order: the weapon fires at that enemy room once charged (None: hold)."""
    weapon = ship["weapons"][index]
    if room_id is None:
        weapon["target"] = None
        return {"event": "hold", "ship": ship["name"], "weapon": weapon["id"]}
    if not weapon["powered"]:
        raise RulesError(
            f"{ship['name']}'s {weapon['id']} is off: power it before aiming",
            hint=f"gmtool ftl weapon {ship['name']} {weapon['id']} on",
        )
    enemy = enemy_of(battle, ship)
    room_of(enemy, room_id)
    weapon["target"] = room_id
    return {
        "event": "aim",
        "ship": ship["name"],
        "weapon": weapon["id"],
        "at": enemy["name"],
        "room": room_id,
    }


def charge_weapons(battle: Battle, ship: Ship) -> list[Event]:
    """One second of charge for powered weapons, discharge for the others."""
    events: list[Event] = []
    drain = int(rules(battle)["weapons"]["discharge_per_second"])
    for weapon in ship["weapons"]:
        if weapon["powered"]:
            full = cooldown(battle, ship, weapon)
            if weapon["charge"] < full:
                weapon["charge"] += 1
                if weapon["charge"] >= full:
                    events.append(
                        {"event": "charged", "ship": ship["name"], "weapon": weapon["id"]}
                    )
        elif weapon["charge"] > 0:
            weapon["charge"] = max(0, weapon["charge"] - drain)
    return events


def fire_weapons(battle: Battle, ship: Ship) -> list[Event]:
    """Charged, aimed weapons start a volley; every volley under way launches its shots."""
    events: list[Event] = []
    weapon_rules = rules(battle)["weapons"]
    for index, weapon in enumerate(ship["weapons"]):
        if weapon["shots_left"] == 0 and weapon["target"] and is_charged(battle, ship, weapon):
            events += _start_volley(battle, ship, index)
        if weapon["shots_left"] > 0:
            events += _launch(battle, ship, index, int(weapon_rules["shots_per_second"]))
    return events


def _start_volley(battle: Battle, ship: Ship, index: int) -> list[Event]:
    weapon = ship["weapons"][index]
    weapon_rules = rules(battle)["weapons"]
    if weapon["kind"] in weapon_rules["uses_missile"]:
        if ship["missiles"] <= 0:
            if weapon.get("dry"):
                return []
            weapon["dry"] = True
            return [{"event": "no_missiles", "ship": ship["name"], "weapon": weapon["id"]}]
        ship["missiles"] -= 1
    weapon["dry"] = False
    weapon["charge"] = 0
    weapon["shots_left"] = int(weapon["shots"])
    weapon["volley_target"] = weapon["target"]
    if not ship.get("autofire"):  # without autofire a weapon fires once, then holds
        weapon["target"] = None
    return [
        {
            "event": "fire",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "room": weapon["volley_target"],
            "shots": weapon["shots_left"],
            "missiles": ship["missiles"],
        }
    ]


def _launch(battle: Battle, ship: Ship, index: int, per_second: int) -> list[Event]:
    weapon = ship["weapons"][index]
    travel = int(rules(battle)["weapons"]["travel_seconds"][weapon["kind"]])
    count = min(per_second, weapon["shots_left"])
    enemy = enemy_of(battle, ship)
    for _ in range(count):
        battle["next_shot"] += 1
        battle["in_flight"].append(
            {
                "id": battle["next_shot"],
                "from": ship["name"],
                "to": enemy["name"],
                "weapon": weapon["id"],
                "slot": index,
                "room": weapon["volley_target"],
                "arrives": battle["second"] + travel,
            }
        )
        weapon["shots_left"] -= 1
    return [
        {
            "event": "launch",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "shots": count,
            "room": weapon["volley_target"],
            "arrives": battle["second"] + travel,
        }
    ]


def stop_volleys(ship: Ship) -> list[Event]:
    """Weapon control damaged: the shots not yet fired do not fire."""
    events: list[Event] = []
    for weapon in ship["weapons"]:
        if weapon["shots_left"] > 0:
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
