"""The battle's rules, gathered once when a battle starts.

They come from the FTL tables (systems by level and manning skill, travel times, the base
crew member) and ``tables/ftl/battle.yaml`` (the clock's own mechanics), and are stored in
the battle, so a second reads no table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.games.ftl.rules.battle.artillery import artillery_rules
from gmtool.games.ftl.rules.battle.doors import doors_rules
from gmtool.games.ftl.rules.battle.drone_moves import drone_rules


def battle_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data``: the FTL content as plain data (the tables' top-level keys)."""
    systems = data["systems"]
    settings = data["battle"]
    base = data["base"]

    def manned(system_id: str, key: str, scale: float = 1) -> list[int]:
        table = systems[system_id]["manned"]
        return [round(float(table[skill][key]) * scale) for skill in sorted(table)]

    def per_level(system_id: str, key: str) -> list[int]:
        table = systems[system_id]["per_level"]
        return [int(table[level][key]) for level in sorted(table)]

    shields = systems["shields"]["stats"]
    oxygen = systems["oxygen"]["stats"]
    return {
        "hull": int(settings["hull"]),
        "crew_damage_per_damage": int(settings["crew_damage_per_damage"]),
        "ion": dict(settings["ion"]),
        "power": dict(settings["power"]),
        "shields": {
            "levels_per_shield": int(shields["levels_per_layer"]),
            "recharge_ms": round(float(shields["recharge_seconds"]) * 1000),
            "manned_faster_ms": manned("shields", "recharge_faster_seconds", 1000),
            "blocks": list(settings["shields_block"]),
            "layers_per_block": int(settings["shield_layers_per_block"]),
        },
        "evasion": {
            **settings["evasion"],
            "engine_percent_per_bar": int(systems["engines"]["stats"]["evasion_per_level"]),
            "engines_manned_percent": manned("engines", "evasion"),
            "piloting_manned_percent": manned("piloting", "evasion"),
            "piloting_unmanned_share": per_level("piloting", "unmanned_evasion_percent"),
        },
        "weapons": {
            "manned_faster_percent": manned("weapon_control", "recharge_faster_percent"),
            "discharge_per_second": int(
                systems["weapon_control"]["stats"]["discharge_per_second_when_off"]
            ),
            "shots_per_second": int(settings["shots_per_second"]),
            "travel_seconds": dict(data["travel_seconds"]),
            "uses_missile": list(data["uses_missile"]),
        },
        "beams": {**settings["beams"], "rooms_per_second": int(data["beam_rooms_per_second"])},
        "cloaking": {
            **settings["cloaking"],
            "evasion": int(systems["cloaking"]["stats"]["evasion"]),
            "seconds": per_level("cloaking", "seconds"),
        },
        "battery": {
            "on_seconds": int(systems["backup_battery"]["stats"]["on_seconds"]),
            "self_ion": int(systems["backup_battery"]["stats"]["self_ion_damage"]),
            "power": per_level("backup_battery", "power"),
        },
        "hacking": dict(settings["hacking"]),
        "ftl": dict(settings["ftl"]),
        "augments": dict(settings["augments"]),
        "zoltan_shield": {
            **settings["zoltan_shield"],
            **data["augments"]["zoltan_shield"]["numbers"],
        },
        "crystal_vengeance": dict(settings["crystal_vengeance"]),
        "slug_mind": dict(settings["slug_mind"]),
        "teleporter": {"self_ion": per_level("crew_teleporter", "self_ion_damage")},
        "mind_control": {
            "self_ion": int(systems["mind_control"]["stats"]["self_ion_damage"]),
            "levels": [
                systems["mind_control"]["per_level"][n]
                for n in sorted(systems["mind_control"]["per_level"])
            ],
        },
        "clone_bay": {
            "limbo": int(systems["clone_bay"]["stats"]["limbo_seconds"]),
            "seconds": per_level("clone_bay", "clone_seconds"),
        },
        "chances": dict(settings["chances"]),
        "fires": dict(settings["fires"]),
        "breaches": dict(settings["breaches"]),
        "oxygen": {
            "start": int(oxygen["start_percent"]),
            "loss_when_off": int(oxygen["loss_per_second_when_off"]),
            "refill": per_level("oxygen", "refill_per_second"),
            "suffocation": int(base["suffocation"]),
        },
        "crew": {
            "repair_ss": int(base["repair"]),
            "ss_per_damage": int(settings["ss_per_damage"]),
            "per_room": str(data.get("crew_per_room", "any")),
        },
        "medbay": {"heal": per_level("medbay", "heal_per_second")},
        "artillery": artillery_rules(data),
        "asteroids": dict(settings["asteroids"]),
        "doors": doors_rules(data),
        "drones": drone_rules(data),
    }
