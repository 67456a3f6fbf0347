"""Exact odds of one firing of an offensive drone: ``gmtool ftl odds SHIP DRONE [ROOM]``.

The drone's room is rolled (one face a room) unless ROOM is given; a beam drone's way is
one of the d6's directions, each as likely (the faces rolled again do not count). Each
room and way is then played as the tick plays the drone's shot (``odds.volley_figures``,
the drone's shot as a weapon: ``drone_shots.as_weapon``): a combat drone's shot is dodged
on the d20 and stopped by a Zoltan shield or a shield; a beam crosses its rooms from the
room's start corner, each taking its damage through the shields up.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gmtool.errors import RulesError, UsageError
from gmtool.games.ftl.rules.battle.drone_shots import as_weapon
from gmtool.games.ftl.rules.battle.drones import find_drone
from gmtool.games.ftl.rules.battle.odds import as_odds, volley_figures, volley_odds
from gmtool.games.ftl.rules.battle.state import Battle, Ship, enemy_of, room_of, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Drone


def odds_of(battle: Battle, ship: Ship, ref: str, room_id: str | None) -> dict[str, Any]:
    """The odds ``ftl odds`` asks for: a weapon's volley at a room, or, when ``ref`` names
    one of the ship's drones (and none of its weapons), that drone's firing."""
    weapons = {w["id"] for w in ship["weapons"]}
    drones = {d["id"] for d in ship.get("drones") or []}
    if ref in drones and ref not in weapons:
        return drone_odds(battle, ship, ref, room_id)
    if room_id is None:
        raise UsageError(
            f"which enemy room is {ref} fired at?",
            hint=f"gmtool ftl odds {ship['name']} {ref} ROOM",
        )
    return volley_odds(battle, ship, ref, room_id)


def drone_odds(battle: Battle, ship: Ship, ref: str, room_id: str | None) -> dict[str, Any]:
    drone = ship["drones"][find_drone(ship, ref)]
    if drone["kind"] != "offensive":
        raise RulesError(f"{drone['id']} does not fire at the enemy ship: it has no odds")
    enemy = enemy_of(battle, ship)
    rooms = [room_id] if room_id is not None else list(enemy["rooms"])
    for rid in rooms:
        room_of(enemy, rid)
    totals = dict.fromkeys(("hits", "dodge", "expected_hull_damage", "fire", "breach"), Fraction(0))
    for rid in rooms:
        for share, shot in _shots(battle, drone, enemy, rid):
            figures = volley_figures(battle, ship, as_weapon(battle, drone, shot), rid, 1)
            for key in totals:
                totals[key] += share / len(rooms) * figures[key]
    return {
        "ship": ship["name"],
        "weapon": drone["id"],
        "target": enemy["name"],
        "room": room_id or "a rolled room",
        "shots": 1,
        "dodge": as_odds(totals["dodge"]),
        "shields": int(enemy["shields"]["up"]),
        "hit_each": as_odds(totals["hits"]),
        "expected_hits": as_odds(totals["hits"]),
        "expected_hull_damage": as_odds(totals["expected_hull_damage"]),
        "fire": as_odds(totals["fire"]),
        "breach": as_odds(totals["breach"]),
    }


def _shots(
    battle: Battle, drone: Drone, enemy: Ship, room_id: str
) -> list[tuple[Fraction, dict[str, Any]]]:
    """(its chance, the shot) for each way the drone's firing at the room can go."""
    settings = rules(battle)["drones"]
    if not drone["beam"]:
        return [(Fraction(1), {"kind": str(settings["shot_kind"])})]
    ways = [w for w in settings["beam_toward"] if w != "again"]
    corner = min(int(settings["beam_corner"]), len(enemy["rooms"][room_id]["corners"]))
    return [
        (Fraction(1, len(ways)), {"kind": "beam", "beam_aim": {"corner": corner, "toward": way}})
        for way in ways
    ]
