"""Reactor power: orders that move bars, and the bars lost to damage and ion.

A system's ``power`` is the reactor bars in it. Weapon control's power is the sum of the
powered weapons' power (a weapon is switched on or off, not the system). A system can hold
at most its level less its damage; ion damage takes bars out at once and locks the system
("will not be able to put in or take out power") until its timer runs out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.artillery import sync as sync_artillery
from gmtool.games.ftl.rules.battle.hooks import HOOKS
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, drop_shields, rule, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import System

WEAPONS = "weapon_control"
UNPOWERED = ("doors", "piloting", "backup_battery")
"""Subsystems: they need no power ("Subsytems require no power to run")."""
MODELLED = (
    "shields",
    "engines",
    "oxygen",
    "medbay",
    "cloaking",
    "crew_teleporter",
    "mind_control",
    "clone_bay",
    "hacking",
    "artillery_beam",
    "artillery_flak",
    WEAPONS,
)
"""Systems whose effects the battle models so far; others refuse power orders."""


def usable_bars(system: System) -> int:
    """Bars a system can hold: its level less its damage."""
    return max(0, int(system["level"]) - int(system["damage"]))


def reactor_used(ship: Ship) -> int:
    """Reactor bars in use: each system's power less the bars Zoltans give it."""
    return sum(reactor_bars(s) for s in ship["systems"].values())


def reactor_bars(system: System) -> int:
    return max(0, int(system["power"]) - int(system.get("zoltan", 0)))


def zoltan_in_use(system: System) -> int:
    """The Zoltans' bars powering the system now (ion cannot take these out)."""
    return min(int(system.get("zoltan", 0)), int(system["power"]))


def reactor_total(ship: Ship) -> int:
    """The reactor's bars, with a backup battery's while it is on."""
    return (
        int(ship["reactor"]) + int(ship.get("battery_bars", 0)) - int(ship.get("hack_reactor", 0))
    )


def reactor_free(ship: Ship) -> int:
    return reactor_total(ship) - reactor_used(ship)


def find_system(ship: Ship, system_id: str) -> System:
    systems = ship["systems"]
    if system_id not in systems:
        raise unknown(f"system of {ship['name']}", system_id, sorted(systems))
    return systems[system_id]


def set_power(
    battle: Battle, ship: Ship, system_id: str, bars: int, *, trial: bool = False
) -> Event:
    """The ``power`` order: put ``bars`` bars into a system (more or fewer). ``trial``:
    only check it, changing nothing (as every order's ``trial`` does)."""
    system = find_system(ship, system_id)
    if system_id in UNPOWERED:
        raise RulesError(f"{system_id} is a subsystem and needs no power")
    if system_id == WEAPONS:
        raise RulesError(
            "weapon control is powered weapon by weapon",
            hint=f"gmtool ftl weapon {ship['name']} WEAPON on|off",
        )
    if system_id == "drone_control":
        raise RulesError(
            "drone control is powered drone by drone",
            hint=f"gmtool ftl drone {ship['name']} DRONE on|off",
        )
    if system_id not in MODELLED:
        raise RulesError(f"{system_id} is not modelled in battle yet: it cannot be powered")
    if bars < 0:
        raise RulesError(f"power must be 0 or more, not {bars}")
    _refuse_ion_lock(ship, system_id, system)
    if bars == int(system["power"]):
        raise RulesError(
            f"{ship['name']}'s {system_id} is already at {bars} bars: nothing to change"
        )
    zoltan = int(system.get("zoltan", 0))
    if bars < zoltan:
        raise RulesError(
            f"{zoltan} of {ship['name']}'s {system_id} bars come from Zoltan crew: it holds "
            f"at least {zoltan}, not {bars} (a Zoltan's bar leaves only with the Zoltan)",
            hint="walk the Zoltan out of the room",
        )
    if bars > usable_bars(system):
        raise RulesError(
            f"{ship['name']}'s {system_id} system holds at most {usable_bars(system)} bars "
            f"(level {system['level']}, damage {system['damage']}), not {bars}"
        )
    extra = bars - int(system["power"])
    if extra > reactor_free(ship):
        raise RulesError(
            f"{ship['name']}'s reactor has {reactor_free(ship)} free bars; "
            f"{system_id} needs {extra} more",
            hint="take power from another system first",
        )
    if trial:
        return {}
    before = system["power"]
    system["power"] = bars
    sync_artillery(ship, system_id)
    event: Event = {
        "event": "power",
        "ship": ship["name"],
        "system": system_id,
        "from": before,
        "to": bars,
    }
    dropped = drop_shields(battle, ship, "power")
    return event if not dropped else {**event, "shields_up": dropped[0]["up"]}


def switch_weapon(ship: Ship, index: int, on: bool, *, trial: bool = False) -> Event:
    """The ``weapon`` order: power a weapon from weapon control's bars, or take it off."""
    weapon = ship["weapons"][index]
    if weapon.get("artillery"):
        raise RulesError(
            f"{weapon['id']} is an artillery system, powered by its own bars",
            hint=f"gmtool ftl power {ship['name']} {weapon['id']} N",
        )
    control = find_system(ship, WEAPONS)
    _refuse_ion_lock(ship, WEAPONS, control)
    if on == weapon["powered"]:
        state = "on" if on else "off"
        raise RulesError(f"{ship['name']}'s {weapon['id']} is already {state}")
    if on:
        if weapon.get("unmodelled"):
            raise RulesError(
                f"{weapon['id']} is a {weapon['kind']} weapon, not modelled in battle yet"
            )
        check_bars(ship, WEAPONS, weapon["id"], int(weapon["power"]))
    if trial:
        return {}
    if on:
        control["power"] += int(weapon["power"])
    else:
        control["power"] -= int(weapon["power"])
        weapon["shots_left"] = 0
    weapon["powered"] = on
    return {"event": "weapon", "ship": ship["name"], "weapon": weapon["id"], "on": on}


