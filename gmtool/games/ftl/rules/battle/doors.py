"""Doors: the doors subsystem's levels, door health, boarders breaking doors, hacked doors,
breached rooms and the crystals' locks.

The doors between rooms are shut; a ship's own crew open them as they walk. The door
level is the doors subsystem's level less its damage, one more while someone of the ship
mans it ("manned bonus: +1 system level"), at most 4; a hacked ship's doors are level 2
("locks them with level 2 doors"). By level (``tables/ftl/systems.yaml``): level 1 lets the
ship open and shut its doors by order; from level 2 a door has health (100, 200, 400) and
stops boarders, who batter it with their SS damage until it breaks; a broken door stands
open for 15 s (5 s at level 4), then resets whole. Fire passes a door freely at level 1
or when it is open, with one coin at level 2, not at all from level 3. A hacked ship's
own crew cannot open its doors. A breach shuts its room's doors. A crystal crew member
locks a door of its room for 15 s: nobody passes, nobody breaks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.crew import blow, can_act, manning_skill
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    crew_in,
    is_hostile,
    own_member,
    rules,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, Door


def doors_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """The doors' numbers by level (1 to 4), for the battle's rules."""
    system = data["systems"]["doors"]
    table = system["per_level"]
    levels = sorted(table)
    reset = int(system["stats"]["reset_seconds"])
    return {
        **data["battle"]["doors"],
        "manned_bonus": int(system["stats"]["manned_level_bonus"]),
        "top_level": max(levels),
        "health": [int(table[n]["door_health"]) for n in levels],
        "fire": [str(table[n]["fire"]) for n in levels],
        "reset": [int(table[n].get("reset_seconds", reset)) for n in levels],
    }


def key(a: str, b: str) -> str:
    """A door's name: its two rooms, in order, joined by '/'."""
    return "/".join(sorted((a, b)))


def inner_doors(rooms: Mapping[str, Mapping[str, Any]]) -> dict[str, Door]:
    """A battle's doors between rooms, shut and whole."""
    found: dict[str, Door] = {}
    for room_id, room in rooms.items():
        for other in room["neighbours"]:
            found.setdefault(
                key(room_id, other),
                {
                    "rooms": sorted((room_id, other)),
                    "open": False,
                    "battered": 0,
                    "broken": 0,
                    "lock": 0,
                    "locked_by": None,
                },
            )
    return found


def level(battle: Battle, ship: Ship) -> int:
    """The door level now (0: no working doors)."""
    settings = rules(battle)["doors"]
    if ship.get("hacked") == "doors":
        return int(settings["hacked_level"])
    system = ship["systems"].get("doors")
    if system is None:
        return 0
    working = max(0, int(system["level"]) - int(system["damage"]))
    if working and manning_skill(ship, "doors") is not None:
        working += int(settings["manned_bonus"])
    return min(working, int(settings["top_level"]))


def max_health(battle: Battle, ship: Ship) -> int:
    at = level(battle, ship)
    return int(rules(battle)["doors"]["health"][at - 1]) if at > 0 else 0


def door_between(ship: Ship, a: str, b: str) -> Door:
    door = ship.get("doors", {}).get(key(a, b))
    if door is None:
        raise RulesError(f"there is no door between {a} and {b} on {ship['name']}")
    return door


def is_open(door: Door) -> bool:
    return bool(door["open"] or door["broken"] > 0) and not door["lock"]


def can_pass(battle: Battle, ship: Ship, member: CrewMember, a: str, b: str) -> bool:
    """Whether a crew member walks through the door between rooms ``a`` and ``b`` now."""
    door = ship.get("doors", {}).get(key(a, b))
    if door is None:
        return True  # a battle begun before doors were modelled
    if door["lock"] > 0:
        return False  # "unbreakable locks"
    if is_open(door):
        return True
    if not is_hostile(ship, member):
        return ship.get("hacked") != "doors"  # a hacked ship's crew cannot open its doors
    return max_health(battle, ship) <= 0  # a door with no health does not stop boarders


