"""Fires and breaches: starting, placing, putting out, spreading.

A fire or breach starts by coins, one per corner of the room (heads: that corner); with no
heads at all every corner is flipped once more; no more than 3 fires (2 breaches) start
from one hit. Every 5 s fires spread by coins. What fires, breaches and air do each second
is ``air_and_fire``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.doors import fire_coins, shut_room
from gmtool.games.ftl.rules.battle.rolls import coin
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Room

Kind = Literal["fires", "breaches"]
COIN_NAME = {"fires": "fire", "breaches": "breach"}


def start(battle: Battle, ship: Ship, room_id: str, kind: Kind, dice: DiceDoor) -> list[Event]:
    """A fire or breach chance came up: flip a coin per free corner to place them."""
    room = ship["rooms"][room_id]
    settings = rules(battle)[kind]
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
            if heads:  # placed at once: the room shows every coin so far
                placed.append(corner)
                room[kind].append({"corner": corner, "health": int(settings["health"])})
        if placed:
            break
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


def place(battle: Battle, ship: Ship, room_id: str, kind: Kind, corner: int) -> list[Event]:
    """A fire or breach in one corner (a beam's), unless one is there already."""
    room = ship["rooms"][room_id]
    settings = rules(battle)[kind]
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


def _prevented(ship: Ship, room_id: str, kind: Kind) -> Event | None:
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


def remove_spent(ship: Ship, room_id: str, room: Room, kind: Kind, why: str) -> list[Event]:
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


def _free_corners(room: Room) -> list[int]:
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
