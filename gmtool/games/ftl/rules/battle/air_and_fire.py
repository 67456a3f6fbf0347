"""One second of fires, breaches and air in every room of a ship.

Fires burn the crew and the system and eat oxygen, breaches vent it, the oxygen system
refills every room (or every room loses 1% with it off), air evens out through open doors,
crew with no air suffocate, fires with no air starve. Starting fires and breaches, and
their spreading, are ``hazards``.
"""

from __future__ import annotations

from gmtool.games.ftl.rules.battle.damage import hurt, wreck
from gmtool.games.ftl.rules.battle.doors import is_open
from gmtool.games.ftl.rules.battle.hazards import remove_spent
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, crew_in, rules


def burn_and_breathe(battle: Battle, ship: Ship) -> list[Event]:
    """One second of fires, breaches and air in every room of a ship."""
    fire_rules = rules(battle)["fires"]
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        fires = len(room["fires"])
        if not fires:
            continue
        for member in crew_in(ship, room_id):
            if not member.get("fire_immune"):
                events += hurt(ship, member, fires * int(fire_rules["crew_damage"]), "fire")
        system_id = room.get("system")
        if system_id is not None:
            events += wreck(battle, ship, system_id, fires * int(fire_rules["system_ss"]), "fire")
    events += _air(battle, ship)
    events += _suffocate(battle, ship)
    events += _starve_fires(battle, ship)
    return events


def _air(battle: Battle, ship: Ship) -> list[Event]:
    oxygen_rules = rules(battle)["oxygen"]
    fire_rules = rules(battle)["fires"]
    breach_rules = rules(battle)["breaches"]
    system = ship["systems"].get("oxygen")
    bars = int(system["power"]) if system else 0
    table = oxygen_rules["refill"]
    refill = int(table[min(bars, len(table)) - 1]) if bars > 0 else 0
    top = int(oxygen_rules["start"])
    hacked = ship.get("hacked") == "oxygen" and system is not None
    levels: dict[str, int] = {}
    for room_id, room in ship["rooms"].items():
        change = -len(room["fires"]) * int(fire_rules["oxygen"])
        if room["breaches"] or room.get("vent"):
            change -= int(breach_rules["oxygen"])
        change -= sum(int(m.get("drains_oxygen", 0)) for m in crew_in(ship, room_id))
        if not hacked:  # a hacked oxygen system refills nothing: the hack drains instead
            change += refill if bars > 0 else -int(oxygen_rules["loss_when_off"])
        levels[room_id] = max(0, min(top, int(room["oxygen"]) + change))
    _through_open_doors(battle, ship, levels, top)
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        before, room["oxygen"] = room["oxygen"], levels[room_id]
        if room["oxygen"] == 0 and before > 0:
            events.append({"event": "no_air", "ship": ship["name"], "room": room_id})
    return events


def _through_open_doors(battle: Battle, ship: Ship, levels: dict[str, int], top: int) -> None:
    """Air evens out through open doors between rooms (ruling): through each open door
    (held open or broken, not locked) the fuller room gives the other
    ``doors.air_flow_percent`` of the difference, rounded down, every door reckoned from
    the air before any moved. A battle begun without the setting keeps rooms apart."""
    percent = int(rules(battle)["doors"].get("air_flow_percent", 0))
    if percent <= 0:
        return
    moved = dict.fromkeys(levels, 0)
    for door in ship.get("doors", {}).values():
        if not is_open(door):
            continue
        fuller, emptier = sorted(door["rooms"], key=lambda r: levels[r], reverse=True)
        share = (levels[fuller] - levels[emptier]) * percent // 100
        moved[fuller] -= share
        moved[emptier] += share
    for room_id, change in moved.items():
        levels[room_id] = max(0, min(top, levels[room_id] + change))


def _suffocate(battle: Battle, ship: Ship) -> list[Event]:
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        if room["oxygen"] > 0:
            continue
        for member in crew_in(ship, room_id):
            amount = int(member.get("suffocation", rules(battle)["oxygen"]["suffocation"]))
            if amount:
                events += hurt(ship, member, amount, "no air")
    return events


def _starve_fires(battle: Battle, ship: Ship) -> list[Event]:
    loss = int(rules(battle)["fires"]["starve_per_second"])
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        if room["oxygen"] > 0 or not room["fires"]:
            continue
        for fire in room["fires"]:
            fire["health"] -= loss
        events += remove_spent(ship, room_id, room, "fires", "no air")
    return events