def battering(battle: Battle, ship: Ship, member: CrewMember) -> str | None:
    """The shut door a boarder hits this second (its way on), or None. A crew member does
    one thing a second: a boarder with a foe in its room fights it instead."""
    if not member.get("path") or not can_act(member) or not is_hostile(ship, member):
        return None
    here = str(member["room"])
    if any(not is_hostile(ship, m) for m in crew_in(ship, here)):
        return None
    name = key(here, member["path"][0])
    door = ship.get("doors", {}).get(name)
    if door is None or door["lock"] or can_pass(battle, ship, member, *door["rooms"]):
        return None
    return name


def batter(battle: Battle, ship: Ship) -> list[Event]:
    """Boarders waiting at a shut door hit it with their SS damage; a door whose damage
    reaches its health breaks and stands open for its reset time. A door nobody hits this
    second forgets its damage (``damage_resets``)."""
    hits: dict[str, int] = {}
    for member in ship["crew"]:
        name = battering(battle, ship, member)
        if name is not None:
            hits[name] = hits.get(name, 0) + blow(battle, member)
    events: list[Event] = []
    top = max_health(battle, ship)
    for name, door in ship.get("doors", {}).items():
        if name not in hits:
            if rules(battle)["doors"]["damage_resets"]:
                door["battered"] = 0
            continue
        door["battered"] += hits[name]
        events.append(
            {
                "event": "door_battered",
                "ship": ship["name"],
                "door": name,
                "damage": hits[name],
                "left": max(0, top - door["battered"]),
            }
        )
        if door["battered"] >= top:
            door["battered"] = 0
            door["broken"] = int(rules(battle)["doors"]["reset"][level(battle, ship) - 1])
            events.append(
                {
                    "event": "door_broken",
                    "ship": ship["name"],
                    "door": name,
                    "seconds": door["broken"],
                }
            )
    return events


def count_down(ship: Ship) -> list[Event]:
    """A second off broken doors (whole again at 0)."""
    events: list[Event] = []
    for name, door in ship.get("doors", {}).items():
        if door["broken"] > 0:
            door["broken"] -= 1
            if door["broken"] == 0:
                events.append({"event": "door_reset", "ship": ship["name"], "door": name})
    return events


def count_down_locks(ship: Ship) -> list[Event]:
    """A second off the crystal locks, at the end of the second: a lock given between
    seconds holds through the whole of its 15 (nobody passes in seconds 1 to 15)."""
    events: list[Event] = []
    for name, door in ship.get("doors", {}).items():
        if door["lock"] > 0:
            door["lock"] -= 1
            if door["lock"] == 0:
                door["locked_by"] = None
                events.append({"event": "door_unlocked", "ship": ship["name"], "door": name})
    return events


def fire_coins(battle: Battle, ship: Ship, a: str, b: str, coins: int) -> int:
    """Coins fire flips to spread through the door between ``a`` and ``b``."""
    door = ship.get("doors", {}).get(key(a, b))
    if door is not None and is_open(door):
        return coins  # an open or broken door impedes nothing
    at = level(battle, ship)
    if at <= 0:
        return coins
    how = rules(battle)["doors"]["fire"][at - 1]
    if how == "stopped":
        return 0
    if how == "slowed":
        return min(coins, int(rules(battle)["doors"]["slowed_coins"]))
    return coins


def shut_room(ship: Ship, room_id: str) -> None:
    """A breach: "all doors are automatically shut for that room"."""
    ship["rooms"][room_id]["vent"] = False
    for door in ship.get("doors", {}).values():
        if room_id in door["rooms"]:
            door["open"] = False


def shut_all(ship: Ship) -> list[Event]:
    """Hacked doors: every door shuts (broken doors too)."""
    for room in ship["rooms"].values():
        room["vent"] = False
    for door in ship.get("doors", {}).values():
        door["open"] = False
        door["broken"] = 0
    return [{"event": "doors_shut", "ship": ship["name"], "why": "hacked"}]


