"""Mind control and the clone bay."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _with(system: str, level: int, **changes: object) -> dict:
    doc = ship(**changes)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = system
    doc["systems"][system] = level
    return doc


def test_a_mind_taken_fights_its_mates_then_comes_back() -> None:
    state = battle(red=_with("mind_control", 2))  # 10 s, +20% health, +2 SS damage
    order(state, "power", ship="Red", system="mind_control", bars=1)
    blue = state["battle"]["ships"]["Blue"]
    blue["crew"][0]["room"] = "engines"  # Ana joins Bo
    order(state, "mind", ship="Red", name="Bo")
    bo, ana = blue["crew"][1], blue["crew"][0]
    assert (bo["controlled_by"], bo["health"], bo["ss_damage"]) == ("Red", 120, [6, 7])
    tick(state)  # an odd second: Bo hits Ana for 7, Ana hits Bo for 5
    assert (ana["health"], bo["health"]) == (93, 115)
    tick(state, seconds=9)  # 10 s: Bo is himself again, the system ionised
    assert bo["controlled_by"] is None and bo["max_health"] == 100
    red = state["battle"]["ships"]["Red"]
    assert red["systems"]["mind_control"]["ion"] == 3


def test_slugs_are_immune_and_one_mind_at_a_time() -> None:
    blue = ship(
        crew=[
            {"race": "slug", "name": "Sly", "room": "pilot"},
            {"race": "human", "name": "Hu", "room": "engines"},
            {"race": "human", "name": "Ha", "room": "hall"},
        ]
    )
    state = battle(red=_with("mind_control", 1), blue=blue)
    order(state, "power", ship="Red", system="mind_control", bars=1)
    with pytest.raises(RulesError, match="Sly is a slug: immune to mind control"):
        order(state, "mind", ship="Red", name="Sly")
    order(state, "mind", ship="Red", name="Hu")
    with pytest.raises(RulesError, match="already holds a mind"):
        order(state, "mind", ship="Red", name="Ha")
    order(state, "crew", ship="Red", name="Hu", room="pilot")  # Red gives Hu orders now


def test_the_clone_bay_brings_the_dead_back_after_its_time() -> None:
    doc = _with("clone_bay", 1)  # 15 s
    doc["systems"].pop("medbay")
    for room in doc["rooms"]:
        if room["id"] == "medbay":
            room.pop("system")
    state = battle(blue=doc)
    order(state, "power", ship="Blue", system="clone_bay", bars=1)
    blue = state["battle"]["ships"]["Blue"]
    bo = blue["crew"][1]
    bo["health"] = 0
    tick(state)  # second 1: into the bay; the 15 s count from the next second
    assert bo["room"] is None and bo["cloning"] == 15
    tick(state, seconds=14)  # seconds 2 to 15: 1 s left
    assert bo["health"] == 0 and bo["cloning"] == 1
    tick(state)  # second 16: the 15th second after his death
    assert (bo["health"], bo["room"]) == (100, "hall")


def test_an_unpowered_clone_bay_loses_its_dead_after_3_seconds() -> None:
    doc = _with("clone_bay", 1)
    state = battle(blue=doc)
    blue = state["battle"]["ships"]["Blue"]
    blue["crew"][1]["health"] = 0
    tick(state, seconds=3)  # second 1 into the bay; seconds 2 and 3 unpowered
    assert blue["crew"][1]["cloning"] == 15 and blue["crew"][1]["limbo"] == 2
    result = tick(state)  # the third second unpowered after the death second: lost
    assert blue["crew"][1]["lost"] is True
    assert any(e["event"] == "clone_lost" for e in result["events"])
