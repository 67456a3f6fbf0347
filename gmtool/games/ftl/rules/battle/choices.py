"""The orders a ship may give now, for menus that offer only legal ones.

Each candidate order is checked by the order itself, run as a trial (``check_order``:
every check it makes, none of its changes), so a menu can never offer what the rules
would refuse, and no copy of the battle is made (an 18-room battle offers some 150).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from gmtool.errors import GmtoolError
from gmtool.games.ftl.rules.battle.actions import check_order
from gmtool.games.ftl.rules.battle.crew import path_between, room_space
from gmtool.games.ftl.rules.battle.minds import in_reach
from gmtool.games.ftl.rules.battle.state import Battle, Ship, enemy_of, side_of


def is_legal(battle: Battle, action: Mapping[str, Any]) -> bool:
    try:
        check_order(battle, action)
    except GmtoolError:
        return False
    return True


Wanted = Callable[[str, Mapping[str, Any]], bool]
"""Which candidate orders (kind, fields) to check at all: a forecast's captain asks only
for those it would give, and gets the legal ones among them."""


def legal_orders(
    battle: Battle,
    seat: str,
    kinds: Collection[str] | None = None,
    wanted: Wanted | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """Order kind -> the legal actions of that kind for the ship in ``seat``; of the
    ``kinds`` asked for only, and of the candidates ``wanted`` keeps, when given (the same
    orders as the whole list holds of them, fewer checked)."""
    if battle.get("over"):
        return {}
    found: dict[str, list[dict[str, Any]]] = {}
    if kinds is None or "crew" in kinds:
        walks = _walks(battle, seat, wanted)  # many candidates: checked as the order checks
        if walks:
            found["crew"] = walks
    for kind, actions in candidates(battle, seat, kinds).items():
        if wanted is not None:
            actions = [a for a in actions if wanted(kind, a)]
        legal = [a for a in actions if is_legal(battle, {"type": f"order_{kind}", **a})]
        if legal:
            found[kind] = legal
    return found


def candidates(
    battle: Battle, seat: str, kinds: Collection[str] | None = None
) -> dict[str, list[dict[str, Any]]]:
    """Order kind -> every order of that kind the menus may offer ``seat``, legal or not
    (all but crew walks, which ``_walks`` finds); of the ``kinds`` asked for only."""
    ship = battle["ships"][seat]
    enemy = enemy_of(battle, ship)
    base = {"ship": seat}
    return {
        kind: build(battle, ship, enemy, base)
        for kind, build in _CANDIDATES.items()
        if kinds is None or kind in kinds
    }


Build = Callable[[Battle, Ship, Ship, dict[str, Any]], list[dict[str, Any]]]


def _power(battle: Battle, ship: Ship, enemy: Ship, base: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**base, "system": system_id, "bars": bars}
        for system_id, system in ship["systems"].items()
        for bars in range(int(system["level"]) + 1)
        if bars != system["power"]
    ]


def _aims(battle: Battle, ship: Ship, enemy: Ship, base: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**base, "weapon": weapon["id"], "room": room}
        for weapon in ship["weapons"]
        for room in [*enemy["rooms"], *_drone_targets(enemy), None]
        if room != weapon["target"]
    ]


def _minds(battle: Battle, ship: Ship, enemy: Ship, base: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**base, "name": member["name"]}
        for aboard in battle["ships"].values()
        for member in aboard["crew"]
        if member.get("owner") == enemy["name"] and member["health"] > 0
    ] + _slug_minds(battle, str(base["ship"]), enemy["name"])


def _doors(battle: Battle, ship: Ship, enemy: Ship, base: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**base, "room": room_id, "open": not room["vent"]}
        for room_id, room in ship["rooms"].items()
        if room["space_door"]
    ] + [
        {**base, "room": door["rooms"][0], "to": door["rooms"][1], "open": not door["open"]}
        for door in ship.get("doors", {}).values()
    ]


def _locks(battle: Battle, ship: Ship, enemy: Ship, base: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**base, "name": member["name"], "room": room}
        for aboard in battle["ships"].values()
        for member in aboard["crew"]
        if member.get("lock_seconds")
        and member["health"] > 0
        and member["room"]
        and (side_of(member) or aboard["name"]) == base["ship"]
        for room in aboard["rooms"][member["room"]]["neighbours"]
    ]


_CANDIDATES: dict[str, Build] = {
    "power": _power,
    "weapon": lambda battle, ship, enemy, base: [
        {**base, "weapon": weapon["id"], "on": not weapon["powered"]} for weapon in ship["weapons"]
    ],
    "aim": _aims,
    "drone": lambda battle, ship, enemy, base: [
        {**base, "drone": str(slot + 1), "on": not drone["powered"]}
        for slot, drone in enumerate(ship.get("drones") or [])
    ],
    "autofire": lambda battle, ship, enemy, base: [{**base, "on": not ship["autofire"]}],
    "teleport": lambda battle, ship, enemy, base: [
        {**base, "room": room} for room in enemy["rooms"]
    ],
    "retrieve": lambda battle, ship, enemy, base: [dict(base)],
    "hack": lambda battle, ship, enemy, base: [
        {**base, "system": system_id} for system_id in enemy["systems"]
    ],
    "mind": _minds,
    "cloak": lambda battle, ship, enemy, base: [dict(base)],
    "battery": lambda battle, ship, enemy, base: [dict(base)],
    "doors": _doors,
    "lock": _locks,
}
"""Each order kind's candidates, in the order the menus list the kinds."""


def _slug_minds(battle: Battle, seat: str, enemy: str) -> list[dict[str, Any]]:
    """Each of ``seat``'s slugs with each enemy crew member within its reach."""
    reach = str(battle["rules"]["slug_mind"]["reach"])
    found: list[dict[str, Any]] = []
    for slug_ship in battle["ships"].values():
        for slug in slug_ship["crew"]:
            if side_of(slug) != seat or not slug.get("mind_seconds") or slug["health"] <= 0:
                continue
            for aboard in battle["ships"].values():
                for member in aboard["crew"]:
                    alive = member.get("owner") == enemy and member["health"] > 0
                    if alive and in_reach(reach, slug_ship, slug, aboard, member):
                        found.append({"ship": seat, "name": member["name"], "by": slug["name"]})
    return found


def _walks(battle: Battle, seat: str, wanted: Wanted | None = None) -> list[dict[str, Any]]:
    """Every room each living crew member of ``seat`` can walk to by the doors (of the
    walks ``wanted`` keeps, when given)."""
    walks: list[dict[str, Any]] = []
    for aboard in battle["ships"].values():
        for member in aboard["crew"]:
            if (side_of(member) or aboard["name"]) != seat or member["health"] <= 0:
                continue
            if member["room"] is None or member.get("drone") is not None:
                continue
            for room in aboard["rooms"]:
                walk = {"ship": seat, "name": member["name"], "room": room}
                if wanted is not None and not wanted("crew", walk):
                    continue
                if (
                    room != member["room"]
                    and path_between(aboard, member["room"], room)
                    and _has_space(battle, aboard, seat, room, member)
                ):
                    walks.append(walk)
    return walks


def _has_space(battle: Battle, ship: Ship, seat: str, room: str, member: Any) -> bool:
    try:
        room_space(battle, ship, seat, room, [member])
    except GmtoolError:
        return False
    return True


def _drone_targets(enemy: Ship) -> list[str]:
    """The enemy's drones flying outside its ship, as aims (``drone:SLOT``)."""
    return [
        f"drone:{slot + 1}"
        for slot, drone in enumerate(enemy.get("drones") or [])
        if drone["deployed"] and drone["kind"] != "internal"
    ]
