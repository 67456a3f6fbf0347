"""Drones' shots as the arrival rules read them: a drone's shot put in flight, what it
lands as (a weapon), a shot aimed at a drone, and the kind of any shot in flight."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from gmtool.games.ftl.rules.battle.drones import DRONE_TARGET, destroy, find_drone, ionise
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Drone, Projectile


def launch(battle: Battle, shot: dict[str, Any], travel: int) -> None:
    """Sends ``shot`` (a drone's shot, a boarding or hacking drone) on its way."""
    battle["next_shot"] += 1
    flying = {**shot, "id": battle["next_shot"], "arrives": battle["second"] + travel}
    battle["in_flight"].append(cast("Projectile", flying))


def hit_drone(battle: Battle, ship: Ship, weapon: Mapping[str, Any], target: str) -> list[Event]:
    """A shot aimed at one of ``ship``'s drones (ruling: no dodge, no shield out there):
    normal damage destroys it, ion ionises it; a drone no longer out is missed."""
    drone = ship["drones"][find_drone(ship, target.removeprefix(DRONE_TARGET))]
    event: Event = {"event": "drone_hit", "ship": ship["name"], "drone": drone["id"]}
    event["weapon"] = weapon["id"]
    if not drone["deployed"] or drone["kind"] == "internal":
        return [{**event, "event": "drone_missed"}]
    if int(weapon.get("damage") or 0) > 0:
        destroy(battle, ship, drone)
        return [{**event, "destroyed": True}]
    if int(weapon.get("ion") or 0) > 0:
        return [event, ionise(battle, ship, drone, int(weapon["ion"]), weapon["id"])]
    return [{**event, "destroyed": False}]


def shot_weapon(battle: Battle, shot: Mapping[str, Any]) -> dict[str, Any]:
    drone = battle["ships"][shot["from"]]["drones"][shot["drone"]]
    return as_weapon(battle, drone, shot)


def as_weapon(battle: Battle, drone: Drone, shot: Mapping[str, Any]) -> dict[str, Any]:
    """A drone's shot as the shot-landing rules read a weapon's."""
    return {
        "id": drone["id"],
        "kind": shot.get("kind") or rules(battle)["drones"]["shot_kind"],
        "damage": drone["damage"],
        "systemless_damage": None,
        "ion": 0,
        "crew_damage": drone["crew_damage"],
        "system_damage": 0,
        "shots": 1,
        "pierce": 0,
        "fire": drone["fire"],
        "breach": 0,
        "stun": 0,
        "stun_time": None,
        "lockdown": 0,
        "length": drone["length"],
        "beam_aim": shot.get("beam_aim"),
    }


def shot_kind(battle: Battle, shot: Mapping[str, Any]) -> str:
    if shot.get("kind"):
        return str(shot["kind"])
    return str(battle["ships"][shot["from"]]["weapons"][shot["slot"]]["kind"])
