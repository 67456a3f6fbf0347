"""Hacked oxygen and medbay, and mind control at a cloaked ship, as the text says (issue
25, point 12)."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.choices import legal_orders
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick


def _with(system: str, level: int, **changes: object) -> dict:
    doc = ship(**changes)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = system
    doc["systems"][system] = level
    return doc


def _hacker(blue: dict | None = None) -> dict:
    state = battle(red=_with("hacking", 1), blue=blue)
    order(state, "power", ship="Red", system="hacking", bars=1)
    return state


def test_hacked_oxygen_drains_3_a_second_from_every_room_and_refills_nothing() -> None:
    # Blue's oxygen: level 1, powered (3% refill a second). The hack lands at 2 s: from
    # then on no refill, and 3% off every room each second: 97 at 2 s (100, no refill,
    # -3), 94 at 3 s, 91 at 4 s. (Before: the refill gave the 3% back: 97 for ever.)
    state = _hacker()
    blue = state["battle"]["ships"]["Blue"]
    hack(state, "oxygen")
    assert {room["oxygen"] for room in blue["rooms"].values()} == {97}
    tick(state)
    assert {room["oxygen"] for room in blue["rooms"].values()} == {94}
    tick(state)
    assert {room["oxygen"] for room in blue["rooms"].values()} == {91}


def test_a_hacked_medbay_hurts_its_owners_crew_not_the_hackers_boarders() -> None:
    # "deal 5 SS damage per second to all enemy crew in medbay": the enemy of the hacker,
    # the medbay's owner. Red's boarder alone in Blue's medbay keeps its 50 health.
    state = _hacker()
    blue = state["battle"]["ships"]["Blue"]
    raider = {**blue["crew"][0], "name": "Raider", "owner": "Red", "room": "medbay"}
    blue["crew"].append({**raider, "health": 50, "path": []})
    hack(state, "medbay")
    tick(state)
    boarder = next(m for m in blue["crew"] if m["name"] == "Raider")
    assert boarder["health"] == 50
    boarder["room"] = "hall"  # out of the way (no fight), and Blue's own Cy walks in
    cy = blue["crew"][2]
    cy["room"], cy["health"] = "medbay", 50
    tick(state)
    assert cy["health"] == 45  # Blue's own crew member: 5 a second


def test_no_mind_is_taken_aboard_a_cloaked_ship() -> None:
    blue = _with("cloaking", 1)
    state = battle(red=_with("mind_control", 1), blue=blue)
    order(state, "power", ship="Red", system="mind_control", bars=1)
    order(state, "power", ship="Blue", system="medbay", bars=0)
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    assert "mind" in legal_orders(state["battle"], "Red")
    order(state, "cloak", ship="Blue")
    with pytest.raises(RulesError, match="Blue is cloaked: no mind aboard it can be taken"):
        order(state, "mind", ship="Red", name="Bo")
    assert "mind" not in legal_orders(state["battle"], "Red")  # and not offered
