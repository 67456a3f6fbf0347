"""``ftl odds`` for beams worked by hand from the text (issue 25, point 10): "a beam that
passes threw 3 rooms that deals 2 damage will deal 6 damage to hull", a fire beam's chance
rolled for each corner it crosses, and nothing when the shields stop it."""

from __future__ import annotations

from fractions import Fraction

from gmtool.games.ftl.rules.battle.odds import volley_odds
from tests.games.ftl.battle.helpers import battle, order, ship


def _aimed(weapon: str, *, shields: int, **changes: object) -> dict:
    """Red's beam aimed at Blue's pilot room from its first corner to the right (pilot,
    engines, oxygen side by side, 2 corners each); Blue's shields up as given."""
    state = battle(red=ship(weapons=[weapon], reactor=12))
    order(state, "weapon", ship="Red", weapon=weapon, on=True)
    order(state, "aim", ship="Red", weapon=weapon, room="pilot", corner=1, toward="right")
    gun = state["battle"]["ships"]["Red"]["weapons"][0]
    gun.update(changes)
    blue = state["battle"]["ships"]["Blue"]
    blue["shields"]["up"] = shields
    blue["systems"]["shields"]["power"] = shields * 2
    return state


def _odds(state: dict, weapon: str) -> dict:
    b = state["battle"]
    return volley_odds(b, b["ships"]["Red"], weapon, "pilot")


def test_a_2_damage_beam_through_3_rooms_deals_6_to_the_hull() -> None:
    # The pike beam's 2.5 in is 5 corners: pilot (2), engines (2), oxygen (1): 3 rooms. At
    # 2 damage and no shield, 2 a room: 6. Against 1 shield, 1 a room: 3.
    state = _aimed("pike_beam", shields=0, damage=2)
    assert _odds(state, "pike_beam")["expected_hull_damage"]["fraction"] == "6/1"
    state = _aimed("pike_beam", shields=1, damage=2)
    assert _odds(state, "pike_beam")["expected_hull_damage"]["fraction"] == "3/1"


def test_a_fire_beam_rolls_its_80_percent_at_every_corner_crossed() -> None:
    # 2 in = 4 corners (pilot 2, engines 2): no fire only if all four miss: 1 - (1/5)^4.
    state = _aimed("fire_beam", shields=0)
    odds = _odds(state, "fire_beam")
    assert Fraction(odds["fire"]["fraction"]) == 1 - Fraction(1, 5) ** 4
    # 0 damage: any shield up leaves it nothing, so no fire at all.
    state = _aimed("fire_beam", shields=1)
    assert _odds(state, "fire_beam")["fire"]["fraction"] == "0/1"
