"""The crew's second: the ``crew`` order, walking through doors, repairs, healing in the
medbay (and the Engi med-bots), and stuns and crystal lockdowns wearing off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.crew import can_act, in_combat, path_between, room_space
from gmtool.games.ftl.rules.battle.damage import hurt
from gmtool.games.ftl.rules.battle.doors import can_pass
from gmtool.games.ftl.rules.battle.hazards import Kind, remove_spent
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    is_hostile,
    own_member,
    room_of,
    rules,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember


def order_move(battle: Battle, seat: str, name: str, room_id: str, *, trial: bool = False) -> Event:
    """The ``crew`` order: walk to a room by the doors (arrives by the race's speed), on
    the ship the crew member stands on (a boarder walks the enemy's ship)."""
    ship, member = own_member(battle, seat, name)
    room_of(ship, room_id)
    if member["health"] <= 0:
        raise RulesError(f"{seat}'s {member['name']} is dead and takes no orders")
    if member["room"] == room_id and not member.get("path"):
        raise RulesError(f"{seat}'s {member['name']} is already in {room_id}")
    path = path_between(ship, str(member["room"]), room_id)
    if path is None:
        raise RulesError(
            f"no way by doors from {member['room']} to {room_id} on {ship['name']}",
            hint="crew walk through doors between rooms",
        )
    room_space(battle, ship, seat, room_id, [member])
    if trial:
        return {}
    member["path"] = path
    member["steps"] = 0.0
    event: Event = {
        "event": "crew_order",
        "ship": seat,
        "crew": member["name"],
        "room": room_id,
        "rooms": len(path),
    }
    return event if ship["name"] == seat else {**event, "aboard": ship["name"]}


def walk(battle: Battle, ship: Ship) -> list[Event]:
    """One second of walking: each crew member covers its speed in rooms (1 a second,
    1.5 for mantis, 0.5 for rockmen), entering a room each time a whole one is covered,
    if the door lets them through (``doors.can_pass``)."""

    def through(member: CrewMember) -> bool:
        here, there = str(member["room"]), member["path"][0]
        if _locked(ship, here) or _locked(ship, there):
            return False  # a crystal lockdown seals the room: nobody in or out
        return can_pass(battle, ship, member, here, there)

    events: list[Event] = []
    for member in ship["crew"]:
        if not member.get("path") or not can_act(member):
            continue
        if not through(member):
            continue  # waiting at the door
        member["steps"] = member.get("steps", 0.0) + float(member["speed"])
        while member["steps"] >= 1.0 and member["path"] and through(member):
            member["steps"] -= 1.0
            member["room"] = member["path"].pop(0)
        if not member["path"]:
            member["steps"] = 0.0
            events.append(
                {
                    "event": "crew_arrived",
                    "ship": ship["name"],
                    "crew": member["name"],
                    "room": member["room"],
                }
            )
    return events


def repair(battle: Battle, ship: Ship) -> list[Event]:
    """Crew in a room work on it: fires first, then breaches, then the system's damage
    (3 SS a second each, doubled for engi; 50 SS repair a bar). A breached room's
    system waits for the breach; a room left empty loses its repair progress."""
    per_bar = int(rules(battle)["crew"]["ss_per_damage"])
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        workers = [
            m
            for m in ship["crew"]
            if m["room"] == room_id and can_act(m) and not is_hostile(ship, m)
        ]
        if workers and in_combat(ship, room_id):
            continue  # fighting, not repairing
        system_id = room.get("system")
        system = ship["systems"].get(system_id) if system_id else None
        if not workers:
            if system is not None:
                system["repair_ss"] = 0
            continue
        work = sum(
            int(rules(battle)["crew"]["repair_ss"]) * float(m.get("repair", 1.0)) for m in workers
        )
        work_left = int(work)
        kinds: tuple[Kind, ...] = ("fires", "breaches")
        for kind in kinds:
            while room[kind] and work_left > 0:
                item = room[kind][0]
                used = min(work_left, item["health"])
                item["health"] -= used
                work_left -= used
                events += remove_spent(ship, room_id, room, kind, "crew")
        if room["breaches"] or system is None or system["damage"] == 0 or work_left <= 0:
            continue
        system["repair_ss"] += work_left
        while system["repair_ss"] >= per_bar and system["damage"] > 0:
            system["repair_ss"] -= per_bar
            system["damage"] -= 1
            events.append(
                {
                    "event": "repaired",
                    "ship": ship["name"],
                    "system": system_id,
                    "damage": system["damage"],
                }
            )
        if system["damage"] == 0:
            system["repair_ss"] = 0
    return events


def _locked(ship: Ship, room_id: str) -> bool:
    return int(ship["rooms"][room_id].get("locked", 0)) > 0


def count_down_stuns(ship: Ship) -> list[Event]:
    events: list[Event] = []
    for member in ship["crew"]:
        if member.get("stunned", 0) > 0:
            member["stunned"] -= 1
            if member["stunned"] == 0 and member["health"] > 0:
                events.append({"event": "stun_over", "ship": ship["name"], "crew": member["name"]})
    for room_id, room in ship["rooms"].items():
        if int(room.get("locked", 0)) > 0:
            room["locked"] -= 1
            if room["locked"] == 0:
                events.append({"event": "unlocked", "ship": ship["name"], "room": room_id})
    return events


def heal_in_medbay(battle: Battle, ship: Ship) -> list[Event]:
    """A powered medbay heals everyone in its room by its powered bars (4, 8, 12 a second)."""
    medbay = ship["systems"].get("medbay")
    if medbay is None or medbay["power"] <= 0 or ship.get("hacked") == "medbay":
        return []
    table = rules(battle)["medbay"]["heal"]
    heal = int(table[min(int(medbay["power"]), len(table)) - 1])
    events: list[Event] = []
    for member in ship["crew"]:
        if is_hostile(ship, member) or member.get("drone") is not None:
            continue  # a medbay heals its own crew (drones are mended in drone control)
        if member["health"] > 0 and member["room"] == medbay["room"]:
            events += hurt(ship, member, -heal, "medbay")
    return events


def med_bots(ship: Ship) -> list[Event]:
    medbay = ship["systems"].get("medbay")
    if "engi_med_bot_dispersal" not in ship["augments"] or medbay is None:
        return []
    if int(medbay["power"]) <= 0:
        return []
    heal = int(ship["augment_numbers"]["engi_med_bot_dispersal"]["heal_per_second"])
    events: list[Event] = []
    for member in ship["crew"]:
        if member["health"] > 0 and not is_hostile(ship, member) and member.get("drone") is None:
            events += hurt(ship, member, -heal, "med-bots")
    return events
