"""The hacking drone: a hack order launches it, it flies 2 s (ruling), a Defense I may shoot
it down, a Zoltan shield stops it, and the hack begins when it lands."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError
from gmtool.systems.ftl.battle.story import story
from tests.ftl_battle.helpers import battle, order, tick
from tests.ftl_battle.test_drones import dship


def _hacker(**changes: Any) -> dict[str, Any]:
    doc = dship([], **changes)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = "hacking"
    doc["systems"]["hacking"] = 1
    return doc


def _launched(blue: dict[str, Any]) -> dict[str, Any]:
    state = battle(_hacker(), blue)
    order(state, "power", ship="Red", system="hacking", bars=1)
    return state


def test_the_hack_lands_after_its_flight() -> None:
    state = _launched(dship([]))
    blue = state["battle"]["ships"]["Blue"]
    result = order(state, "hack", ship="Red", system="shields")
    assert result["order"] == {
        "event": "hack_launched",
        "ship": "Red",
        "at": "Blue",
        "system": "shields",
        "room": "shields",
        "arrives": 2,
    }
    with pytest.raises(RulesError, match="hacking drone in flight already"):
        order(state, "hack", ship="Red", system="engines")
    first = tick(state)
    assert blue.get("hacked") is None
    (flying,) = first["in_flight"]
    assert flying["weapon"] == "hacking_drone" and flying["system"] == "shields"
    assert (flying["room"], flying["arrives"]) == ("shields", 2)
    second = tick(state)
    assert blue["hacked"] == "shields" and second["in_flight"] == []
    assert "Red hacks Blue's shields" in story(second["events"])


def test_defense_i_shoots_the_hacking_drone_down() -> None:
    state = _launched(dship(["defense_i"]))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "drone", ship="Blue", drone="defense_i", on=True)
    order(state, "hack", ship="Red", system="shields")  # lands at 2 s
    tick(state, drone_delay=[1])  # the drone is out after 2 s
    result = tick(state)  # drones act before arrivals: down at 2 s
    (down,) = [e for e in result["events"] if e["event"] == "shot_down"]
    assert (down["drone"], down["weapon"]) == ("defense_i", "hacking_drone")
    assert blue.get("hacked") is None and result["in_flight"] == []
    assert order(state, "hack", ship="Red", system="shields")["order"]["arrives"] == 4


def test_a_zoltan_shield_stops_the_hacking_drone() -> None:
    state = _launched(dship([], augments=["zoltan_shield"]))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "hack", ship="Red", system="shields")
    result = tick(state, seconds=2)
    (stop,) = [e for e in result["events"] if e["event"] == "zoltan_shield"]
    assert (stop["weapon"], stop["lost"], stop["layers"]) == ("hacking_drone", 1, 4)
    assert blue.get("hacked") is None and blue["zoltan_shield"] == 4


def test_the_menus_offer_no_hack_while_one_is_in_flight() -> None:
    from gmtool.systems.ftl.battle.choices import legal_orders

    state = _launched(dship([]))
    assert "shields" in {a["system"] for a in legal_orders(state["battle"], "Red")["hack"]}
    order(state, "hack", ship="Red", system="shields")
    assert "hack" not in legal_orders(state["battle"], "Red")
    tick(state)
    tick(state)  # landed: a new hack may be ordered (it replaces this one)
    assert "hack" in legal_orders(state["battle"], "Red")
