"""Shields (pop on a hit, recharge one by one) and evasion (numbers picked on a d20)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.crew import manning_skill
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    drop_shields,
    max_shields,
    rules,
)


def recharge_ms(battle: Battle, ship: Ship) -> int:
    """How long one shield takes to come back: 3 s, less for a manned shield room."""
    shield_rules = rules(battle)["shields"]
    skill = manning_skill(ship, "shields")
    faster = 0 if skill is None else int(shield_rules["manned_faster_ms"][skill])
    return int(shield_rules["recharge_ms"]) - faster


def recharge_shields(battle: Battle, ship: Ship) -> list[Event]:
    """One second of recharge; a shield comes up each time the progress reaches the time."""
    shields = ship["shields"]
    top = max_shields(battle, ship)
    events = drop_shields(battle, ship, "power")
    if shields["up"] >= top:
        shields["progress"] = 0
        return events
    shields["progress"] += 1000
    need = recharge_ms(battle, ship)
    while shields["progress"] >= need and shields["up"] < top:
        shields["progress"] -= need
        shields["up"] += 1
        events.append({"event": "shield_up", "ship": ship["name"], "up": shields["up"]})
    if shields["up"] >= top:
        shields["progress"] = 0
    return events


def evasion(battle: Battle, ship: Ship) -> int:
    """Evasion in percent: engines' powered bars, manning bonuses and piloting."""
    cloak = int(rules(battle)["cloaking"]["evasion"]) if int(ship.get("cloak", 0)) > 0 else 0
    hacked = ship.get("hacked")
    flying = 0 if hacked in ("engines", "piloting") else _flying_evasion(battle, ship)
    if hacked == "cloaking":
        return max(0, cloak + flying - int(rules(battle)["hacking"]["cloak_evasion"]))
    return cloak + flying


def _flying_evasion(battle: Battle, ship: Ship) -> int:
    ev = rules(battle)["evasion"]
    engines = ship["systems"].get("engines")
    piloting = ship["systems"].get("piloting")
    if engines is None or piloting is None or int(engines["power"]) == 0:
        return 0
    base = int(engines["power"]) * int(ev["engine_percent_per_bar"])
    engine_skill = manning_skill(ship, "engines")
    if engine_skill is not None:
        base += int(ev["engines_manned_percent"][engine_skill])
    pilot_skill = manning_skill(ship, "piloting")
    if pilot_skill is not None and piloting["level"] - piloting["damage"] > 0:
        return base + int(ev["piloting_manned_percent"][pilot_skill])
    level = int(piloting["level"]) - int(piloting["damage"])
    if level <= 0:
        return 0
    table = ev["piloting_unmanned_share"]
    share = int(table[min(level, len(table)) - 1])
    return base * share // 100


def dodge_count(battle: Battle, ship: Ship) -> int:
    """How many d20 numbers dodge: one for every 5% of evasion, at most ``max_numbers``."""
    ev = rules(battle)["evasion"]
    return min(int(ev["max_numbers"]), evasion(battle, ship) // int(ev["percent_per_number"]))


def dodge_numbers(battle: Battle, ship: Ship) -> list[int]:
    """The d20 numbers that dodge: one for every 5% of evasion, the ship's picks first,
    then the lowest numbers not picked."""
    ev = rules(battle)["evasion"]
    count = dodge_count(battle, ship)
    picked = [n for n in ship.get("dodge_picks", []) if 1 <= n <= int(ev["die"])][:count]
    filler = (n for n in range(1, int(ev["die"]) + 1) if n not in picked)
    while len(picked) < count:
        picked.append(next(filler))
    return sorted(picked)


def roll_dodge(
    battle: Battle, ship: Ship, dice: DiceDoor, weapon: Mapping[str, Any]
) -> Event | None:
    """The defender's d20 against one shot (nothing to roll with no evasion)."""
    numbers = dodge_numbers(battle, ship)
    if not numbers:
        return None
    die = int(rules(battle)["evasion"]["die"])
    face = dice.roll(f"1d{die}", who="evade", label=f"{ship['name']} dodges {weapon['id']}").total
    return {
        "event": "evade",
        "ship": ship["name"],
        "weapon": weapon["id"],
        "face": face,
        "numbers": numbers,
        "dodged": face in numbers,
    }
