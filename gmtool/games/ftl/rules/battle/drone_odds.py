"""Exact odds of one firing of an offensive drone: ``gmtool ftl odds SHIP DRONE [ROOM]``.

The drone's room is rolled (one face a room) unless ROOM is given; a beam drone's way is
one of the d6's directions, each as likely (the faces rolled again do not count). With
the defender's evasion and shields as they stand now: a combat drone's shot is dodged on
the d20 and stopped by a shield; a beam loses 1 damage a shield in each room it crosses.
From that: the chance the shot lands (or the beam does damage), the expected hull damage,
and the chance of at least one new fire (the fire drone's chance for each corner crossed).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gmtool.errors import RulesError, UsageError
from gmtool.games.ftl.rules.battle.beams import sweep
from gmtool.games.ftl.rules.battle.drone_shots import as_weapon
from gmtool.games.ftl.rules.battle.drones import find_drone
from gmtool.games.ftl.rules.battle.odds import _odds, volley_odds
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_numbers
from gmtool.games.ftl.rules.battle.state import Battle, Ship, enemy_of, room_of, rules


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
    shields = int(enemy["shields"]["up"])
    dodge = Fraction(len(dodge_numbers(battle, enemy)), int(rules(battle)["evasion"]["die"]))
    lands = Fraction(0)
    damage = Fraction(0)
    no_fire = Fraction(0)
    for rid in rooms:
        for weight, hit, hull, fire_free in _outcomes(battle, enemy, drone, rid, dodge, shields):
            share = weight / len(rooms)
            lands += share * hit
            damage += share * hull
            no_fire += share * fire_free
    return {
        "ship": ship["name"],
        "weapon": drone["id"],
        "target": enemy["name"],
        "room": room_id or "a rolled room",
        "shots": 1,
        "dodge": _odds(Fraction(0) if drone["beam"] else dodge),
        "shields": shields,
        "hit_each": _odds(lands),
        "expected_hits": _odds(lands),
        "expected_hull_damage": _odds(damage),
        "fire": _odds(1 - no_fire),
        "breach": _odds(Fraction(0)),
    }


def _outcomes(
    battle: Battle, enemy: Ship, drone: dict[str, Any], room_id: str, dodge: Fraction, shields: int
) -> list[tuple[Fraction, Fraction, Fraction, Fraction]]:
    """(weight, chance it lands, expected hull damage, chance of no new fire) for each way
    the firing can go in this room."""
    if not drone["beam"]:
        landed = (1 - dodge) if shields == 0 else Fraction(0)
        return [(Fraction(1), landed, landed * int(drone["damage"]), Fraction(1))]

    settings = rules(battle)["drones"]
    ways = [w for w in settings["beam_toward"] if w != "again"]
    corner = min(int(settings["beam_corner"]), len(enemy["rooms"][room_id]["corners"]))
    found = []
    for way in ways:
        shot = {"kind": "beam", "beam_aim": {"corner": corner, "toward": way}}
        hull = 0
        no_fire = Fraction(1)
        for part in sweep(battle, enemy, as_weapon(battle, drone, shot), room_id):
            left = int(drone["damage"]) - shields
            if shields and left <= 0:
                continue  # the shields stop it in this room
            hull += max(0, left)
            burning = {f["corner"] for f in enemy["rooms"][part["room"]]["fires"]}
            for spot in part["corners"]:
                if spot not in burning:
                    no_fire *= 1 - Fraction(min(int(drone["fire"]), 100), 100)
        landed = Fraction(1 if hull > 0 or no_fire < 1 else 0)
        found.append((Fraction(1, len(ways)), landed, Fraction(hull), no_fire))
    return found
