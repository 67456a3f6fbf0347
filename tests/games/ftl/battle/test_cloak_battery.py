"""Cloaking and the backup battery, and an ion storm's halved reactor."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_numbers, evasion
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _fitted() -> dict:
    doc = ship(reactor=10)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = "cloaking"
        if room["id"] == "doors":
            room["system"] = "backup_battery"
    doc["systems"].pop("doors")
    doc["systems"].update({"cloaking": 1, "backup_battery": 2})
    return doc


def test_cloaking_adds_60_and_the_enemy_cannot_aim_or_fire() -> None:
    state = battle(red=_fitted())
    b = state["battle"]
    red = b["ships"]["Red"]
    order(state, "power", ship="Red", system="cloaking", bars=1)
    order(state, "weapon", ship="Blue", weapon="basic_laser", on=True)
    order(state, "aim", ship="Blue", weapon="basic_laser", room="hall")
    order(state, "cloak", ship="Red")
    assert evasion(b, red) == 80 and dodge_numbers(b, red) == list(range(1, 17))
    with pytest.raises(RulesError, match="Red is cloaked and cannot be targeted"):
        order(state, "aim", ship="Blue", weapon="basic_laser", room="pilot")
    with pytest.raises(RulesError, match="already cloaked"):
        order(state, "cloak", ship="Red")
    tick(state, seconds=4)
    assert red["cloak"] == 1
    result = tick(state)  # 5 s at one bar: over
    assert red["cloak"] == 0 and any(e["event"] == "uncloak" for e in result["events"])
    with pytest.raises(RulesError, match="needs 20 s more to recharge"):
        order(state, "cloak", ship="Red")


def test_a_charged_weapon_holds_its_fire_at_a_cloaked_ship() -> None:
    state = battle(blue=_fitted())
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    order(state, "weapon", ship="Red", weapon="basic_laser", on=True)
    order(state, "aim", ship="Red", weapon="basic_laser", room="hall")
    tick(state, seconds=8)
    order(state, "cloak", ship="Blue")
    result = tick(state, seconds=5)  # charged at 9 s, cloak until 13 s
    assert not [e for e in result["events"] if e["event"] == "fire"]
    result = tick(state)  # 14 s: the cloak is down, it fires
    assert [e["event"] for e in result["events"] if e["event"] == "fire"] == ["fire"]


def cloaked_and_firing(augments: list[str]) -> tuple[dict, dict]:
    """Red cloaked at 1 s for 15 s, its basic laser aimed: it fires at 9 s."""
    doc = _fitted()
    doc["systems"]["cloaking"] = 3
    doc["augments"] = augments
    state = battle(red=doc)
    order(state, "power", ship="Red", system="medbay", bars=0)
    order(state, "power", ship="Red", system="cloaking", bars=3)
    order(state, "weapon", ship="Red", weapon="basic_laser", on=True)
    order(state, "aim", ship="Red", weapon="basic_laser", room="hall")
    tick(state, seconds=1)
    order(state, "cloak", ship="Red")  # 15 s
    result = tick(state, seconds=8)
    return state["battle"]["ships"]["Red"], result


def test_firing_while_cloaked_takes_5_seconds_off() -> None:
    red, _ = cloaked_and_firing([])
    assert red["cloak"] == 2  # fires at 9 s: 15 - 8 - 5 = 2 left


def test_the_battery_adds_bars_for_30_seconds_then_rests_ionised() -> None:
    doc = _fitted()
    doc["systems"]["cloaking"] = 3
    state = battle(red=doc)
    red = state["battle"]["ships"]["Red"]
    order(state, "power", ship="Red", system="cloaking", bars=1)  # 7 of 10 bars
    order(state, "weapon", ship="Red", weapon="artemis", on=True)  # 9 of 10
    with pytest.raises(RulesError, match="reactor has 1 free bars; cloaking needs 2 more"):
        order(state, "power", ship="Red", system="cloaking", bars=3)
    order(state, "battery", ship="Red")  # level 2: +4 bars
    order(state, "power", ship="Red", system="cloaking", bars=3)  # 11 of 14
    tick(state, seconds=29)
    assert red["battery"] == 1
    result = tick(state)  # spent after 30 s: 11 bars in use, 10 left: weapons give first
    assert red["systems"]["backup_battery"]["ion"] == 4  # resting 20 s
    assert not red["weapons"][2]["powered"] and red["systems"]["cloaking"]["power"] == 3
    assert any(e["event"] == "battery_off" for e in result["events"])
    with pytest.raises(RulesError, match="resting"):
        order(state, "battery", ship="Red")


def test_an_ion_storm_halves_the_reactor() -> None:
    from gmtool.games.ftl.game import SYSTEM
    from gmtool.games.ftl.rules.battle.handlers import start_battle

    red, blue = ship(reactor=9), ship()
    state = {
        "seats": ["Red", "Blue"],
        "players": {"Red": {"ship": red, "at": [2, 3]}, "Blue": {"ship": blue, "at": [1, 1]}},
        "map": {"ion_storms": [[2, 3]]},
    }
    b = start_battle(state, SYSTEM.load_content({}))
    assert (b["ships"]["Red"]["reactor"], b["ships"]["Blue"]["reactor"]) == (4, 8)
