"""The battle as the JSON document ``ftl tick --json`` and ``ftl show --json`` print."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.asteroids import next_asteroid
from gmtool.games.ftl.rules.battle.augments import MODELLED as MODELLED_AUGMENTS
from gmtool.games.ftl.rules.battle.doors import doors_document
from gmtool.games.ftl.rules.battle.power import reactor_total, reactor_used
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_numbers, evasion
from gmtool.games.ftl.rules.battle.state import Battle, Ship, max_shields
from gmtool.games.ftl.rules.battle.weapons import cooldown

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Drone


def battle_document(battle: Battle) -> dict[str, Any]:
    return {
        "second": battle["second"],
        "ships": {name: ship_document(battle, ship) for name, ship in battle["ships"].items()},
        "in_flight": [
            {
                "id": s["id"],
                "from": s["from"],
                "to": s["to"],
                "weapon": s["weapon"],
                "room": s["room"],
                "arrives": s["arrives"],
            }
            | ({"system": s["system"]} if s.get("system") else {})  # a hacking drone's aim
            for s in battle["in_flight"]
        ],
        "winner": battle["winner"],
        "over": battle["over"],
        "drone_spaces": list(battle["rules"]["drones"]["spaces"]),
    }


def ship_document(battle: Battle, ship: Ship) -> dict[str, Any]:
    return {
        "title": ship["title"],
        "hull": ship["hull"],
        "hull_max": ship["hull_max"],
        "shields": {"up": ship["shields"]["up"], "max": max_shields(battle, ship)},
        "evasion": evasion(battle, ship),
        "dodge_numbers": dodge_numbers(battle, ship),
        "reactor": {"used": reactor_used(ship), "total": reactor_total(ship)},
        "cloak_seconds": int(ship.get("cloak", 0)),
        "hacked": ship.get("hacked"),
        "ftl": {
            "charged": int(ship.get("ftl", 0)) / 100,
            "needed": int(battle["rules"]["ftl"]["charge_seconds"]),
        },
        "battery_seconds": int(ship.get("battery", 0)),
        "asteroid_field": bool(ship.get("asteroid_field")),
        "doors": doors_document(battle, ship),
        "next_asteroid": next_asteroid(battle, ship),
        "missiles": ship["missiles"],
        "drone_parts": int(ship.get("drone_parts", 0)),
        "drones": [drone_document(d) for d in ship.get("drones") or []],
        "zoltan_shield": int(ship.get("zoltan_shield", 0)),
        "unmodelled_augments": [a for a in ship["augments"] if a not in MODELLED_AUGMENTS],
        "augments_outside_battle": {
            a: note
            for a, note in battle["rules"]["augments"]["outside_battle"].items()
            if a in ship["augments"]
        },
        "autofire": ship["autofire"],
        "systems": {
            sid: {
                "level": s["level"],
                "power": s["power"],
                "zoltan": s.get("zoltan", 0),
                "damage": s["damage"],
                "ion": s["ion"],
                "ion_seconds": s["ion_timer"],
                "room": s["room"],
            }
            for sid, s in ship["systems"].items()
        },
        "weapons": [
            {
                "id": w["id"],
                "powered": w["powered"],
                "charge": w["charge"],
                "cooldown": cooldown(battle, ship, w),
                "target": w["target"],
                "shots_left": w["shots_left"],
                "charges": w["charges"],
                "charge_cap": w["charge_cap"],
                "artillery": bool(w.get("artillery")),
                "modelled": w["unmodelled"] is None,
            }
            for w in ship["weapons"]
        ],
        "crew": [
            {
                "name": c["name"],
                "race": c["race"],
                "owner": c.get("owner") or ship["name"],
                "controlled_by": c.get("controlled_by"),
                "room": c["room"],
                "health": c["health"],
                "max_health": c["max_health"],
                "stunned": c["stunned"],
                "walking_to": c["path"][-1] if c["path"] else None,
                "cloning": c.get("cloning"),
                "lost": bool(c.get("lost")),
            }
            for c in ship["crew"]
        ],
        "rooms": {
            rid: {
                "system": r["system"],
                "corners": r["corners"],
                "oxygen": r["oxygen"],
                "fires": len(r["fires"]),
                "breaches": len(r["breaches"]),
                "fire_corners": sorted(int(f["corner"]) for f in r["fires"]),
                "breach_corners": sorted(int(b["corner"]) for b in r["breaches"]),
                "vent": r["vent"],
                "space_door": r["space_door"],
            }
            for rid, r in ship["rooms"].items()
        },
    }


def drone_document(drone: Drone) -> dict[str, Any]:
    return {
        "id": drone["id"],
        "kind": drone["kind"],
        "power": drone["power"],
        "powered": drone["powered"],
        "out": drone["deployed"],
        "space": drone["at"] if drone["kind"] != "internal" else None,
        "going_to": drone["to"],
        "doing": drone["phase"],
        "seconds": drone["timer"],
        "ion_seconds": drone["ion_timer"],
    }


def rolls_document(dice: DiceDoor) -> list[dict[str, Any]]:
    """Every roll of the command with its purpose, in the order they were made (with each
    die's face when the roll has several, as the 2d6 of a drone's move)."""
    found: list[dict[str, Any]] = []
    for r in dice.rolls:
        row = {"roll": r.who, "die": r.expression, "face": r.total, "source": r.source}
        if len(r.dice) > 1:
            row["faces"] = r.faces
        found.append({**row, "for": r.label})
    return found
