"""Exact odds of one volley: ``gmtool ftl odds SHIP WEAPON ROOM``.

The odds ask the tick's own functions, over every face of every die (``every_die``):
the volley fires as many shots as a full weapon fires (``weapons.volley_shots``: a charge
weapon all its charges); a spread shot lands where ``spread.scatter`` puts it for each
face; each shot is dodged as ``projectiles.dodges`` says for each face of the d20; what
is left meets the Zoltan shield and the shields (``projectiles.stop_before_room``), shot
after shot, each taking its layers or a shield down; a shot that lands does to its room
what ``damage.land`` does for each face of its chances and coins. A beam is never
dodged: past the Zoltan shield it crosses its rooms (``beams.sweep``) and each takes what
``beams.strike`` deals through the shields up.

Each shot's effect on its room is reckoned from the ship as it stands now: a hit that
damages the shields or the engines does not change the later shots' odds, and shields
coming back while the volley is in flight are not counted.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import product
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.beams import beam_aim, strike, sweep
from gmtool.games.ftl.rules.battle.damage import land
from gmtool.games.ftl.rules.battle.every_die import every_die
from gmtool.games.ftl.rules.battle.hazards import Kind
from gmtool.games.ftl.rules.battle.projectiles import dodges, stop_before_room
from gmtool.games.ftl.rules.battle.rolls import ACTED_ON_AT_ONCE
from gmtool.games.ftl.rules.battle.spread import scatter
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, enemy_of, room_of, rules
from gmtool.games.ftl.rules.battle.weapons import find_weapon, ion_damage, volley_shots
from gmtool.games.ftl.rules.battle.zoltan_shield import layers


def volley_odds(battle: Battle, ship: Ship, weapon_ref: str, room_id: str) -> dict[str, Any]:
    aimed = ship["weapons"][find_weapon(ship, weapon_ref)]
    enemy = enemy_of(battle, ship)
    room_of(enemy, room_id)
    weapon: Mapping[str, Any] = {**aimed, "ion": ion_damage(aimed)}  # as its shots carry it
    shots = volley_shots(weapon, int(weapon.get("charge_cap") or 1))
    if weapon["kind"] == "beam":
        weapon = _beam_line(battle, enemy, weapon, room_id)
    figures = volley_figures(battle, ship, weapon, room_id, shots)
    hits = figures.pop("hits")
    return {
        "ship": ship["name"],
        "weapon": weapon["id"],
        "target": enemy["name"],
        "room": room_id,
        "shots": shots,
        "space": as_odds(figures.pop("space")),
        "dodge": as_odds(figures.pop("dodge")),
        "shields": int(enemy["shields"]["up"]),
        "zoltan_shield": layers(enemy),
        "hit_each": as_odds(hits / shots if shots else Fraction(0)),
        "expected_hits": as_odds(hits),
        **{key: as_odds(value) for key, value in figures.items()},
    }


def volley_figures(
    battle: Battle, ship: Ship, weapon: Mapping[str, Any], room_id: str, shots: int
) -> dict[str, Fraction]:
    """``shots`` shots of ``weapon`` (a beam: its line, ``beam_aim``) fired by ``ship`` at
    the enemy's room, as the tick resolves them: the expected ``hits`` (a beam: whether it
    hits), the chance a shot falls into ``space`` or is dodged (``dodge``), the
    ``expected_hull_damage`` and the chances of a new ``fire`` and a new ``breach``."""
    enemy = enemy_of(battle, ship)
    if weapon["kind"] == "beam":
        return _beam(battle, ship, enemy, weapon, room_id)
    return _shots(battle, ship, enemy, weapon, room_id, shots)


def _shots(
    battle: Battle, ship: Ship, enemy: Ship, weapon: Mapping[str, Any], room_id: str, shots: int
) -> dict[str, Fraction]:
    where = _landing(battle, enemy, weapon, room_id)
    space = where.pop(None, Fraction(0))
    on_ship = 1 - space
    dodge = _dodge(battle, enemy, weapon)
    # a shot that reaches the ship lands in each room by its share of the die's faces
    share = {r: p / on_ship for r, p in where.items() if r is not None} if on_ship else {}
    in_room = {r: _in_room(battle, ship, enemy, weapon, r) for r in share}
    hull, fire, breach = (
        sum((q * in_room[r][key] for r, q in share.items()), Fraction(0))
        for key in ("hull", "fire", "breach")
    )
    outcomes = [
        (outcome, p)
        for outcome, p in (
            ("space", space),
            ("dodged", on_ship * dodge),
            ("reached", on_ship * (1 - dodge)),
        )
        if p
    ]
    stops = _Stops(battle, ship, enemy, weapon)
    hits = no_fire = no_breach = Fraction(0)
    for volley in product(outcomes, repeat=shots):
        chance = Fraction(1)
        guard = (int(enemy["shields"]["up"]), layers(enemy))
        landed = 0
        for outcome, p in volley:
            chance *= p
            if outcome != "reached":
                continue
            stopped, guard = stops.meet(guard)
            landed += not stopped
        hits += chance * landed
        no_fire += chance * (1 - fire) ** landed
        no_breach += chance * (1 - breach) ** landed
    return {
        "hits": hits,
        "space": space,
        "dodge": dodge,
        "expected_hull_damage": hits * hull,
        "fire": 1 - no_fire,
        "breach": 1 - no_breach,
    }


class _Stops:
    """What the Zoltan shield and the shields do to the next shot that reaches the ship,
    by the layers and shields still up: (stopped, the layers and shields after)."""

    def __init__(self, battle: Battle, ship: Ship, enemy: Ship, weapon: Mapping[str, Any]) -> None:
        self.battle, self.ship, self.enemy, self.weapon = battle, ship, enemy, weapon
        self.known: dict[tuple[int, int], tuple[bool, tuple[int, int]]] = {}

    def meet(self, guard: tuple[int, int]) -> tuple[bool, tuple[int, int]]:
        if guard not in self.known:
            up, zoltan = guard
            standing = copy.copy(self.enemy)
            standing["shields"] = {**self.enemy["shields"], "up": up}
            standing["zoltan_shield"] = zoltan
            stopped = stop_before_room(self.battle, standing, self.weapon, self.ship)
            after = (int(standing["shields"]["up"]), layers(standing))
            self.known[guard] = (stopped is not None, after)
        return self.known[guard]


def _beam(
    battle: Battle, ship: Ship, enemy: Ship, weapon: Mapping[str, Any], room_id: str
) -> dict[str, Fraction]:
    """A beam: never dodged; stopped whole by a Zoltan shield up; else each room it
    crosses takes what ``strike`` deals, in order, on the ship as the rooms before left it."""
    parts = sweep(battle, enemy, weapon, room_id)
    standing = copy.copy(enemy)
    standing["shields"] = {**enemy["shields"]}
    dodge = _dodge(battle, enemy, weapon)
    if not parts or stop_before_room(battle, standing, weapon, ship) is not None:
        figures = dict.fromkeys(("hits", "hull", "fire", "breach"), Fraction(0))
    else:

        def crosses(b: Battle, door: DiceDoor) -> list[Event]:
            target = b["ships"][enemy["name"]]
            events: list[Event] = []
            for part in parts:
                events += strike(b, target, weapon, part["room"], list(part["corners"]), door)
            return events

        figures = _room_figures(battle, enemy, crosses)
    return {
        "hits": figures["hits"],
        "space": Fraction(0),
        "dodge": dodge,
        "expected_hull_damage": figures["hull"],
        "fire": figures["fire"],
        "breach": figures["breach"],
    }


def _beam_line(
    battle: Battle, enemy: Ship, weapon: Mapping[str, Any], room_id: str
) -> Mapping[str, Any]:
    """The beam as aimed at the room, or from the room's default corner and way."""
    if weapon.get("target") == room_id and weapon.get("beam_aim"):
        return weapon
    settings = rules(battle)["beams"]
    line = beam_aim(
        enemy, room_id, int(settings["default_corner"]), str(settings["default_toward"])
    )
    return {**weapon, "beam_aim": line}


