"""A battle's first state, built from the two ship files and the FTL tables.

Every number a second needs is copied in: each weapon's stats, each crew member's race
traits, each room's corners and neighbours, and the clock's rules (``rules.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from gmtool.games.ftl.rules.battle.artillery import artillery_weapons
from gmtool.games.ftl.rules.battle.doors import inner_doors
from gmtool.games.ftl.rules.battle.drones import new_drone
from gmtool.games.ftl.rules.battle.power import reactor_used
from gmtool.games.ftl.rules.battle.rules import battle_rules
from gmtool.games.ftl.rules.battle.state import Battle, Ship, max_shields
from gmtool.games.ftl.rules.battle.zoltans import place_zoltan_bars

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, Room, System, Weapon

SPACE = "space"
MODELLED_KINDS = ("laser", "ion", "missile", "bomb", "crystal", "beam", "flak")
"""Weapon types whose shots the battle resolves."""


def new_battle(ships: Mapping[str, Mapping[str, Any]], data: Mapping[str, Any]) -> Battle:
    """``ships``: seat name -> ship document (plain data); ``data``: the FTL tables."""
    rules = battle_rules(data)
    return {
        "second": 0,
        "rules": rules,
        "order": list(ships),
        "ships": {seat: battle_ship(seat, doc, data, rules) for seat, doc in ships.items()},
        "in_flight": [],
        "next_shot": 0,
        "winner": None,
        "over": None,
    }


def battle_ship(
    seat: str, doc: Mapping[str, Any], data: Mapping[str, Any], rules: Mapping[str, Any]
) -> Ship:
    doc = {**doc, "seat": seat}
    rooms = _rooms(doc)
    systems = _systems(doc, data)
    ship: Ship = {
        "name": seat,
        "title": str(doc.get("name", seat)),
        "hull": int(rules["hull"]),
        "hull_max": int(rules["hull"]),
        "reactor": int(doc.get("reactor", 0)),
        "missiles": int(doc.get("missiles", 0)),
        "augments": list(doc.get("augments", [])),
        "augment_numbers": {
            a: dict(data["augments"][a].get("numbers") or {}) for a in doc.get("augments", [])
        },
        "autofire": False,
        "asteroid_field": bool(doc.get("asteroid_field", False)),
        "rooms": rooms,
        "doors": inner_doors(rooms),
        "systems": systems,
        "shields": {"up": 0, "progress": 0},
        # "Reset every jump": the battle opens just after one, the Zoltan shield whole.
        "zoltan_shield": int(rules["zoltan_shield"]["layers"])
        if "zoltan_shield" in doc.get("augments", [])
        else 0,
        "weapons": [_weapon(wid, data) for wid in doc.get("weapons", [])]
        + artillery_weapons(systems, data),
        "drones": [new_drone(did, data) for did in doc.get("drones", [])],
        "drone_parts": int(doc.get("drone_parts", 0)),
        "crew": _crew(doc, data, rooms, systems),
    }
    for room in rooms.values():
        room["oxygen"] = int(rules["oxygen"]["start"])

    place_zoltan_bars(ship)  # before the reactor's bars: a Zoltan's fill a system first
    _start_power(ship, data["battle"]["start_power"])

    ship["shields"]["up"] = max_shields(cast(Battle, {"rules": rules}), ship)  # its rules only
    return ship


def _rooms(doc: Mapping[str, Any]) -> dict[str, Room]:
    rooms: dict[str, Room] = {}
    for raw in doc["rooms"]:
        width, _, height = str(raw["size"]).lower().partition("x")
        x, y = raw["at"]
        system = raw.get("system")
        if isinstance(system, list):
            system = system[0] if system else None
        rooms[raw["id"]] = {
            "corners": [[x + dx, y + dy] for dy in range(int(height)) for dx in range(int(width))],
            "system": system,
            "neighbours": [],
            "space_door": False,
            "vent": False,
            "fires": [],
            "breaches": [],
            "oxygen": 0,  # filled as the battle starts (``battle.oxygen.start``)
        }
    for raw in doc["rooms"]:
        for door in raw.get("doors", []):
            if door == SPACE:
                rooms[raw["id"]]["space_door"] = True
                continue
            for a, b in ((raw["id"], door), (door, raw["id"])):
                if b not in rooms[a]["neighbours"]:
                    rooms[a]["neighbours"].append(b)
    return rooms


def _systems(doc: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, System]:
    where: dict[str, str] = {}
    for raw in doc["rooms"]:
        system = raw.get("system")
        for system_id in system if isinstance(system, list) else [system] if system else []:
            where.setdefault(system_id, raw["id"])
    return {
        system_id: {
            "level": int(level),
            "power": 0,
            "zoltan": 0,
            "damage": 0,
            "ion": 0,
            "ion_timer": 0,
            "repair_ss": 0,
            "ss_damage": 0,
            "room": where.get(system_id),
            "subsystem": data["systems"][system_id]["kind"] == "subsystem",
        }
        for system_id, level in doc.get("systems", {}).items()
    }


def _weapon(weapon_id: str, data: Mapping[str, Any]) -> Weapon:
    spec = data["weapons"][weapon_id]
    kind = spec["type"]
    unmodelled = None
    if kind not in MODELLED_KINDS:
        unmodelled = f"{kind} weapons"
    return {
        "id": weapon_id,
        "kind": kind,
        "power": int(spec["power"]),
        "cooldown": int(spec["cooldown"]),
        "damage": int(spec.get("damage", 0)),
        "systemless_damage": spec.get("hull_damage"),
        "ion": int(spec.get("ion_damage", 0)),
        "crew_damage": int(spec.get("crew_damage", 0)),
        "system_damage": int(spec.get("system_damage", 0)),
        "shots": int(spec.get("shots", 1)),
        "pierce": int(spec.get("pierce", 0)),
        "fire": int(spec.get("fire_chance", 0)),
        "breach": int(spec.get("breach_chance", 0)),
        "stun": int(spec.get("stun_chance", 0)),
        "stun_time": spec.get("stun_seconds"),
        "lockdown": int(spec.get("lockdown_seconds") or 0),
        "length": float(spec.get("length") or 0),
        "spread": int(spec.get("spread") or 0),
        "beam_aim": None,
        "charge_cap": int(spec.get("charge_cap") or 1),
        "charges": 0,
        "chain": dict(spec["chain"]) if spec.get("chain") else None,
        "chain_level": 0,
        "waited": 0,
        "unmodelled": unmodelled,
        "powered": False,
        "charge": 0,
        "target": None,
        "volley_target": None,
        "shots_left": 0,
    }


def _crew(
    doc: Mapping[str, Any],
    data: Mapping[str, Any],
    rooms: Mapping[str, Any],
    systems: Mapping[str, Any],
) -> list[CrewMember]:
    base = data["base"]
    stations = [systems[s]["room"] for s in data["battle"]["start_stations"] if s in systems]
    first_room = next(iter(rooms))
    crew: list[CrewMember] = []
    for index, raw in enumerate(doc.get("crew", [])):
        race = data["races"][raw["race"]]
        health = int(base["health"]) + int(race.get("health_change", 0))
        suffocation = race.get("suffocation")
        if not race.get("needs_oxygen", True):
            suffocation = 0
        room = raw.get("room") or (stations[index] if index < len(stations) else first_room)
        crew.append(
            {
                "name": raw.get("name") or f"{raw['race']}-{index + 1}",
                "race": raw["race"],
                "room": room,
                "health": health,
                "max_health": health,
                "skills": dict(raw.get("skills", {})),
                "speed": float(race.get("speed") or base["speed"]) + _pheromones(doc, data),
                "repair": float(race.get("repair_multiplier", 1)),
                "fire_immune": bool(race.get("fire_immune", False)),
                "suffocation": int(base["suffocation"] if suffocation is None else suffocation),
                "drains_oxygen": int(race.get("drains_oxygen", 0)),
                "owner": str(doc.get("seat", "")),
                "ss_damage": [
                    int(base["ss_damage"][0]) + int(race.get("ss_damage_change", [0, 0])[0]),
                    int(base["ss_damage"][1]) + int(race.get("ss_damage_change", [0, 0])[1]),
                ],
                "death_damage": int(race.get("death_damage") or 0),
                "room_power": int(race.get("room_power") or 0),
                "mind_control_immune": bool(race.get("mind_control_immune", False)),
                "lock_seconds": int(race.get("lockdown_seconds") or 0),
                "mind_seconds": int(race.get("mind_control_seconds") or 0),
                "mind_ss_bonus": list(race.get("mind_control_ss_damage_bonus") or [0, 0]),
                "stunned": 0,
                "path": [],
                "steps": 0.0,
            }
        )
    return crew


def _pheromones(doc: Mapping[str, Any], data: Mapping[str, Any]) -> float:
    """Mantis pheromones: the crew walk faster."""
    if "mantis_pheromones" not in doc.get("augments", []):
        return 0.0
    return float(data["augments"]["mantis_pheromones"]["numbers"]["speed_bonus_rooms"])


def _start_power(ship: Ship, order: list[str]) -> None:
    for system_id in order:
        system = ship["systems"].get(system_id)
        if system is None or system["subsystem"]:
            continue
        free = ship["reactor"] - reactor_used(ship)
        system["power"] = max(0, min(system["level"], system["zoltan"] + free))
