"""Artillery: a ship's one built-in gun, the artillery beam or the artillery flak.

The artillery is a system, not a weapon of weapon control: its reactor bars are its own
(``ftl power SHIP artillery_beam N``), it charges while it holds at least one bar, and
the bars it holds set its charge time, the base cooldown times 1.25/1/0.75/0.5 for 1 to 4
bars, rounded down. Off, ionised to nothing or broken, it loses charge like a weapon.
It is aimed and fires like a weapon (``ftl aim SHIP artillery_beam ROOM``), so it sits at
the end of the ship's weapon list, marked ``artillery``: the beam is a 1-damage beam that
passes 4 shields, the flak 8 asteroids that fly as fast as ion shots and scatter like
flak. Weapon control's manning, its damage, its hacking and the augments that speed up
weapons do not touch it ("this does not apply to artillery weapons").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.games.ftl.rules.battle.crew import manning_skill
from gmtool.games.ftl.rules.battle.state import Battle, Ship, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Weapon

SYSTEMS = ("artillery_beam", "artillery_flak")
KINDS = {"artillery_beam": "beam", "artillery_flak": "flak"}


def is_artillery(weapon: Mapping[str, Any]) -> bool:
    return bool(weapon.get("artillery"))


def artillery_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The artillery's numbers, for the battle's rules (``rules.battle_rules``)."""
    settings = data["battle"]["artillery"]
    levels: dict[str, list[float]] = {}
    for system_id in SYSTEMS:
        table = data["systems"][system_id]["per_level"]
        levels[system_id] = [float(table[n]["cooldown_multiplier"]) for n in sorted(table)]
    return {
        "discharge_per_second": int(settings["discharge_per_second"]),
        "manned_faster_percent": [int(p) for p in settings["manned_faster_percent"]],
        "cooldown_multiplier": levels,
    }


def artillery_weapons(systems: Mapping[str, Any], data: Mapping[str, Any]) -> list[Weapon]:
    """The weapon entry of the ship's artillery system, if it has one."""
    found: list[Weapon] = []
    for system_id in SYSTEMS:
        if system_id not in systems:
            continue
        stats = data["systems"][system_id]["stats"]
        kind = KINDS[system_id]
        found.append(
            {
                "id": system_id,
                "kind": kind,
                "artillery": system_id,
                "travel_as": str(stats.get("travel_as") or kind),
                "power": 0,  # its bars are the artillery system's, not weapon control's
                "cooldown": int(stats["base_cooldown"]),
                "damage": int(stats["damage"]),
                "systemless_damage": None,
                "ion": 0,
                "crew_damage": 0,
                "system_damage": 0,
                "shots": int(stats.get("shots", 1)),
                "pierce": int(stats.get("pierce", 0)),
                "fire": 0,
                "breach": 0,
                "stun": 0,
                "stun_time": None,
                "lockdown": 0,
                "length": float(stats.get("length") or 0),
                "spread": int(stats.get("spread") or 0),
                "beam_aim": None,
                "charge_cap": 1,
                "charges": 0,
                "chain": None,
                "chain_level": 0,
                "waited": 0,
                "unmodelled": None,
                "powered": False,
                "charge": 0,
                "target": None,
                "volley_target": None,
                "shots_left": 0,
            }
        )
    return found


def cooldown(battle: Battle, ship: Ship, weapon: Mapping[str, Any]) -> int:
    """Seconds to charge with the bars the system holds now (the level-1 time with none):
    base x multiplier, rounded down, less the manned bonus (none, by the table)."""
    settings = rules(battle)["artillery"]
    system_id = str(weapon["artillery"])
    multipliers = settings["cooldown_multiplier"][system_id]
    bars = int(ship["systems"][system_id]["power"])
    multiplier = multipliers[min(max(bars, 1), len(multipliers)) - 1]
    base = int(int(weapon["cooldown"]) * multiplier)
    skill = manning_skill(ship, system_id)
    if skill is None:
        return base
    return base - base * int(settings["manned_faster_percent"][skill]) // 100


def sync(ship: Ship, system_id: str) -> None:
    """The artillery's gun is on while its system holds a bar (called when bars move)."""
    if system_id not in SYSTEMS:
        return
    for weapon in ship["weapons"]:
        if weapon.get("artillery") == system_id:
            weapon["powered"] = int(ship["systems"][system_id]["power"]) > 0
            if not weapon["powered"]:
                weapon["shots_left"] = 0