def _in_room(
    battle: Battle, ship: Ship, enemy: Ship, weapon: Mapping[str, Any], room_id: str
) -> dict[str, Fraction]:
    """What one shot that lands in the room does, as ``damage.land`` plays it."""
    return _room_figures(
        battle,
        enemy,
        lambda b, door: land(b, b["ships"][enemy["name"]], room_id, weapon, door),
    )


def _room_figures(
    battle: Battle, enemy: Ship, play: Callable[[Battle, DiceDoor], list[Event]]
) -> dict[str, Fraction]:
    """Over every die ``play`` rolls: the expected hull lost, the chance of a new fire, of a
    new breach, and the chance something was hit."""
    name = enemy["name"]
    ship_text = json.dumps(enemy)

    def start() -> _Played:
        played = copy.copy(battle)
        played["ships"] = {**battle["ships"], name: json.loads(ship_text)}
        played["in_flight"] = []
        return _Played(played)

    def played(state: _Played, door: DiceDoor) -> None:
        state.hit = any(e["event"] == "hit" for e in play(state.battle, door))

    def figures_of(state: _Played) -> tuple[int, int, int, bool]:
        target = state.battle["ships"][name]
        return (target["hull"], _count(target, "fires"), _count(target, "breaches"), state.hit)

    figures = dict.fromkeys(("hull", "fire", "breach", "hits"), Fraction(0))
    for chance, after in every_die(start, played, figures_of, SUMMED):
        hull, fires, breaches, hit = figures_of(after)
        figures["hull"] += chance * (int(enemy["hull"]) - hull)
        figures["fire"] += chance * (fires > _count(enemy, "fires"))
        figures["breach"] += chance * (breaches > _count(enemy, "breaches"))
        figures["hits"] += chance * hit
    return figures


