"""The crew teleporter, boarders, crew fights and sabotage.

Sending: the crew standing in the teleporter room go to the enemy room the order names;
retrieving: one's crew aboard the enemy ship come back to the teleporter room from any
room. Neither while the enemy is cloaked; either needs a powered teleporter, and each
sending ionises it (4/3/2 by its level). In a room holding both crews, each crew member
fights a hostile one (the one in their corner first) each second; boarders alone in a room
wreck its system (their SS damage a second, 50 a bar, forgotten when they leave).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.crew import blow, can_act, room_space
from gmtool.games.ftl.rules.battle.damage import hurt, wreck
from gmtool.games.ftl.rules.battle.doors import battering
from gmtool.games.ftl.rules.battle.power import add_ion, refuse_ionised
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    enemy_of,
    is_drone,
    is_hostile,
    room_of,
    rules,
)
from gmtool.games.ftl.rules.battle.zoltan_shield import refuse_across

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, System

TELEPORTER = "crew_teleporter"


def _teleporter(battle: Battle, ship: Ship, enemy: Ship) -> System:
    system = ship["systems"].get(TELEPORTER)
    if system is None:
        raise RulesError(f"{ship['name']} has no crew teleporter")
    if int(system["power"]) <= 0:
        raise RulesError(f"{ship['name']}'s crew teleporter has no power", hint="power it first")
    refuse_ionised(ship, system, "crew teleporter")
    if int(enemy.get("cloak", 0)) > 0:
        raise RulesError(f"{enemy['name']} is cloaked: nobody can be sent or retrieved")

    refuse_across(battle, enemy, "teleport", ship, "crew teleported across it")
    return system


def order_send(battle: Battle, ship: Ship, room_id: str, *, trial: bool = False) -> list[Event]:
    enemy = enemy_of(battle, ship)
    system = _teleporter(battle, ship, enemy)
    room_of(enemy, room_id)
    going = [
        m
        for m in ship["crew"]
        if m["room"] == system["room"]
        and not is_hostile(ship, m)
        and can_act(m)
        and not is_drone(m)
    ]
    if not going:
        raise RulesError(
            f"nobody of {ship['name']} stands ready in the teleporter room {system['room']}",
            hint=f"gmtool ftl crew {ship['name']} NAME {system['room']}",
        )
    room_space(battle, enemy, ship["name"], room_id, going)
    if trial:
        return []
    for member in going:
        teleport_member(ship, enemy, member, room_id, ship)
    table = rules(battle)["teleporter"]["self_ion"]
    points = int(table[min(int(system["level"]), len(table)) - 1])
    event: Event = {
        "event": "teleport",
        "ship": ship["name"],
        "to": enemy["name"],
        "room": room_id,
        "crew": [m["name"] for m in going],
    }
    return [event, *add_ion(battle, ship, TELEPORTER, points, own=True)]


def order_retrieve(battle: Battle, ship: Ship, *, trial: bool = False) -> list[Event]:
    enemy = enemy_of(battle, ship)
    system = _teleporter(battle, ship, enemy)
    coming = [
        m
        for m in enemy["crew"]
        if m.get("owner") == ship["name"] and m["health"] > 0 and not is_drone(m)
    ]
    if not coming:
        raise RulesError(f"none of {ship['name']}'s crew is aboard {enemy['name']}")
    if trial:
        return []
    for member in coming:
        teleport_member(enemy, ship, member, str(system["room"]), ship)
    return [
        {
            "event": "retrieve",
            "ship": ship["name"],
            "room": system["room"],
            "crew": [m["name"] for m in coming],
        }
    ]


def teleport_member(
    source: Ship, target: Ship, member: CrewMember, room_id: str, teleporter: Ship
) -> None:
    """Move a crew member between ships by ``teleporter``'s ship's teleporter; with the
    reconstructive teleport augment it arrives fully healed."""
    source["crew"].remove(member)
    member["room"] = room_id
    member["path"] = []
    member["steps"] = 0.0
    if "reconstructive_teleport" in teleporter["augments"]:
        member["health"] = member["max_health"]
    target["crew"].append(member)


def fight_and_sabotage(battle: Battle, ship: Ship) -> list[Event]:
    """One second of fighting in every room where both crews stand, and of boarders
    wrecking systems where they stand alone."""
    events: list[Event] = []
    for room_id, room in ship["rooms"].items():
        there = [m for m in ship["crew"] if m["room"] == room_id and m["health"] > 0]
        boarders = [m for m in there if is_hostile(ship, m)]
        defenders = [m for m in there if not is_hostile(ship, m)]
        system = ship["systems"].get(room.get("system") or "")
        if boarders and defenders:
            blows = [(m, _foe(ship, m, there)) for m in there if can_act(m)]
            for attacker, foe in blows:
                if foe is not None and foe["health"] > 0:
                    events += hurt(ship, foe, blow(battle, attacker), f"{attacker['name']}")
        elif boarders and system is not None:
            working = [m for m in boarders if can_act(m) and battering(battle, ship, m) is None]
            work = sum(blow(battle, m) for m in working)  # one thing a second: not both
            if work:
                events += wreck(battle, ship, str(room["system"]), work, "boarders")
        if not boarders and not room["fires"] and system is not None:
            system["ss_damage"] = 0  # "this damage must be constant": nothing wrecks it now
    return events


def _foe(ship: Ship, member: CrewMember, there: list[CrewMember]) -> CrewMember | None:
    """The hostile crew member in one's own corner first, else the first hostile there."""
    room = ship["rooms"][str(member["room"])]
    corners = len(room["corners"])
    spot = {id(m): k % corners for k, m in enumerate(there)}
    hostile = [m for m in there if _side(ship, m) != _side(ship, member) and m["health"] > 0]
    same = [m for m in hostile if spot[id(m)] == spot[id(member)]]
    found = same or hostile
    return found[0] if found else None


def _side(ship: Ship, member: CrewMember) -> bool:
    return is_hostile(ship, member)
