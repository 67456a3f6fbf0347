"""Spread weapons: each shot lands on a corner of the aimed room or its rings, by a die."""

from __future__ import annotations

from gmtool.games.ftl.rules.battle.spread import target_corners
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def test_the_rings_of_corners_in_reading_order() -> None:
    b = battle()["battle"]
    corners = target_corners(b["ships"]["Blue"], "engines", 1)  # engines: (2,0) and (3,0)
    assert len(corners) == 12  # 4 wide, 3 high
    assert corners[:5] == [(1, -1), (2, -1), (3, -1), (4, -1), (1, 0)]
    assert len(target_corners(b["ships"]["Blue"], "shields", 2)) == 36  # 2x2 + 2 rings: 6x6


def test_flak_fires_every_shot_at_once_and_a_corner_of_space_misses() -> None:
    state = battle(red=ship(weapons=["flak_i"]))  # 2 shots, spread 1, 8 s (10% of 8 is 0)
    order(state, "weapon", ship="Red", weapon="flak_i", on=True)
    order(state, "aim", ship="Red", weapon="flak_i", room="engines")
    tick(state, seconds=7)
    result = tick(state, spread=[6, 1])  # face 6: (2,0) engines; face 1: (1,-1), space
    assert [r["die"] for r in result["rolls"]] == ["1d12", "1d12"]
    launch = next(e for e in result["events"] if e["event"] == "launch")
    assert launch["rooms"] == ["engines", None]
    assert [(s["room"], s["arrives"]) for s in result["in_flight"]] == [("engines", 11)]
    tick(state, seconds=2)
    result = tick(state, evade=[20])  # lands at 11 s (3 s of flight): the shield stops it
    assert result["ships"]["Blue"]["shields"]["up"] == 0


def test_a_swarm_missile_spends_one_missile_for_its_charges() -> None:
    state = battle(red=ship(weapons=["swarm_missile"], missiles=2))  # 3 charges of 7 s
    order(state, "weapon", ship="Red", weapon="swarm_missile", on=True)
    order(state, "aim", ship="Red", weapon="swarm_missile", room="hall")
    result = tick(state, seconds=21, spread=[1, 1, 1])  # 3 x 7 s; all three shots miss
    assert result["ships"]["Red"]["missiles"] == 1
    launch = next(e for e in result["events"] if e["event"] == "launch")
    assert launch["shots"] == 3 and result["in_flight"] == []
