"""Asteroid fields: a ship fighting at an asteroid-field beacon is struck by asteroids.

The text places asteroid fields on the map and names asteroids among the "environment
dangers" that shoot drones down, but says nothing of how often they come or what they
do; so (rulings, ``battle.asteroids`` in ``tables/ftl/battle.yaml``): every ``every``
seconds one asteroid flies at each ship in the field; a die with a face for each of the
ship's rooms, in the ship's own order (``asteroid``), picks the room; the ship dodges it
on the d20 like any shot (``evade``), a shield stops it and drops, and otherwise it lands
as a shot of ``damage`` with its fire and breach chances.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.projectiles import dodge_shields_land
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules, ships_in_order

KIND = "asteroid"


def is_due(battle: Battle, ship: Ship) -> bool:
    settings = rules(battle)["asteroids"]
    second = int(battle["second"])
    first = int(settings["first_second"])
    return (
        bool(ship.get("asteroid_field"))
        and second >= first
        and ((second - first) % int(settings["every_seconds"]) == 0)
    )


def next_asteroid(battle: Battle, ship: Ship) -> int | None:
    """The second the next asteroid strikes the ship (None outside a field)."""
    if not ship.get("asteroid_field"):
        return None
    settings = rules(battle)["asteroids"]
    first = int(settings["first_second"])
    every = int(settings["every_seconds"])
    after = int(battle["second"]) + 1
    if after <= first:
        return first
    return first + -(-(after - first) // every) * every


def asteroid(battle: Battle) -> dict[str, Any]:
    """The asteroid as a shot, for dodging, shields and ``damage.land``."""
    settings = rules(battle)["asteroids"]
    return {
        "id": KIND,
        "kind": KIND,
        "damage": int(settings["damage"]),
        "fire": int(settings["fire_chance"]),
        "breach": int(settings["breach_chance"]),
        "ion": 0,
        "pierce": 0,
    }


def strike(battle: Battle, dice: DiceDoor) -> list[Event]:
    """The asteroids due this second, the first-listed ship's first."""
    events: list[Event] = []
    for ship in ships_in_order(battle):
        if ship["hull"] > 0 and is_due(battle, ship):
            events += _one(battle, ship, dice)
    return events


def _one(battle: Battle, ship: Ship, dice: DiceDoor) -> list[Event]:
    rooms = list(ship["rooms"])
    face = dice.roll(
        f"1d{len(rooms)}", who="asteroid", label=f"room of {ship['name']} an asteroid strikes"
    ).total
    room_id = rooms[face - 1]
    events: list[Event] = [{"event": KIND, "ship": ship["name"], "room": room_id}]
    return events + dodge_shields_land(battle, ship, asteroid(battle), room_id, dice)
