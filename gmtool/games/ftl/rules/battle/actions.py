"""The battle's actions: the orders players give between seconds, and the tick.

Each is one logged, undoable action: ``apply_battle(battle, action, dice)`` changes the
battle and returns the result document and a line for the log. An illegal order raises
``RulesError`` naming the rule, before anything changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.ftl.rules.battle import (
    augments,
    boarding,
    cloak_battery,
    crew_work,
    doors,
    hacking,
    minds,
    power,
    weapons,
)
from gmtool.games.ftl.rules.battle.document import battle_document, rolls_document
from gmtool.games.ftl.rules.battle.drones import order_drone
from gmtool.games.ftl.rules.battle.second import run_second
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_count, evasion
from gmtool.games.ftl.rules.battle.state import Battle, Ship, live_battle, ship_of
from gmtool.games.ftl.rules.battle.story import story, story_lines
from gmtool.games.ftl.rules.battle.zoltans import all_zoltan_power
from gmtool.games.ftl.state import Order

ORDERS: tuple[Order, ...] = get_args(Order)
MAX_SECONDS = 600
"""The most seconds one tick command runs (a guard against a slip of the keyboard)."""


def apply_battle(
    state: dict[str, Any], action: Mapping[str, Any], dice: DiceDoor
) -> tuple[dict[str, Any], str, str]:
    """Carry out a battle action on ``state["battle"]``: (result, what, outcome) for the log."""
    kind = str(action.get("type", ""))
    battle = live_battle(state)
    if kind == "tick":
        return _tick(battle, action, dice)
    order = kind.removeprefix("order_")
    if order not in ORDERS:
        raise unknown("battle action", kind, ["tick", *(f"order_{o}" for o in ORDERS)])
    event = _order(battle, order, action)

    all_zoltan_power(battle)  # crew sent, retrieved or taken over: Zoltan bars follow them
    what = f"{order} order"
    result = {"second": battle["second"], "order": event}
    return result, what, story([event])


def check_order(battle: Battle, action: Mapping[str, Any]) -> None:
    """Raise the ``RulesError`` (or ``UsageError``) the order would raise, changing
    nothing: each order function checks everything before its first change, and with
    ``trial`` stops there. The menus offer what passes (``choices``)."""
    order = str(action.get("type", "")).removeprefix("order_")
    if order not in ORDERS:
        raise unknown("battle order", order, list(ORDERS))
    _order(battle, order, action, trial=True)


def _order(
    battle: Battle, order: str, action: Mapping[str, Any], *, trial: bool = False
) -> dict[str, Any]:
    ship = ship_of(battle, str(action.get("ship", "")))
    if ship["hull"] <= 0:
        raise RulesError(f"{ship['name']} is destroyed and takes no orders")
    if order == "power":
        return power.set_power(
            battle, ship, str(action["system"]), _int(action, "bars"), trial=trial
        )
    if order == "weapon":
        index = weapons.find_weapon(ship, str(action["weapon"]))
        event = power.switch_weapon(ship, index, bool(action["on"]), trial=trial)
        if trial:
            return event
        ignited = augments.pre_ignite(battle, ship, ship["weapons"][index])
        return event if ignited is None else {**event, "charged": True}
    if order == "aim":
        index = weapons.find_weapon(ship, str(action["weapon"]))
        room = action.get("room")
        corner = action.get("corner")
        toward = action.get("toward")
        return weapons.aim(
            battle,
            ship,
            index,
            None if room is None else str(room),
            corner=None if corner is None else _int(action, "corner"),
            toward=None if toward is None else str(toward),
            trial=trial,
        )
    if order == "autofire":
        if trial:
            return {}
        ship["autofire"] = bool(action["on"])
        return {"event": "autofire", "ship": ship["name"], "on": ship["autofire"]}
    if order == "crew":
        name, room = str(action["name"]), str(action["room"])
        return crew_work.order_move(battle, ship["name"], name, room, trial=trial)
    if order == "teleport":
        sent = boarding.order_send(battle, ship, str(action["room"]), trial=trial)
        return sent[0] if sent else {}
    if order == "hack":
        return hacking.order_hack(battle, ship, str(action["system"]), trial=trial)
    if order == "mind":
        by = None if action.get("by") is None else str(action["by"])
        return minds.order_mind(battle, ship, str(action["name"]), by, trial=trial)
    if order == "retrieve":
        back = boarding.order_retrieve(battle, ship, trial=trial)
        return back[0] if back else {}
    if order == "cloak":
        return cloak_battery.order_cloak(battle, ship, trial=trial)
    if order == "battery":
        return cloak_battery.order_battery(battle, ship, trial=trial)
    if order == "drone":
        return order_drone(battle, ship, str(action["drone"]), bool(action["on"]), trial=trial)
    if order == "doors":
        to = None if action.get("to") is None else str(action["to"])
        opened = bool(action["open"])
        return doors.order_doors(battle, ship, str(action["room"]), opened, to, trial=trial)
    if order == "lock":
        name, room = str(action["name"]), str(action["room"])
        return doors.order_lock(battle, ship["name"], name, room, trial=trial)
    return _order_dodge(battle, ship, action, trial=trial)


def _order_dodge(
    battle: Battle, ship: Ship, action: Mapping[str, Any], *, trial: bool = False
) -> dict[str, Any]:
    numbers = [int(n) for n in action.get("numbers", [])]
    die = int(battle["rules"]["evasion"]["die"])
    bad = [n for n in numbers if not 1 <= n <= die]
    if bad or len(set(numbers)) != len(numbers):
        raise RulesError(f"dodge numbers must be different numbers from 1 to {die}, not {numbers}")
    percent = evasion(battle, ship)
    allowed = dodge_count(battle, ship)
    if numbers and not allowed:
        raise RulesError(
            f"{ship['name']} has {percent}% evasion: no dodge number to pick",
            hint="power the engines and man the helm",
        )
    if len(numbers) > allowed:
        raise RulesError(
            f"{ship['name']}'s {percent}% evasion picks {allowed} dodge numbers, not "
            f"{len(numbers)} (one for every {battle['rules']['evasion']['percent_per_number']}%)"
        )
    if numbers == list(ship.get("dodge_picks", [])):
        raise RulesError(
            f"{ship['name']} already picks {','.join(map(str, numbers)) or 'no dodge number'}"
        )
    if trial:
        return {}
    ship["dodge_picks"] = numbers
    return {"event": "dodge_picks", "ship": ship["name"], "numbers": numbers}


def _tick(
    battle: Battle, action: Mapping[str, Any], dice: DiceDoor
) -> tuple[dict[str, Any], str, str]:
    seconds = _int(action, "seconds", 1)
    if not 1 <= seconds <= MAX_SECONDS:
        raise UsageError(f"--seconds must be 1 to {MAX_SECONDS}, not {seconds}")
    first = battle["second"] + 1
    events: list[dict[str, Any]] = []
    for _ in range(seconds):
        events += run_second(battle, dice)
        if battle["over"]:
            break
    result = battle_document(battle)
    result["events"] = events
    result["rolls"] = rolls_document(dice)
    result["story"] = story_lines(events)
    last = battle["second"]
    what = f"second {first}" if last == first else f"seconds {first}-{last}"
    return result, what, story(events)


def _int(action: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = action.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{key} must be a whole number, not {value!r}")
    return value