def order_doors(
    battle: Battle,
    ship: Ship,
    room_id: str,
    open_: bool,
    other: str | None = None,
    *,
    trial: bool = False,
) -> Event:
    """The ``doors`` order: open or shut a room's door to space (an open one vents the
    room), or with ``other`` hold the door between the two rooms open, or shut it. Needs
    working doors; a breached room's doors stay shut."""
    _working(battle, ship)
    for rid in (room_id, other):
        if rid is not None and rid not in ship["rooms"]:
            raise unknown(f"room of {ship['name']}", rid, sorted(ship["rooms"]))
    if other is None:
        return _space_door(ship, room_id, open_, trial=trial)
    door = door_between(ship, room_id, other)
    name = key(room_id, other)
    if door["lock"] > 0:
        raise RulesError(f"{name} on {ship['name']} is locked by crystal for {door['lock']} s")
    if open_ and any(ship["rooms"][r]["breaches"] for r in door["rooms"]):
        raise RulesError(f"{name} on {ship['name']} joins a breached room: it stays shut")
    if door["open"] == open_:
        raise RulesError(f"{name} on {ship['name']} is already {'open' if open_ else 'shut'}")
    if trial:
        return {}
    door["open"] = open_
    return {"event": "doors", "ship": ship["name"], "room": name, "open": open_, "inner": True}


def _space_door(ship: Ship, room_id: str, open_: bool, *, trial: bool) -> Event:
    room = ship["rooms"][room_id]
    if not room["space_door"]:
        raise RulesError(
            f"{room_id} on {ship['name']} has no door to space",
            hint="a door between rooms is named by both: ftl doors SHIP ROOM open --to ROOM",
        )
    if open_ and room["breaches"]:
        raise RulesError(f"{room_id} on {ship['name']} is breached: its doors stay shut")
    if trial:
        return {}
    room["vent"] = open_
    return {"event": "doors", "ship": ship["name"], "room": room_id, "open": open_}


def _working(battle: Battle, ship: Ship) -> None:
    """Doors answer orders from level 1, not when hacked or ionised."""
    doors = ship["systems"].get("doors")
    if doors is None or level(battle, ship) <= 0:
        raise RulesError(f"{ship['name']} has no working door system: its doors cannot be worked")
    if ship.get("hacked") == "doors":
        raise RulesError(f"{ship['name']}'s doors are hacked: they stay shut and locked")
    if doors["ion"] > 0:
        raise RulesError(f"{ship['name']}'s doors are ionised and do not answer")


def order_lock(battle: Battle, seat: str, name: str, target: str, *, trial: bool = False) -> Event:
    """The ``lock`` order: a crystal crew member locks the door between its room and
    ``target`` for its race's lock time (one lock of its own at a time)."""
    ship, member = own_member(battle, seat, name)
    seconds = int(member.get("lock_seconds", 0))
    if seconds <= 0:
        raise RulesError(f"{member['name']} is {member['race']}: only crystal crew lock doors")
    if not can_act(member):
        raise RulesError(f"{member['name']} cannot act now (dead or stunned)")
    here = str(member["room"])
    if target not in ship["rooms"]:
        raise unknown(f"room of {ship['name']}", target, sorted(ship["rooms"]))
    door = door_between(ship, here, target)
    held = [d for d in ship["doors"].values() if d["locked_by"] == member["name"]]
    if len(held) >= int(rules(battle)["doors"]["crystal_locks_at_once"]):
        raise RulesError(
            f"{member['name']}'s lock on {key(*held[0]['rooms'])} holds {held[0]['lock']} s more"
        )
    if door["lock"] > 0:
        raise RulesError(f"{key(here, target)} is already locked ({door['lock']} s)")
    if trial:
        return {}
    door["lock"] = seconds
    door["locked_by"] = member["name"]
    door["open"] = False
    door["broken"] = 0
    return {
        "event": "door_lock",
        "ship": ship["name"],
        "crew": member["name"],
        "door": key(here, target),
        "seconds": seconds,
    }


def doors_document(battle: Battle, ship: Ship) -> dict[str, Any]:
    top = max_health(battle, ship)
    return {
        "level": level(battle, ship),
        "health": top,
        "doors": {
            name: {
                "rooms": door["rooms"],
                "open": is_open(door),
                "health": max(0, top - door["battered"]),
                "broken_seconds": door["broken"],
                "lock_seconds": door["lock"],
                "locked_by": door["locked_by"],
            }
            for name, door in ship.get("doors", {}).items()
        },
    }