SUMMED = (*ACTED_ON_AT_ONCE, "fire", "breach")
"""The rolls a shot's figures may follow once for all their faces that leave the same hull
and the same number of fires and breaches: what a shot does after each of them depends on
no more than that (the coins place fires and breaches as they fall, ``hazards.start``)."""


class _Played:
    """A copy of the battle a shot is played on, and whether it hit something."""

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.hit = False


def _count(ship: Ship, kind: Kind) -> int:
    return sum(len(room[kind]) for room in ship["rooms"].values())


def _dodge(battle: Battle, enemy: Ship, weapon: Mapping[str, Any]) -> Fraction:
    """The chance one shot is dodged, over every face of the defender's d20."""

    def played(state: dict[str, bool], door: DiceDoor) -> None:
        dodge = dodges(battle, enemy, weapon, door)
        state["dodged"] = dodge is not None and bool(dodge["dodged"])

    paths = every_die(lambda: {"dodged": False}, played, lambda state: state["dodged"])
    return sum((chance for chance, state in paths if state["dodged"]), Fraction(0))


def _landing(
    battle: Battle, enemy: Ship, weapon: Mapping[str, Any], room_id: str
) -> dict[str | None, Fraction]:
    """Where one shot lands: the aimed room, or for a spread weapon each room (None: space)
    by the faces of ``scatter``'s die."""
    spread = int(weapon.get("spread") or 0)
    if not spread:
        return {room_id: Fraction(1)}

    def start() -> dict[str, Any]:
        return {"room": None}

    def played(state: dict[str, Any], door: DiceDoor) -> None:
        state["room"] = scatter(enemy, room_id, spread, door, label="odds")

    found: dict[str | None, Fraction] = {}
    for chance, state in every_die(start, played):
        found[state["room"]] = found.get(state["room"], Fraction(0)) + chance
    return found


def as_odds(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}
