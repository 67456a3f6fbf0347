"""Finding things in the battle state, with errors that name what exists."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.errors import RulesError, unknown

if TYPE_CHECKING:  # the state's shapes (gmtool/games/ftl/state.py), for mypy only
    from gmtool.games.ftl.state import BattleState, CrewMember, Room, ShipState

    Battle = BattleState
    Ship = ShipState
else:  # at run time a battle is the plain JSON it is stored as
    Battle = Ship = dict

Event = dict[str, Any]


def battle_of(state: dict[str, Any]) -> Battle:
    battle: Battle | None = state.get("battle")
    if not isinstance(battle, dict):
        raise RulesError(
            "no battle is under way", hint="a battle starts with the campaign's two ships"
        )
    return battle


def live_battle(state: dict[str, Any]) -> Battle:
    """The battle, refusing orders once it is over."""
    battle = battle_of(state)
    if battle.get("over"):
        raise RulesError(
            f"the battle is over ({battle['over']}): no more orders or seconds",
            hint="'gmtool undo' takes back the last second",
        )
    return battle


def ships_in_order(battle: Battle) -> list[Ship]:
    """The ships in seat order. Never the mapping's own order: a state read back from the
    store may list its keys differently, and the order decides who rolls first."""
    return [battle["ships"][name] for name in battle["order"]]


def ship_of(battle: Battle, name: str) -> Ship:
    for known, ship in battle["ships"].items():
        if known.casefold() == name.casefold():
            return ship
    raise unknown("ship", name, sorted(battle["ships"]))


def enemy_of(battle: Battle, ship: Ship) -> Ship:
    for ship_name, other in battle["ships"].items():
        if ship_name != ship["name"]:
            return other
    raise RulesError("a battle needs two ships")


def rules(battle: Battle) -> dict[str, Any]:
    return battle["rules"]


def max_shields(battle: Battle, ship: Ship) -> int:
    """The shield layers the shield system's powered bars hold: one for every 2 (the
    ruling on "every 2 levels upgraded you will receive an extra shield")."""
    system = ship["systems"].get("shields")
    if system is None:
        return 0
    return int(system["power"]) // int(rules(battle)["shields"]["levels_per_shield"])


def drop_shields(battle: Battle, ship: Ship, why: str) -> list[Event]:
    """Layers above what the shields' bars now hold go down at once (a power order,
    damage or ion taking bars away), as the documents and the odds then show."""
    shields = ship["shields"]
    top = max_shields(battle, ship)
    if shields["up"] <= top:
        return []
    shields["up"] = top
    shields["progress"] = 0
    return [{"event": "shields_down", "ship": ship["name"], "up": top, "why": why}]


BEGUN_BEFORE: dict[str, dict[str, Any]] = {
    "ion": {"own_ion_takes_power": True},
    "shields": {"layers_per_block": 1},
    "evasion": {"undodgeable": ["beam"]},
    "beams": {"damage_per_shield": 1},
    "hacking": {"shield_layers": 1, "drone_ion": 1},
    "augments": {"pre_igniter_charges": 1},
}
"""How a battle begun before these settings were in ``tables/ftl/battle.yaml`` plays
(its stored rules lack them): as the battle did then."""


def rule(battle: Battle, section: str, key: str) -> Any:
    """One setting of the battle's rules, for a battle begun before it was a setting too."""
    found = rules(battle)[section]
    return found[key] if key in found else BEGUN_BEFORE[section][key]


def room_of(ship: Ship, room_id: str) -> Room:
    rooms = ship["rooms"]
    if room_id in rooms:
        return rooms[room_id]
    raise unknown(f"room of {ship['name']}", room_id, sorted(rooms))


def crew_in(ship: Ship, room_id: str) -> list[CrewMember]:
    """Living crew standing in a room of ``ship`` (boarders included), by their owner."""
    return [c for c in ship["crew"] if c["room"] == room_id and c["health"] > 0]


def side_of(member: CrewMember) -> str:
    """Whose orders a crew member follows: its mind controller's while controlled."""
    return str(member.get("controlled_by") or member.get("owner") or "")


def is_drone(member: CrewMember) -> bool:
    """An internal drone walking the rooms: it mans nothing and takes no orders."""
    return member.get("drone") is not None


def is_hostile(ship: Ship, member: CrewMember) -> bool:
    """A boarder (or a mind-controlled crew member): not on the side of the ship it is on."""
    side = side_of(member)
    return bool(side) and side != ship["name"]


def own_member(battle: Battle, seat: str, name: str) -> tuple[Ship, CrewMember]:
    """A crew member of ``seat``'s crew, on whichever ship they stand: (that ship, them)."""
    known: list[str] = []
    for ship in battle["ships"].values():
        for member in ship["crew"]:
            if (side_of(member) or ship["name"]) != seat or is_drone(member):
                continue
            known.append(member["name"])
            if member["name"].casefold() == name.casefold():
                return ship, member
    raise unknown(f"crew member of {seat}", name, known)
