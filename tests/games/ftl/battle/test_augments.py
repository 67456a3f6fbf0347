"""Augments: chances rolled under their own names at their edges, and steady bonuses."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.damage import land
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _hit(weapon: str, room: str, augments: list[str], faces: dict[str, list[int]]) -> dict:
    state = battle(red=ship(weapons=[weapon]), blue=ship(augments=augments))
    b = state["battle"]
    spec = b["ships"]["Red"]["weapons"][0]
    door = DiceDoor(entered=[], entered_by=faces)
    land(b, b["ships"]["Blue"], room, spec, door)
    door.finish()
    return b["ships"]["Blue"]


@pytest.mark.parametrize(("face", "hull"), [(15, 30), (16, 29)])
def test_rock_plating_ignores_hull_damage_on_15_or_less(face: int, hull: int) -> None:
    blue = _hit("basic_laser", "hall", ["rock_plating"], {"rock_plating": [face]})
    assert blue["hull"] == hull


@pytest.mark.parametrize(("face", "damage"), [(25, 0), (26, 1)])
def test_titanium_casing_ignores_system_damage_on_25_or_less(face: int, damage: int) -> None:
    blue = _hit("basic_laser", "engines", ["titanium_system_casing"], {"casing": [face]})
    assert blue["systems"]["engines"]["damage"] == damage
    assert blue["hull"] == 29  # the hull still takes it


@pytest.mark.parametrize(("face", "ion"), [(40, 0), (41, 1)])
def test_reverse_ion_field_ignores_a_shot_on_40_or_less(face: int, ion: int) -> None:
    faces = {"ion_field": [face], "stun_chance": [11]}  # Bo is there: the 10% stun is rolled
    blue = _hit("ion_blast", "engines", ["reverse_ion_field"], faces)
    assert blue["systems"]["engines"]["ion"] == ion


@pytest.mark.parametrize(("face", "left"), [(50, 2), (51, 1)])
def test_explosive_replicator_keeps_the_missile_on_50_or_less(face: int, left: int) -> None:
    state = battle(red=ship(weapons=["leto"], missiles=2, augments=["explosive_replicator"]))
    order(state, "weapon", ship="Red", weapon="leto", on=True)
    order(state, "aim", ship="Red", weapon="leto", room="hall")
    tick(state, seconds=8)
    tick(state, replicator=[face])  # 9 s, manned 10% of 9 = 0: fires at 9 s
    assert state["battle"]["ships"]["Red"]["missiles"] == left


def test_med_bots_and_pheromones() -> None:
    state = battle(blue=ship(augments=["engi_med_bot_dispersal", "mantis_pheromones"]))
    blue = state["battle"]["ships"]["Blue"]
    assert blue["crew"][0]["speed"] == 1.5
    blue["crew"][0]["health"] = 50
    tick(state)
    assert blue["crew"][0]["health"] == 51  # the medbay has power: 1 a second everywhere
    assert "engi_med_bot_dispersal" not in state["battle"]["ships"]["Blue"].get(
        "unmodelled_augments", []
    )
