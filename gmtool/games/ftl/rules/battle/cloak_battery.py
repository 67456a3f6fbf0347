"""Cloaking and the backup battery: two systems switched on by order for a while.

Cloaking: +60% evasion "regardless of system level, pilot or engines", and the enemy
cannot target the ship (its weapons hold their fire, new aims are refused) for 5/10/15 s
by the cloaking system's powered bars; each volley fired while cloaked takes 5 s off
(not with stealth weapons); then 20 s before it can cloak again.

Backup battery: +2/+4 reactor bars (by its level less damage) for 30 s; then it takes 4
ion damage, which keeps it off for the 20 s it rests; the bars it gave are taken back.
"""

from __future__ import annotations

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.power import (
    WEAPONS,
    add_ion,
    cap_power,
    reactor_bars,
    reactor_total,
    reactor_used,
    refuse_ionised,
)
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules


def is_cloaked(ship: Ship) -> bool:
    return int(ship.get("cloak", 0)) > 0


def order_cloak(battle: Battle, ship: Ship, *, trial: bool = False) -> Event:
    system = ship["systems"].get("cloaking")
    if system is None:
        raise RulesError(f"{ship['name']} has no cloaking")
    if is_cloaked(ship):
        raise RulesError(f"{ship['name']} is already cloaked ({ship['cloak']} s left)")
    if int(ship.get("cloak_rest", 0)) > 0:
        raise RulesError(f"{ship['name']}'s cloaking needs {ship['cloak_rest']} s more to recharge")
    bars = int(system["power"])
    if bars <= 0:
        raise RulesError(f"{ship['name']}'s cloaking has no power", hint="power it first")
    refuse_ionised(ship, system, "cloaking")
    if trial:
        return {}
    seconds = rules(battle)["cloaking"]["seconds"]
    ship["cloak"] = int(seconds[min(bars, len(seconds)) - 1])
    return {"event": "cloak", "ship": ship["name"], "seconds": ship["cloak"]}


def cloak_fired(battle: Battle, ship: Ship) -> list[Event]:
    """A volley fired while cloaked shortens the cloak."""
    if not is_cloaked(ship) or "stealth_weapons" in ship["augments"]:
        return []
    ship["cloak"] = max(0, ship["cloak"] - int(rules(battle)["cloaking"]["fire_shortens_by"]))
    if ship["cloak"] == 0:
        return _uncloak(battle, ship, "fired")
    return []


def _uncloak(battle: Battle, ship: Ship, why: str) -> list[Event]:
    ship["cloak"] = 0
    ship["cloak_rest"] = int(rules(battle)["cloaking"]["cooldown_seconds"])
    return [{"event": "uncloak", "ship": ship["name"], "why": why}]


def order_battery(battle: Battle, ship: Ship, *, trial: bool = False) -> Event:
    system = ship["systems"].get("backup_battery")
    if system is None:
        raise RulesError(f"{ship['name']} has no backup battery")
    if int(ship.get("battery", 0)) > 0:
        raise RulesError(f"{ship['name']}'s battery is already on ({ship['battery']} s left)")
    if system["ion"] > 0:
        raise RulesError(
            f"{ship['name']}'s battery is resting (ionised, {system['ion_timer']} s left)"
        )
    level = int(system["level"]) - int(system["damage"])
    if level <= 0:
        raise RulesError(f"{ship['name']}'s battery is broken")
    if trial:
        return {}
    battery = rules(battle)["battery"]
    ship["battery"] = int(battery["on_seconds"])
    ship["battery_bars"] = int(battery["power"][min(level, len(battery["power"])) - 1])
    return {
        "event": "battery",
        "ship": ship["name"],
        "bars": ship["battery_bars"],
        "seconds": ship["battery"],
    }


def count_down(battle: Battle, ship: Ship) -> list[Event]:
    """One second off the cloak, its rest, and the battery."""
    events: list[Event] = []
    if int(ship.get("cloak_rest", 0)) > 0:
        ship["cloak_rest"] -= 1
    if is_cloaked(ship):
        ship["cloak"] -= 1
        if ship["cloak"] == 0:
            events += _uncloak(battle, ship, "time")
    if int(ship.get("battery", 0)) > 0:
        ship["battery"] -= 1
        if ship["battery"] == 0:
            ship["battery_bars"] = 0
            events.append({"event": "battery_off", "ship": ship["name"]})
            events += add_ion(
                battle, ship, "backup_battery", int(rules(battle)["battery"]["self_ion"]), own=True
            )
            events += shed_power(battle, ship)
    return events


def shed_power(battle: Battle, ship: Ship) -> list[Event]:
    """The reactor shrank: weapons give their bars back first, then the other systems,
    the last listed first."""
    events: list[Event] = []
    over = reactor_used(ship) - reactor_total(ship)
    order = [WEAPONS, *reversed([s for s in ship["systems"] if s != WEAPONS])]
    for system_id in order:
        if over <= 0:
            break
        system = ship["systems"].get(system_id)
        if system is None:
            continue
        before = reactor_bars(system)
        if before <= 0:
            continue  # nothing of the reactor's here (a Zoltan's bars stay)
        cap = int(system["power"]) - min(over, before)
        events += cap_power(battle, ship, system_id, cap, "reactor")
        over -= before - reactor_bars(system)
    return events