def check_bars(ship: Ship, control_id: str, thing: str, need: int) -> None:
    """Refuse to power a weapon (or drone) that does not fit its control system's free
    bars or the reactor's."""
    control = ship["systems"][control_id]
    room = usable_bars(control) - int(control["power"])
    words = control_id.replace("_", " ")
    if need > room:
        raise RulesError(
            f"{thing} needs {need} {words} bars; {ship['name']} has {room} "
            f"free (level {control['level']}, damage {control['damage']}, "
            f"{control['power']} in use)"
        )
    cost = reactor_bars({**control, "power": control["power"] + need}) - reactor_bars(control)
    if cost > reactor_free(ship):  # a Zoltan's bar in the room costs the reactor nothing
        raise RulesError(
            f"{thing} needs {cost} reactor bars; {ship['name']} has {reactor_free(ship)} free",
            hint="take power from another system first",
        )


def refuse_ionised(ship: Ship, system: System, words: str) -> None:
    """A system that keeps its bars under its own ion (``add_ion(own=True)``) still does
    nothing until the ion ends."""
    if int(system["ion"]) > 0:
        raise RulesError(
            f"{ship['name']}'s {words} is ionised ({system['ion']} ion, {system['ion_timer']} s "
            "left): it works again when the ion ends"
        )


def _refuse_ion_lock(ship: Ship, system_id: str, system: System) -> None:
    if system["ion"] > 0:
        raise RulesError(
            f"{ship['name']}'s {system_id} is ionised ({system['ion']} ion, "
            f"{system['ion_timer']} s left): its power cannot change"
        )


def cap_power(battle: Battle, ship: Ship, system_id: str, cap: int, why: str) -> list[Event]:
    """Take bars out of a system down to ``cap`` (weapons lose theirs last-listed first)."""
    system = ship["systems"][system_id]
    cap = max(0, cap)
    if system["power"] <= cap:
        return []
    before = system["power"]
    if system_id == WEAPONS:
        order = list(range(len(ship["weapons"])))
        if rules(battle)["power"]["depower_order"] == "last_first":
            order.reverse()
        events: list[Event] = []
        for index in order:
            weapon = ship["weapons"][index]
            if system["power"] <= cap:
                break
            if weapon["powered"] and not weapon.get("artillery"):
                weapon["powered"] = False
                weapon["shots_left"] = 0
                system["power"] -= int(weapon["power"])
                events.append(
                    {
                        "event": "weapon_unpowered",
                        "ship": ship["name"],
                        "weapon": weapon["id"],
                        "why": why,
                    }
                )
        return [_lost(ship, system_id, before, system["power"], why), *events]
    if system_id == "drone_control":
        events = HOOKS.drone_control_capped(battle, ship, cap, why)
        return [_lost(ship, system_id, before, system["power"], why), *events]
    system["power"] = cap
    sync_artillery(ship, system_id)
    system["zoltan"] = min(int(system.get("zoltan", 0)), cap)
    return [_lost(ship, system_id, before, cap, why), *drop_shields(battle, ship, why)]


def _lost(ship: Ship, system_id: str, before: int, after: int, why: str) -> Event:
    return {
        "event": "power_lost",
        "ship": ship["name"],
        "system": system_id,
        "from": before,
        "to": after,
        "why": why,
    }


def add_ion(
    battle: Battle, ship: Ship, system_id: str, points: int, *, own: bool = False
) -> list[Event]:
    """Ion damage: bars out at once, the system locked, 5 s a point on its timer. ``own``:
    ion that is no weapon's or environment's (a system's own, a hacked cloak's): it locks
    the system but takes no bar out ("power is only removed by weapons and environment
    damage"), unless ``battle.ion.own_ion_takes_power``."""
    system = ship["systems"][system_id]
    seconds = points * int(rules(battle)["ion"]["seconds_per_point"])
    system["ion"] += points
    system["ion_timer"] += seconds
    floor = zoltan_in_use(system)  # a Zoltan's bars "ignore ion damage"
    events: list[Event] = [
        {
            "event": "ion",
            "ship": ship["name"],
            "system": system_id,
            "points": points,
            "ion": system["ion"],
            "seconds": system["ion_timer"],
        }
    ]
    if own and not rule(battle, "ion", "own_ion_takes_power"):
        return events
    cap = max(floor, int(system["power"]) - points)
    return events + cap_power(battle, ship, system_id, cap, "ion")


def count_down_ion(battle: Battle, ship: Ship) -> list[Event]:
    """One second off every ion timer. ``all_at_once``: every point stays until the timer
    ends; ``one_per_period``: a point falls off each time 5 s have passed."""
    ion_rules = rules(battle)["ion"]
    period = int(ion_rules["seconds_per_point"])
    events: list[Event] = []
    for system_id, system in ship["systems"].items():
        if system["ion_timer"] <= 0:
            continue
        system["ion_timer"] -= 1
        before = system["ion"]
        if ion_rules["clears"] == "one_per_period":
            system["ion"] = -(-system["ion_timer"] // period)
        elif system["ion_timer"] == 0:
            system["ion"] = 0
        if system["ion"] < before:
            events.append(
                {
                    "event": "ion_cleared",
                    "ship": ship["name"],
                    "system": system_id,
                    "ion": system["ion"],
                }
            )
    return events
