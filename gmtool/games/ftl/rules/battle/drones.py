"""Drone control and the ``drone`` order: drones powered like weapons, a part each launch.

"Weapons work the same when it comes to power": drone control's power is the sum of the
powered drones' power, within its bars less damage; ion locks it. "Drones require 1 drone
part each time deployed": switching on a drone that is not out spends a part; a drone
switched off stays out, idle, and goes back to its start ("$") when switched on again,
except the hull repair drone, which "if it is turned off ... will also destroy itself".
A destroyed drone needs a new part. Only one boarding drone is out at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.hooks import HOOKS
from gmtool.games.ftl.rules.battle.power import check_bars
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rule, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, Drone, System

DRONES = "drone_control"
HULL_REPAIR = "hull_repair_drone"
BOARDING = "boarding_drone"
OVERCHARGER = "shield_overcharger"


def new_drone(drone_id: str, data: Mapping[str, Any]) -> Drone:
    """A drone of the ship file, with every number it needs copied from ``drones.yaml``."""
    spec = data["drones"][drone_id]
    damage = spec.get("crew_damage")
    crew_damage = damage if isinstance(damage, int) else 0
    fight = list(damage) if isinstance(damage, list) else [0, 0]
    return {
        "id": drone_id,
        "name": str(spec["name"]),
        "kind": str(spec["kind"]),
        "power": int(spec["power"]),
        "damage": int(spec.get("damage") or 0),
        "beam": bool(spec.get("beam")),
        "length": float(spec.get("length") or 0),
        "crew_damage": crew_damage,
        "fight": fight,
        "fire": int(spec.get("fire_chance") or 0),
        "ion_damage": int(spec.get("ion_damage") or 0),
        "every": int(spec.get("every_seconds") or 0),
        "targets": list(spec.get("targets") or []),
        "health": int(spec.get("health") or 0),
        "speed": float(spec.get("speed") or 0),
        "powered": False,
        "deployed": False,
        "phase": None,
        "timer": 0,
        "reload": 0,
        "at": str(data["drone_battle"]["start_space"]),
        "to": None,
        "ion_timer": 0,
    }


def find_drone(ship: Ship, ref: str) -> int:
    """A drone by id or by its slot number (1 = first listed)."""
    drones = ship.get("drones") or []
    if ref.isdigit() and 1 <= int(ref) <= len(drones):
        return int(ref) - 1
    for index, drone in enumerate(drones):
        if drone["id"] == ref:
            return index
    raise unknown(f"drone of {ship['name']}", ref, [d["id"] for d in drones])


def control(ship: Ship) -> System:
    system = ship["systems"].get(DRONES)
    if system is None:
        raise RulesError(f"{ship['name']} has no drone control: it cannot launch drones")
    return system


def order_drone(battle: Battle, ship: Ship, ref: str, on: bool, *, trial: bool = False) -> Event:
    """The ``drone`` order: power a drone (launching it for a part if it is not out), or
    take its power away."""
    index = find_drone(ship, ref)
    drone = ship["drones"][index]
    system = control(ship)
    if system["ion"] > 0:
        raise RulesError(
            f"{ship['name']}'s drone control is ionised ({system['ion']} ion, "
            f"{system['ion_timer']} s left): its power cannot change"
        )
    if on == drone["powered"]:
        raise RulesError(f"{ship['name']}'s {drone['id']} is already {'on' if on else 'off'}")
    need = int(drone["power"])
    launch = on and not drone["deployed"]
    if on:
        check_bars(ship, DRONES, drone["id"], need)
    if launch:
        _check_launch(battle, ship, drone)
    if trial:
        return {}
    if not on:
        return _switch_off(battle, ship, drone, "order")
    if launch:
        ship["drone_parts"] -= 1
    system["power"] += need
    drone["powered"] = True
    drone["deployed"] = True
    if drone["kind"] == "internal" and not launch:
        return _switched_on(ship, drone, launch)  # it stays where it walks (or flies)
    drone["phase"] = None
    drone["timer"] = 0
    drone["reload"] = 0
    drone["at"] = str(rules(battle)["drones"]["start_space"])
    drone["to"] = None
    return _switched_on(ship, drone, launch)


def _switched_on(ship: Ship, drone: Drone, launch: bool) -> Event:
    return {
        "event": "drone",
        "ship": ship["name"],
        "drone": drone["id"],
        "on": True,
        "launched": launch,
        "parts": ship["drone_parts"],
    }


def _check_launch(battle: Battle, ship: Ship, drone: Drone) -> None:
    if int(ship.get("drone_parts", 0)) <= 0:
        raise RulesError(
            f"{ship['name']} has no drone parts left to launch {drone['id']}",
            hint="each launch uses a drone part; a drone switched off stays out for free",
        )
    if drone["id"] == BOARDING and any(
        d["id"] == BOARDING and d["deployed"] for d in ship["drones"]
    ):
        raise RulesError(f"{ship['name']} has a boarding drone out already (one at a time)")


def _switch_off(battle: Battle, ship: Ship, drone: Drone, why: str) -> Event:
    ship["systems"][DRONES]["power"] -= int(drone["power"])
    drone["powered"] = False
    event: Event = {"event": "drone", "ship": ship["name"], "drone": drone["id"], "on": False}
    if drone["id"] == HULL_REPAIR:  # "if it is turned off it will also destroy itself"
        destroy(battle, ship, drone)
        event["destroyed"] = True
    if why != "order":
        event = {**event, "event": "drone_unpowered", "why": why}
    return event


def destroy(battle: Battle, ship: Ship, drone: Drone) -> None:
    """The drone is gone (shot down, spent, killed): a new launch takes a new part."""
    if drone["powered"]:
        ship["systems"][DRONES]["power"] -= int(drone["power"])
    drone["powered"] = False
    drone["deployed"] = False
    drone["phase"] = None
    drone["timer"] = 0
    drone["to"] = None
    drone["ion_timer"] = 0
    drone["at"] = str(rules(battle)["drones"]["start_space"])
    recall(battle, ship, drone)


DRONE_TARGET = "drone:"
"""An aim at an enemy drone: ``drone:SLOT`` (or ``drone:ID``) instead of a room."""


def check_drone_target(enemy: Ship, weapon: Mapping[str, Any], target: str) -> int:
    """A weapon aimed at an enemy drone outside its ship ("they can also be shot down /
    ionized by enemy weapons"): not a beam or a spread weapon, which strike rooms."""
    if weapon["kind"] == "beam" or int(weapon.get("spread") or 0) > 0:
        raise RulesError(f"{weapon['id']} strikes rooms: it cannot be aimed at a drone")
    index = find_drone(enemy, target.removeprefix(DRONE_TARGET))
    drone = enemy["drones"][index]
    if drone["kind"] == "internal" or not drone["deployed"]:
        raise RulesError(f"{enemy['name']}'s {drone['id']} is not flying outside its ship")
    return index


def cap_drones(battle: Battle, ship: Ship, cap: int, why: str) -> list[Event]:
    """Drone control lost bars (damage, ion, the reactor): drones lose their power, the
    last listed first (as weapons do, ``battle.power.depower_order``)."""
    system = ship["systems"][DRONES]
    order = list(range(len(ship["drones"])))
    if rules(battle)["power"]["depower_order"] == "last_first":
        order.reverse()
    events: list[Event] = []
    for index in order:
        drone = ship["drones"][index]
        if int(system["power"]) <= cap:
            break
        if drone["powered"]:
            events.append(_switch_off(battle, ship, drone, why))
    return events


HOOKS.drone_control_capped = cap_drones


def ionise(battle: Battle, ship: Ship, drone: Drone, points: int, why: str) -> Event:
    """An ionised drone does nothing for 5 s a point (``battle.ion.seconds_per_point``)."""
    seconds = points * int(rules(battle)["ion"]["seconds_per_point"])
    drone["ion_timer"] = int(drone["ion_timer"]) + seconds
    return {
        "event": "drone_ionised",
        "ship": ship["name"],
        "drone": drone["id"],
        "seconds": drone["ion_timer"],
        "why": why,
    }


def ionise_all(battle: Battle, ship: Ship) -> list[Event]:
    """Hacked drone control "ionizes all enemy drones": every drone out stays ionised for
    as long as the hack lasts (and one ion point's time after)."""
    seconds = int(rules(battle)["ion"]["seconds_per_point"])
    events: list[Event] = []
    for drone in ship.get("drones") or []:
        if not drone["deployed"]:
            continue
        if int(drone["ion_timer"]) == 0:
            points = int(rule(battle, "hacking", "drone_ion"))
            events.append(ionise(battle, ship, drone, points, "hacked"))
        drone["ion_timer"] = max(int(drone["ion_timer"]), seconds)
    return events


def body_of(battle: Battle, ship: Ship, index: int) -> tuple[Ship | None, CrewMember | None]:
    """The drone walking the rooms (on whichever ship), or (None, None)."""
    for aboard in battle["ships"].values():
        for member in aboard["crew"]:
            if member.get("drone") == index and member.get("owner") == ship["name"]:
                return aboard, member
    return None, None


def recall(battle: Battle, ship: Ship, drone: Drone) -> None:
    """A drone destroyed leaves the rooms."""
    index = ship["drones"].index(drone)
    aboard, body = body_of(battle, ship, index)
    if aboard is not None and body is not None:
        aboard["crew"].remove(body)
