"""The hacking drone: a hack order launches it, it flies 2 s (ruling), a Defense I may shoot
it down, a Zoltan shield stops it, and the hack begins when it lands."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.story import story
from tests.games.ftl.battle.helpers import battle, order, tick
from tests.games.ftl.battle.test_drones import dship


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
    from gmtool.games.ftl.rules.battle.choices import legal_orders

    state = _launched(dship([]))
    assert "shields" in {a["system"] for a in legal_orders(state["battle"], "Red")["hack"]}
    order(state, "hack", ship="Red", system="shields")
    assert "hack" not in legal_orders(state["battle"], "Red")
    tick(state)
    tick(state)  # landed: a new hack may be ordered (it replaces this one)
    assert "hack" in legal_orders(state["battle"], "Red")


def _cloaker(**changes: Any) -> dict[str, Any]:
    """The drone ship with cloaking (1 bar: 5 s) in the hall."""
    doc = dship([], **changes)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = "cloaking"
    doc["systems"]["cloaking"] = 1
    return doc


def test_a_hack_on_its_way_lands_on_a_ship_that_cloaked_and_cancels_the_cloak() -> None:
    """Ruling: what flies arrives (as shots do); the text's hacked cloaking ("cancel
    cloaking if active") needs a hack that can land on a cloaked ship."""
    state = _launched(_cloaker())
    blue = state["battle"]["ships"]["Blue"]
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    order(state, "hack", ship="Red", system="cloaking")
    order(state, "cloak", ship="Blue")
    assert tick(state)["in_flight"] and blue["cloak"] == 4
    result = tick(state)  # 2 s: it lands
    assert blue["hacked"] == "cloaking" and blue["cloak"] == 0
    assert blue["systems"]["cloaking"]["ion"] == 3
    told = story(result["events"])
    assert "Red hacks Blue's cloaking" in told and "Blue uncloaks (hacked)" in told


@pytest.mark.parametrize(("travel", "lands"), [(5, False), (6, True)])
def test_with_lost_a_drone_reaching_a_cloaked_ship_is_lost(travel: int, lands: bool) -> None:
    """``in_flight_when_cloaked: lost``: cloaked at 0 for 5 s (it counts down at the end
    of each second), so a drone arriving at 5 s finds it cloaked and one at 6 s does not."""
    state = _launched(_cloaker())
    b = state["battle"]
    blue = b["ships"]["Blue"]
    b["rules"]["drones"]["in_flight_when_cloaked"] = "lost"
    b["rules"]["drones"]["hack_travel_seconds"] = travel
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    order(state, "hack", ship="Red", system="shields")
    order(state, "cloak", ship="Blue")
    result = tick(state, seconds=travel)
    assert result["in_flight"] == []
    assert blue.get("hacked") == ("shields" if lands else None)
    lost = [e for e in result["events"] if e["event"] == "hack_lost"]
    assert lost == ([] if lands else [_lost("shields", "cloaked")])


@pytest.mark.parametrize("when_cloaked", ["lands", "lost"])
def test_a_boarding_drone_on_its_way_to_a_ship_that_cloaked(when_cloaked: str) -> None:
    state = battle(dship(["boarding_drone"]), _cloaker())
    b = state["battle"]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    b["rules"]["drones"]["in_flight_when_cloaked"] = when_cloaked
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    order(state, "drone", ship="Red", drone="1", on=True)
    tick(state, drone_room=[8])  # fired at the hall, lands at 3 s
    order(state, "cloak", ship="Blue")
    result = tick(state, seconds=2)
    aboard = [m for m in blue["crew"] if m.get("drone") == 0]
    if when_cloaked == "lands":
        assert len(aboard) == 1 and aboard[0]["room"] == "hall"
        return
    assert aboard == [] and not red["drones"][0]["deployed"]  # a new launch takes a part
    assert "Red boarding_drone is destroyed (cloaked)" in story(result["events"])


def _lost(system: str, why: str) -> dict[str, Any]:
    return {"event": "hack_lost", "ship": "Red", "at": "Blue", "system": system, "why": why}


@pytest.mark.parametrize("seconds_before", [0, 1])
def test_a_hack_whose_hacking_loses_power_on_the_way_is_lost(seconds_before: int) -> None:
    """Unpowered for a second of its flight (the first, or the landing second), the
    drone is lost, and powering the hacking again does not bring it back."""
    state = _launched(dship([]))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "hack", ship="Red", system="shields")
    if seconds_before:
        tick(state, seconds=seconds_before)
    order(state, "power", ship="Red", system="hacking", bars=0)
    result = tick(state)
    assert result["in_flight"] == []
    assert [e for e in result["events"] if e["event"] == "hack_lost"] == [
        _lost("shields", "no power")
    ]
    order(state, "power", ship="Red", system="hacking", bars=1)
    tick(state, seconds=2)
    assert blue.get("hacked") is None


def test_power_taken_and_given_back_between_two_seconds_keeps_the_drone() -> None:
    state = _launched(dship([]))
    order(state, "hack", ship="Red", system="shields")
    tick(state)
    order(state, "power", ship="Red", system="hacking", bars=0)
    order(state, "power", ship="Red", system="hacking", bars=1)
    tick(state)
    assert state["battle"]["ships"]["Blue"]["hacked"] == "shields"


def test_a_hack_whose_hacking_breaks_on_the_way_is_lost() -> None:
    from gmtool.games.ftl.rules.battle.damage import damage_system

    state = _launched(dship([]))
    b = state["battle"]
    order(state, "hack", ship="Red", system="shields")
    damage_system(b, b["ships"]["Red"], "hacking", 1, "test")
    result = tick(state)
    assert [e for e in result["events"] if e["event"] == "hack_lost"] == [
        _lost("shields", "broken")
    ]


def test_hacking_hacked_cancels_the_hack_on_its_way_and_holds_off_new_ones() -> None:
    """ "Hacking: cancel hacking": Blue's hack of Red's hacking lands at 2 s, while Red's
    own drone (launched at 1 s) is still on its way: it is lost at once, and Red cannot
    hack while the hack holds."""
    state = battle(_hacker(), _hacker())
    blue = state["battle"]["ships"]["Blue"]
    for seat in ("Red", "Blue"):
        order(state, "power", ship=seat, system="hacking", bars=1)
    order(state, "hack", ship="Blue", system="hacking")
    tick(state)
    order(state, "hack", ship="Red", system="shields")  # would land at 3 s
    result = tick(state)
    assert [e for e in result["events"] if e["event"] == "hack_lost"] == [
        _lost("shields", "hacked")
    ]
    assert result["in_flight"] == []
    with pytest.raises(RulesError, match="Red's hacking is hacked: it cannot hack now"):
        order(state, "hack", ship="Red", system="shields")
    tick(state)
    assert blue.get("hacked") is None
    order(state, "power", ship="Blue", system="hacking", bars=0)  # Blue's hack ends
    result = tick(state)
    assert {"event": "hack_ended", "ship": "Blue", "why": "no power"} in result["events"]
    assert order(state, "hack", ship="Red", system="shields")["order"]["event"] == "hack_launched"
