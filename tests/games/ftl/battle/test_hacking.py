"""Hacking: each listed effect on the hacked ship, for as long as the hacking has power."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.shields_evasion import evasion
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick


def _hacker(blue: dict | None = None) -> dict:
    state = battle(red=_hacker_doc(), blue=blue)
    order(state, "power", ship="Red", system="hacking", bars=1)
    return state


def test_hacked_shields_lose_a_layer_every_3_seconds() -> None:
    state = _hacker()
    hack(state, "shields")  # lands at 2 s: the hack's first second
    blue = state["battle"]["ships"]["Blue"]
    tick(state)
    assert blue["shields"]["up"] == 1
    tick(state)  # 4 s, the hack's third: down (Di cannot man a hacked system: 3 s to come back)
    assert blue["shields"]["up"] == 0
    tick(state, seconds=2)
    assert blue["shields"]["up"] == 0
    tick(state)  # recharged at 7 s and taken again at 7 s
    assert blue["shields"]["up"] == 0


def test_hacked_engines_or_piloting_leave_no_evasion() -> None:
    state = _hacker()
    b = state["battle"]
    assert evasion(b, b["ships"]["Blue"]) == 20
    order(state, "hack", ship="Red", system="piloting")
    tick(state)
    assert evasion(b, b["ships"]["Blue"]) == 20  # the hacking drone is still on its way
    tick(state)
    assert evasion(b, b["ships"]["Blue"]) == 0


def test_hacked_oxygen_weapons_and_medbay() -> None:
    state = _hacker()
    blue = state["battle"]["ships"]["Blue"]
    hack(state, "oxygen")
    assert blue["rooms"]["hall"]["oxygen"] == 97  # full after the refill, then -3
    order(state, "weapon", ship="Blue", weapon="heavy_laser", on=True)
    tick(state, seconds=5)  # 5 s of charge (13 s manned)
    hack(state, "weapon_control")  # +1, +1, then -2 as it lands
    assert blue["weapons"][1]["charge"] == 5
    hack(state, "medbay")
    blue["crew"][1]["room"] = "medbay"
    blue["crew"][1]["health"] = 50
    tick(state)
    assert blue["crew"][1]["health"] == 45  # a hacked medbay hurts and does not heal


def test_hacked_doors_stop_walking() -> None:
    state = _hacker()
    blue = state["battle"]["ships"]["Blue"]
    hack(state, "doors")
    order(state, "crew", ship="Blue", name="Bo", room="pilot")
    tick(state)
    assert blue["crew"][1]["room"] == "engines"


def test_the_hack_ends_without_power_and_unmodelled_targets_are_refused() -> None:
    state = _hacker()
    blue = state["battle"]["ships"]["Blue"]
    hack(state, "engines")
    order(state, "power", ship="Red", system="hacking", bars=0)
    result = tick(state)
    assert blue["hacked"] is None
    assert any(e["event"] == "hack_ended" for e in result["events"])
    with pytest.raises(RulesError, match="hacking has no power"):
        order(state, "hack", ship="Red", system="engines")


def test_a_hacked_battery_takes_3_bars_from_the_reactor() -> None:
    doc = ship()
    for room in doc["rooms"]:
        if room["id"] == "doors":
            room["system"] = "backup_battery"
    doc["systems"].pop("doors")
    doc["systems"]["backup_battery"] = 1
    state = _hacker(blue=doc)
    blue = state["battle"]["ships"]["Blue"]
    hack(state, "backup_battery")
    # reactor 8 - 3 = 5: 6 bars were in use; the last listed (medbay) gives one back
    assert blue["systems"]["medbay"]["power"] == 0
    assert sum(s["power"] for s in blue["systems"].values()) == 5


def _hacker_doc() -> dict:
    doc = ship()
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = "hacking"
    doc["systems"]["hacking"] = 1
    return doc
