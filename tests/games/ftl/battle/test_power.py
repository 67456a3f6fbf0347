"""Power orders: reactor, levels, damage, ion locks, weapon control's slots."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError, UsageError
from tests.games.ftl.battle.helpers import battle, order, tick


def test_battle_opens_with_the_start_power_order_and_weapons_off() -> None:
    ship = battle()["battle"]["ships"]["Red"]
    powers = {sid: s["power"] for sid, s in ship["systems"].items()}
    # reactor 8: shields 2, engines 2, oxygen 1, medbay 1; subsystems take none
    assert powers == {
        "shields": 2,
        "engines": 2,
        "oxygen": 1,
        "weapon_control": 0,
        "medbay": 1,
        "piloting": 0,
        "doors": 0,
    }
    assert ship["shields"]["up"] == 1  # 2 bars, one shield per 2 levels
    assert not any(w["powered"] for w in ship["weapons"])


def test_power_within_the_reactor_and_the_level() -> None:
    state = battle()
    order(state, "power", ship="Red", system="medbay", bars=0)
    assert state["battle"]["ships"]["Red"]["systems"]["medbay"]["power"] == 0
    with pytest.raises(RulesError, match="holds at most 2 bars"):
        order(state, "power", ship="red", system="engines", bars=3)
    order(state, "weapon", ship="Red", weapon="artemis", on=True)  # 2 of the 3 free bars
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)  # the last one
    with pytest.raises(RulesError, match="reactor has 0 free bars; medbay needs 1 more"):
        order(state, "power", ship="Red", system="medbay", bars=1)
    assert state["battle"]["ships"]["Red"]["systems"]["medbay"]["power"] == 0


def test_subsystems_weapon_control_and_unknown_names_are_refused() -> None:
    state = battle()
    with pytest.raises(RulesError, match="subsystem and needs no power"):
        order(state, "power", ship="Red", system="piloting", bars=1)
    with pytest.raises(RulesError, match="powered weapon by weapon"):
        order(state, "power", ship="Red", system="weapon_control", bars=1)
    with pytest.raises(UsageError, match="unknown system of Red"):
        order(state, "power", ship="Red", system="cloaking", bars=1)
    with pytest.raises(UsageError, match="unknown ship"):
        order(state, "power", ship="Green", system="engines", bars=1)


def test_weapons_fit_weapon_control_levels() -> None:
    state = battle()
    order(state, "power", ship="Red", system="medbay", bars=0)
    order(state, "power", ship="Red", system="oxygen", bars=0)
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)  # 1 of 3 slots
    order(state, "weapon", ship="Red", weapon="ion_blast", on=True)  # 2 of 3 slots
    with pytest.raises(RulesError, match="needs 2 weapon control bars; Red has 1 free"):
        order(state, "weapon", ship="Red", weapon="artemis", on=True)
    with pytest.raises(RulesError, match="already on"):
        order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)


def test_damage_takes_bars_and_weapons_lose_power_last_listed_first() -> None:
    from gmtool.games.ftl.rules.battle.damage import damage_system

    state = battle()
    b = state["battle"]
    order(state, "power", ship="Red", system="medbay", bars=0)
    order(state, "weapon", ship="Red", weapon="basic_laser", on=True)
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)
    red = b["ships"]["Red"]
    events = damage_system(b, red, "weapon_control", 2, "hit")  # 3 - 2 = 1 bar left
    assert [w["powered"] for w in red["weapons"][:2]] == [True, False]
    assert red["systems"]["weapon_control"]["power"] == 1
    assert events[0]["event"] == "system_damaged"
    damage_system(b, red, "engines", 5, "hit")  # never more than the level
    assert red["systems"]["engines"]["damage"] == 2
    assert red["systems"]["engines"]["power"] == 0


def test_ion_takes_bars_locks_the_system_and_clears_after_5_s_a_point() -> None:
    from gmtool.games.ftl.rules.battle.power import add_ion

    state = battle()
    b = state["battle"]
    red = b["ships"]["Red"]
    add_ion(b, red, "shields", 2)  # 2 ion: 2 bars out for 10 s
    shields = red["systems"]["shields"]
    assert (shields["power"], shields["ion"], shields["ion_timer"]) == (0, 2, 10)
    with pytest.raises(RulesError, match="ionised .2 ion, 10 s left.: its power cannot change"):
        order(state, "power", ship="Red", system="shields", bars=1)
    tick(state, seconds=9)
    assert shields["ion"] == 2 and shields["ion_timer"] == 1
    tick(state)
    assert shields["ion"] == 0
    order(state, "power", ship="Red", system="shields", bars=2)


def test_ion_one_point_a_period_when_set() -> None:
    from gmtool.games.ftl.rules.battle.power import add_ion

    state = battle(ion={"seconds_per_point": 5, "clears": "one_per_period"})
    b = state["battle"]
    shields = b["ships"]["Red"]["systems"]["shields"]
    add_ion(b, b["ships"]["Red"], "shields", 2)
    tick(state, seconds=4)
    assert shields["ion"] == 2
    tick(state)  # 5 s: one point off
    assert (shields["ion"], shields["ion_timer"]) == (1, 5)
    tick(state, seconds=5)
    assert shields["ion"] == 0


def test_bad_power_numbers() -> None:
    state = battle()
    with pytest.raises(RulesError, match="0 or more"):
        order(state, "power", ship="Red", system="engines", bars=-1)
    with pytest.raises(UsageError, match="bars must be a whole number"):
        order(state, "power", ship="Red", system="engines", bars="2")
