"""The weapon augments: the automated re-loader, the pre-igniter, stealth weapons."""

from __future__ import annotations

import pytest

from gmtool.games.ftl.rules.battle.weapons import cooldown
from tests.games.ftl.battle.helpers import battle, order, ship, tick
from tests.games.ftl.battle.test_cloak_battery import cloaked_and_firing

READINGS = {"reloader_min_cooldown": 1, "pre_igniter_second": 0, "outside_battle": {}}


@pytest.mark.parametrize(
    ("weapon", "manned", "augments", "seconds"),
    [
        ("heavy_laser", True, [], 13),  # 14 less 10% manned, rounded down: 1
        ("glaive_beam", False, ["automated_re_loader"], 10),  # 25 - 15
        ("glaive_beam", True, ["automated_re_loader"], 8),  # 25 - 2 (10% of 25, down) - 15
        ("pike_beam", False, ["automated_re_loader"], 1),  # 16 - 15: the last second left
        ("heavy_laser", False, ["automated_re_loader"], 1),  # 14 - 15 < 1: one second
        ("breach_missile", True, ["automated_re_loader"], 5),  # 22 - 2 - 15
    ],
)
def test_the_re_loader_takes_15_seconds_off_after_the_manned_bonus(
    weapon: str, manned: bool, augments: list[str], seconds: int
) -> None:
    state = battle(red=ship(weapons=[weapon], augments=augments))
    red = state["battle"]["ships"]["Red"]
    if not manned:
        red["crew"][2]["room"] = "hall"  # Cy leaves weapon control
    assert cooldown(state["battle"], red, red["weapons"][0]) == seconds


@pytest.mark.parametrize(
    ("weapon", "manned", "seconds"),
    [
        ("heavy_laser", True, 11),  # 10% + 15% of 14 = 3.5: 3
        ("heavy_laser", False, 12),  # 15% of 14 = 2.1: 2
        ("basic_laser", False, 9),  # 15% of 10 = 1.5: 1
        ("basic_laser", True, 8),  # 25% of 10 = 2.5: 2
    ],
)
def test_read_as_percent_the_re_loader_adds_15_percent_to_the_manned_bonus(
    weapon: str, manned: bool, seconds: int
) -> None:
    percent = {**READINGS, "reloader_reads": "percent"}
    state = battle(red=ship(weapons=[weapon], augments=["automated_re_loader"]), augments=percent)
    red = state["battle"]["ships"]["Red"]
    if not manned:
        red["crew"][2]["room"] = "hall"  # Cy leaves weapon control
    assert cooldown(state["battle"], red, red["weapons"][0]) == seconds


def test_read_as_seconds_the_re_loader_never_goes_below_a_second() -> None:
    seconds = {**READINGS, "reloader_reads": "seconds"}
    state = battle(
        red=ship(weapons=["heavy_laser"], augments=["automated_re_loader"]), augments=seconds
    )
    red = state["battle"]["ships"]["Red"]
    assert cooldown(state["battle"], red, red["weapons"][0]) == 1  # 14 - 1 - 15 < 1
    seconds["reloader_min_cooldown"] = 3
    state = battle(
        red=ship(weapons=["heavy_laser"], augments=["automated_re_loader"]), augments=seconds
    )
    red = state["battle"]["ships"]["Red"]
    assert cooldown(state["battle"], red, red["weapons"][0]) == 3


def test_the_pre_igniter_charges_weapons_switched_on_as_the_battle_opens() -> None:
    red = ship(weapons=["heavy_laser", "laser_charger"], augments=["weapon_pre_igniter"], reactor=9)
    state = battle(red=red)
    result = order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)
    assert result["order"]["charged"] is True
    order(state, "weapon", ship="Red", weapon="laser_charger", on=True)
    weapons = state["battle"]["ships"]["Red"]["weapons"]
    assert [(w["charges"], w["charge_cap"]) for w in weapons] == [(1, 1), (1, 2)]  # one charge
    order(state, "aim", ship="Red", weapon="heavy_laser", room="hall")
    result = tick(state)  # fires in the first second (it lands in the next)
    assert any(e["event"] == "fire" and e["weapon"] == "heavy_laser" for e in result["events"])


def test_the_pre_igniter_does_nothing_after_the_first_second() -> None:
    state = battle(red=ship(weapons=["heavy_laser"], augments=["weapon_pre_igniter"]))
    tick(state)
    result = order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)
    assert "charged" not in result["order"]
    assert state["battle"]["ships"]["Red"]["weapons"][0]["charges"] == 0


def test_stealth_weapons_fire_without_shortening_the_cloak() -> None:
    red, result = cloaked_and_firing(["stealth_weapons"])
    assert any(e["event"] == "fire" for e in result["events"])
    assert red["cloak"] == 7  # fires at 9 s: 15 - 8 = 7 left, nothing taken off
