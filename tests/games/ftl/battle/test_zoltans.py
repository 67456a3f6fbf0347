"""Zoltan crew power: a bar for the system of the room a Zoltan stands in, past ion."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.damage import land
from gmtool.games.ftl.rules.battle.document import battle_document
from gmtool.games.ftl.rules.battle.zoltans import zoltan_power
from tests.games.ftl.battle.helpers import battle, order, ship, tick

CREW = [{"race": "human", "name": n} for n in ("Ana", "Bo", "Cy")]


def _red(room: str = "shields") -> dict:
    return ship(crew=[*CREW, {"race": "zoltan", "name": "Zed", "room": room}])


def test_a_zoltan_powers_its_room_and_the_reactor_pays_less() -> None:
    state = battle(red=_red())
    doc = battle_document(state["battle"])["ships"]["Red"]
    # Shields 2 (1 Zoltan + 1 reactor), engines 2, oxygen 1, medbay 1: 5 of 8 reactor bars.
    assert doc["systems"]["shields"] == {**doc["systems"]["shields"], "power": 2, "zoltan": 1}
    assert doc["reactor"] == {"used": 5, "total": 8}
    assert doc["shields"] == {"up": 1, "max": 1}
    zed = state["battle"]["ships"]["Red"]["crew"][3]
    assert zed["max_health"] == 70  # "-30 health"
    with pytest.raises(RulesError, match="1 of Red's shields bars come from Zoltan crew"):
        order(state, "power", ship="Red", system="shields", bars=0)
    order(state, "power", ship="Red", system="shields", bars=1)  # the Zoltan's bar alone
    assert battle_document(state["battle"])["ships"]["Red"]["reactor"]["used"] == 4


def test_the_bar_walks_away_with_the_zoltan_and_pushes_a_reactor_bar_back() -> None:
    state = battle(red=_red())
    order(state, "crew", ship="Red", name="Zed", room="oxygen")
    result = tick(state)  # a room a second: Zed reaches oxygen
    systems = result["ships"]["Red"]["systems"]
    assert (systems["shields"]["power"], systems["shields"]["zoltan"]) == (1, 0)
    # Oxygen (level 1) was full on a reactor bar: the Zoltan's takes its place.
    assert (systems["oxygen"]["power"], systems["oxygen"]["zoltan"]) == (1, 1)
    assert result["ships"]["Red"]["reactor"]["used"] == 4  # shields 1, engines 2, medbay 1
    told = [e for e in result["events"] if e["event"] == "zoltan_power"]
    assert [(e["system"], e["from"], e["to"]) for e in told] == [
        ("shields", 1, 0),
        ("oxygen", 0, 1),
    ]


def test_ion_leaves_the_zoltan_bar() -> None:
    state = battle(red=_red(), blue=ship(weapons=["ion_blast"]))
    b = state["battle"]
    red = b["ships"]["Red"]
    blast = b["ships"]["Blue"]["weapons"][0]
    door = DiceDoor(entered_by={"stun_chance": [11]})  # Zed is there: the 10% stun, missed
    land(b, red, "shields", blast, door)
    door.finish()
    assert (red["systems"]["shields"]["power"], red["systems"]["shields"]["ion"]) == (1, 1)
    door = DiceDoor(entered_by={"stun_chance": [11]})
    land(b, red, "shields", blast, door)  # a second ion point: the Zoltan's bar stays
    assert red["systems"]["shields"]["power"] == 1
    with pytest.raises(RulesError, match="ionised"):
        order(state, "power", ship="Red", system="shields", bars=2)


def test_a_dead_zoltan_takes_its_bar_with_it() -> None:
    state = battle(red=_red())
    red = state["battle"]["ships"]["Red"]
    order(state, "power", ship="Red", system="oxygen", bars=0)  # no refill: 0% stays 0%
    red["rooms"]["shields"]["oxygen"] = 0
    red["crew"][3]["health"] = 4  # suffocates at 4 a second
    result = tick(state)
    assert red["crew"][3]["health"] == 0
    assert (red["systems"]["shields"]["power"], red["systems"]["shields"]["zoltan"]) == (1, 0)
    assert any(e["event"] == "zoltan_power" for e in result["events"])


def test_in_weapon_control_the_bar_pays_for_a_weapon_until_the_zoltan_leaves() -> None:
    state = battle(red=_red("weapons"))
    b = state["battle"]
    red = b["ships"]["Red"]
    assert battle_document(b)["ships"]["Red"]["reactor"]["used"] == 6  # 2 free
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)  # 1 bar: the Zoltan's
    order(state, "weapon", ship="Red", weapon="artemis", on=True)  # 2 bars: the reactor's
    control = red["systems"]["weapon_control"]
    assert (control["power"], control["zoltan"]) == (3, 1)
    assert battle_document(b)["ships"]["Red"]["reactor"]["used"] == 8
    red["crew"][3]["room"] = "hall"  # Zed leaves: the reactor is one bar short
    events = zoltan_power(b, red)
    assert [w["id"] for w in red["weapons"] if w["powered"]] == ["heavy_laser"]
    assert any(e["event"] == "weapon_unpowered" and e["weapon"] == "artemis" for e in events)
    assert battle_document(b)["ships"]["Red"]["reactor"]["used"] == 7


def test_a_zoltan_boarder_powers_nothing_of_the_enemy() -> None:
    state = battle(blue=_red("hall"))
    b = state["battle"]
    zed = b["ships"]["Blue"]["crew"].pop(3)
    zed["room"] = "shields"
    b["ships"]["Red"]["crew"].append(zed)  # aboard Red, still Blue's
    assert zoltan_power(b, b["ships"]["Red"]) == []
    assert b["ships"]["Red"]["systems"]["shields"]["zoltan"] == 0
