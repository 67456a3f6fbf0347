"""Exact odds of one volley: ``gmtool ftl odds SHIP WEAPON ROOM``.

Every outcome of the volley's shots is enumerated (a spread weapon's shot falls into
space by the die's faces with no room; each shot dodges with the defender's numbers out
of 20), with the defender's shields as they stand now: a shot a Zoltan shield stops takes
its layers off instead of landing, then a shot the shields stop takes one down instead of
landing; a spread shot that lands is in each room by its share of the die's faces, and a
beam loses 1 damage for each shield it does not pierce. From that: the chance each shot
lands, the expected hull damage, and the chance the volley starts at least one fire or
breach (the chance roll, then the coins per corner with one re-flip). Shields coming back
while the volley is in flight are not counted.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from gmtool.games.ftl.rules.battle.projectiles import UNDODGEABLE
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_numbers
from gmtool.games.ftl.rules.battle.spread import target_corners
from gmtool.games.ftl.rules.battle.state import Battle, Ship, enemy_of, room_of, rules
from gmtool.games.ftl.rules.battle.weapons import find_weapon
from gmtool.games.ftl.rules.battle.zoltan_shield import layers, layers_taken, stops


def volley_odds(battle: Battle, ship: Ship, weapon_ref: str, room_id: str) -> dict[str, Any]:
    weapon = ship["weapons"][find_weapon(ship, weapon_ref)]
    enemy = enemy_of(battle, ship)
    room_of(enemy, room_id)
    die = int(rules(battle)["evasion"]["die"])
    dodge = Fraction(len(dodge_numbers(battle, enemy)), die)
    if weapon["kind"] in UNDODGEABLE:
        dodge = Fraction(0)
    blocks = weapon["kind"] in rules(battle)["shields"]["blocks"]
    shots = int(weapon["shots"])
    where = _landing(enemy, room_id, int(weapon.get("spread") or 0))
    space = where.pop(None, Fraction(0))
    on_ship = 1 - space
    # a shot that reaches the ship lands in each room by its share of the corners
    share = {r: p / on_ship for r, p in where.items()} if on_ship else {}
    damage = sum(
        (q * _hull_damage(weapon, enemy["rooms"][r]) for r, q in share.items()), Fraction(0)
    )
    if weapon["kind"] == "beam":  # 1 less for each shield it does not pierce
        damage = max(
            Fraction(0), damage - max(0, int(enemy["shields"]["up"]) - int(weapon["pierce"]))
        )
    fire = _mixed_chance(battle, weapon["fire"], enemy, share, "fires")
    breach = _mixed_chance(battle, weapon["breach"], enemy, share, "breaches")
    outcomes = [
        (o, p)
        for o, p in (
            ("space", space),
            ("dodged", on_ship * dodge),
            ("reached", on_ship * (1 - dodge)),
        )
        if p
    ]
    zoltan_at_start = layers(enemy) if stops(battle, enemy, weapon["kind"], ship) else 0
    expected_hits = Fraction(0)
    no_fire = Fraction(0)
    no_breach = Fraction(0)
    for volley in product(outcomes, repeat=shots):
        chance = Fraction(1)
        shields = int(enemy["shields"]["up"])
        zoltan = zoltan_at_start
        landed = 0
        for outcome, p in volley:
            chance *= p
            if outcome != "reached":
                continue
            if zoltan > 0:
                zoltan = max(0, zoltan - layers_taken(battle, weapon))
                continue
            if blocks and shields > int(weapon["pierce"]):
                shields -= 1
            else:
                landed += 1
        expected_hits += chance * landed
        no_fire += chance * (1 - fire) ** landed
        no_breach += chance * (1 - breach) ** landed
    return {
        "ship": ship["name"],
        "weapon": weapon["id"],
        "target": enemy["name"],
        "room": room_id,
        "shots": shots,
        "space": _odds(space),
        "dodge": _odds(dodge),
        "shields": int(enemy["shields"]["up"]),
        "zoltan_shield": layers(enemy),
        "hit_each": _odds((expected_hits / shots) if shots else Fraction(0)),
        "expected_hits": _odds(expected_hits),
        "expected_hull_damage": _odds(expected_hits * damage),
        "fire": _odds(1 - no_fire),
        "breach": _odds(1 - no_breach),
    }


def _landing(enemy: Ship, room_id: str, spread: int) -> dict[str | None, Fraction]:
    """Where one shot lands: the aimed room, or for a spread weapon each room (None: space)
    by its corners among the die's faces (``spread.target_corners``)."""
    if not spread:
        return {room_id: Fraction(1)}

    corners = target_corners(enemy, room_id, spread)
    owner = {tuple(c): rid for rid, r in enemy["rooms"].items() for c in r["corners"]}
    found: dict[str | None, Fraction] = {}
    for corner in corners:
        rid = owner.get(corner)
        found[rid] = found.get(rid, Fraction(0)) + Fraction(1, len(corners))
    return found


def _mixed_chance(
    battle: Battle, percent: int, enemy: Ship, share: dict[str | None, Fraction], kind: str
) -> Fraction:
    """The chance one landed shot starts a fire (breach), over the rooms it may land in."""
    return sum(
        (q * _start_chance(battle, percent, enemy["rooms"][r], kind) for r, q in share.items()),
        Fraction(0),
    )


def _hull_damage(weapon: dict[str, Any], room: dict[str, Any]) -> int:
    if room["system"] is None and weapon.get("systemless_damage") is not None:
        return int(weapon["systemless_damage"])
    return int(weapon["damage"])


def _start_chance(battle: Battle, percent: int, room: dict[str, Any], kind: str) -> Fraction:
    """The chance one landed shot starts at least one: the roll, then a heads among the
    free corners' coins (all flipped again once on no heads)."""
    if percent <= 0:
        return Fraction(0)
    free = len(room["corners"]) - len(room[kind])
    if free <= 0:
        return Fraction(0)
    rounds = 2 if rules(battle)[kind]["reflip_once"] else 1
    all_tails = Fraction(1, 2) ** (free * rounds)
    return Fraction(min(percent, 100), 100) * (1 - all_tails)


def _odds(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}
