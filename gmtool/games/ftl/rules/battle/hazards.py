"""Fires, breaches and oxygen.

A fire or breach starts by coins, one per corner of the room (heads: that corner); with no
heads at all every corner is flipped once more; no more than 3 fires (2 breaches) start
from one hit. Each second: fires burn crew and the system and eat oxygen, breaches vent
it, the oxygen system refills every room (or every room loses 1% with it off), air evens
out through open doors, crew with no air suffocate, fires with no air starve; every 5 s
fires spread by coins.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.doors import fire_coins, is_open, shut_room
from gmtool.games.ftl.rules.battle.rolls import coin
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, crew_in, rules

KIND_RULES = {"fires": "fires", "breaches": "breaches"}
COIN_NAME = {"fires": "fire", "breaches": "breach"}


def start(battle: Battle, ship: Ship, room_id: str, kind: str, dice: DiceDoor) -> list[Event]:
    """A fire or breach chance came up: flip a coin per free corner to place them."""
    room = ship["rooms"][room_id]
    settings = rules(battle)[KIND_RULES[kind]]
    blocked = _prevented(ship, room_id, kind)
    if blocked is not None:
        return [blocked]
    taken = {item["corner"] for item in room[kind]}
    free = [i for i in range(len(room["corners"])) if i not in taken]
    limit = int(settings["max_new"])
    placed: list[int] = []
    flips: list[str] = []
    rounds = 2 if settings["reflip_once"] else 1
    for _ in range(rounds):
        for corner in free:
            if len(placed) >= limit:
                break
            heads = coin(battle, dice, COIN_NAME[kind], f"{kind} in {ship['name']} {room_id}")
            flips.append("heads" if heads else "tails")
            if heads:
                placed.append(corner)
        if placed:
            break
    for corner in placed:
        room[kind].append({"corner": corner, "health": int(settings["health"])})
    if kind == "breaches" and placed:
        shut_room(ship, room_id)  # "all doors are automatically shut for that room"
    return [
        {
            "event": "fire_started" if kind == "fires" else "breach",
            "ship": ship["name"],
            "room": room_id,
            "corners": placed,
            "coins": flips,
            "total": len(room[kind]),
        }
    ]


def place(battle: Battle, ship: Ship, room_id: str, kind: str, corner: int) -> list[Event]:
    """A fire or breach in one corner (a beam's), unless one is there already."""
    room = ship["rooms"][room_id]
    settings = rules(battle)[KIND_RULES[kind]]
    blocked = _prevented(ship, room_id, kind)
    if blocked is not None:
        return [blocked]
    if any(item["corner"] == corner for item in room[kind]):
        return []
    room[kind].append({"corner": corner, "health": int(settings["health"])})
    if kind == "breaches":
        shut_room(ship, room_id)
    what = "fire_started" if kind == "fires" else "breach"
    return [
        {
            "event": what,
            "ship": ship["name"],
            "room": room_id,
            "corners": [corner],
            "coins": [],
            "total": len(room[kind]),
        }
    ]


def _prevented(ship: Ship, room_id: str, kind: str) -> Event | None:
    if kind == "fires" and "fire_suppression" in ship.get("augments", []):
        return {
            "event": "no_fire",
            "ship": ship["name"],
            "room": room_id,
            "why": "fire_suppression",
        }
    if kind == "breaches" and "slug_repair_gel" in ship.get("augments", []):
        return {
            "event": "no_breach",
            "ship": ship["name"],
            "room": room_id,
            "why": "slug_repair_gel",
        }
    return None


def burn_and_breathe(battle: Battle, ship: Ship) -> list[Event]:
    """One second of fires, breaches and air in every room of a ship."""
    from gmtool.games.ftl.rules.battle.damage import damage_system, hurt

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
            events += _wear(
                battle, ship, system_id, fires * int(fire_rules["system_ss"]), damage_system
            )
    events += _air(battle, ship)
    events += _suffocate(battle, ship)
    events += _starve_fires(battle, ship)
    return events


def _wear(battle: Battle, ship: Ship, system_id: str, ss: int, damage_system: Any) -> list[Event]:
    """SS damage from fire piles up; every 50 is a bar of damage."""
    system = ship["systems"][system_id]
    if system["damage"] >= system["level"]:
        return []
    system["fire_ss"] += ss
    per_bar = int(rules(battle)["crew"]["ss_per_damage"])
    events: list[Event] = []
    while system["fire_ss"] >= per_bar:
        system["fire_ss"] -= per_bar
        events += damage_system(battle, ship, system_id, 1, "fire")
    return events


def _air(battle: Battle, ship: Ship) -> list[Event]:
    oxygen_rules = rules(battle)["oxygen"]
    fire_rules = rules(battle)["fires"]
    breach_rules = rules(battle)["breaches"]
    system = ship["systems"].get("oxygen")
    bars = int(system["power"]) if system else 0
    refill = int(oxygen_rules["refill"][min(bars, 3) - 1]) if bars > 0 else 0
    top = int(oxygen_rules["start"])
    levels: dict[str, int] = {}
    for room_id, room in ship["rooms"].items():
        change = -len(room["fires"]) * int(fire_rules["oxygen"])
        if room["breaches"] or room.get("vent"):
            change -= int(breach_rules["oxygen"])
        change -= sum(1 for m in crew_in(ship, room_id) if m.get("drains_oxygen"))
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
    from gmtool.games.ftl.rules.battle.damage import hurt

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
        events += _remove_dead(ship, room_id, room, "fires", "no air")
    return events


def _remove_dead(
    ship: Ship, room_id: str, room: dict[str, Any], kind: str, why: str
) -> list[Event]:
    gone = [item for item in room[kind] if item["health"] <= 0]
    if not gone:
        return []
    room[kind] = [item for item in room[kind] if item["health"] > 0]
    what = "fire_out" if kind == "fires" else "breach_sealed"
    return [
        {
            "event": what,
            "ship": ship["name"],
            "room": room_id,
            "count": len(gone),
            "left": len(room[kind]),
            "why": why,
        }
    ]


def spread_fires(battle: Battle, ship: Ship, dice: DiceDoor) -> list[Event]:
    """Every 5 s each burning room flips its coins: a heads lights the room's next free
    corner, or, with the room all ablaze, a free corner of a room through one of its doors
    (one coin through a shut level 2 door, none through level 3: ``doors.fire_coins``)."""
    fire_rules = rules(battle)["fires"]
    if battle["second"] % int(fire_rules["spread_every"]) != 0:
        return []
    events: list[Event] = []
    burning = [room_id for room_id, room in ship["rooms"].items() if room["fires"]]
    for room_id in burning:
        target = _spread_target(ship, room_id)
        if target is None:
            continue
        coins = int(fire_rules["spread_coins"])
        if target != room_id:
            coins = fire_coins(battle, ship, room_id, target, coins)
        for _ in range(coins):
            target = _spread_target(ship, room_id)
            if target is None:
                break
            if not coin(battle, dice, "fire_spread", f"fire spreads from {ship['name']} {room_id}"):
                continue
            into = ship["rooms"][target]
            corner = _free_corners(into)[0]
            into["fires"].append({"corner": corner, "health": int(fire_rules["health"])})
            events.append(
                {
                    "event": "fire_spread",
                    "ship": ship["name"],
                    "from": room_id,
                    "room": target,
                    "corner": corner,
                }
            )
    return events


def _free_corners(room: dict[str, Any]) -> list[int]:
    taken = {fire["corner"] for fire in room["fires"]}
    return [i for i in range(len(room["corners"])) if i not in taken]


def _spread_target(ship: Ship, room_id: str) -> str | None:
    room = ship["rooms"][room_id]
    if _free_corners(room):
        return room_id
    for neighbour in room["neighbours"]:
        if _free_corners(ship["rooms"][neighbour]):
            return str(neighbour)
    return None
