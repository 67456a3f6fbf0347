"""Evasion on the d20 and shields popping and recharging, at every edge."""

from __future__ import annotations

import pytest

from gmtool.games.ftl.rules.battle.projectiles import arrive
from gmtool.games.ftl.rules.battle.shields_evasion import dodge_numbers, evasion
from tests.games.ftl.battle.helpers import battle, order, ship, tick

STATIONS = {
    "pilot": "piloting",
    "engines": "engines",
    "weapons": "weapon_control",
    "shields": "shields",
}


def _crew(*rooms: str, skill: int = 0) -> list[dict]:
    return [
        {"race": "human", "name": f"c{i}", "room": room, "skills": {STATIONS.get(room, "x"): skill}}
        for i, room in enumerate(rooms)
    ]


@pytest.mark.parametrize(
    ("rooms", "skill", "piloting", "expected"),
    [
        (("pilot", "engines"), 0, 1, 20),  # 2 bars x 5 + 5 (engines) + 5 (pilot)
        (("pilot", "engines"), 1, 1, 24),  # 10 + 7 + 7
        (("pilot", "engines"), 2, 1, 30),  # 10 + 10 + 10
        (("pilot",), 0, 1, 15),  # 10 + pilot 5
        (("engines",), 0, 1, 0),  # no pilot, piloting level 1: 0%
        (("engines",), 0, 2, 3),  # 25% of 15, rounded down
        (("engines",), 0, 3, 7),  # 50% of 15, rounded down
        ((), 0, 3, 5),  # 50% of 10
    ],
)
def test_evasion(rooms: tuple[str, ...], skill: int, piloting: int, expected: int) -> None:
    doc = ship(crew=_crew(*rooms, skill=skill))
    doc["systems"]["piloting"] = piloting
    b = battle(red=doc)["battle"]
    assert evasion(b, b["ships"]["Red"]) == expected


def test_no_engine_power_no_evasion() -> None:
    state = battle()
    order(state, "power", ship="Red", system="engines", bars=0)
    b = state["battle"]
    assert evasion(b, b["ships"]["Red"]) == 0
    assert dodge_numbers(b, b["ships"]["Red"]) == []


def test_a_number_for_every_5_percent_picked_or_lowest() -> None:
    state = battle()
    b = state["battle"]
    red = b["ships"]["Red"]
    assert dodge_numbers(b, red) == [1, 2, 3, 4]  # 20%
    order(state, "dodge", ship="Red", numbers=[20, 7])
    assert dodge_numbers(b, red) == [1, 2, 7, 20]  # the picks, then the lowest others


def _shot(state: dict, weapon: str = "basic_laser", to: str = "Blue", room: str = "hall") -> None:
    b = state["battle"]
    source = b["ships"]["Red" if to == "Blue" else "Blue"]
    slot = next(i for i, w in enumerate(source["weapons"]) if w["id"] == weapon)
    b["next_shot"] += 1
    b["in_flight"].append(
        {
            "id": b["next_shot"],
            "from": source["name"],
            "to": to,
            "weapon": weapon,
            "slot": slot,
            "room": room,
            "arrives": b["second"],
        }
    )


@pytest.mark.parametrize(("face", "dodged"), [(1, True), (4, True), (5, False), (20, False)])
def test_the_d20_dodges_on_a_picked_number(face: int, dodged: bool) -> None:
    from gmtool.dice import DiceDoor

    state = battle()
    _shot(state)
    events = arrive(state["battle"], DiceDoor(entered=[], entered_by={"evade": [face]}))
    assert events[0]["dodged"] is dodged
    assert state["battle"]["ships"]["Blue"]["shields"]["up"] == (1 if dodged else 0)


def test_missiles_pass_shields_lasers_do_not_crystal_pierces_one() -> None:
    from gmtool.dice import DiceDoor

    state = battle(red=ship(weapons=["basic_laser", "leto", "heavy_crystal"]))
    b = state["battle"]
    b["ships"]["Blue"]["systems"]["engines"]["power"] = 0  # no evasion: no d20
    for weapon in ("leto", "heavy_crystal"):
        _shot(state, weapon)
    b["ships"]["Red"]["weapons"][2]["kind"] = "crystal"
    door = DiceDoor(entered=[], entered_by={"fire_chance": [50], "breach_chance": [50, 50]})
    events = arrive(b, door)
    hits = [e["weapon"] for e in events if e["event"] == "hit"]
    assert hits == ["leto", "heavy_crystal"]  # pierce 1 passes the one shield
    assert b["ships"]["Blue"]["shields"]["up"] == 1
    assert b["ships"]["Blue"]["hull"] == 30 - 1 - 2


def test_shields_recharge_3_s_unmanned_and_2_5_s_manned() -> None:
    doc = ship(crew=_crew("pilot"))
    doc["systems"]["shields"] = 4  # 2 shields
    state = battle(blue=doc, red=ship(crew=_crew("shields")))
    for name in ("Red", "Blue"):
        order(state, "power", ship=name, system="medbay", bars=0)
        order(state, "power", ship=name, system="oxygen", bars=0)
    b = state["battle"]  # the shields are full from the start: Red 2 bars, Blue 4
    assert [b["ships"][n]["systems"]["shields"]["power"] for n in ("Red", "Blue")] == [2, 4]
    red, blue = b["ships"]["Red"], b["ships"]["Blue"]
    red["shields"]["up"] = 0
    blue["shields"]["up"] = 0
    ups = []
    for _ in range(6):
        tick(state)
        ups.append((red["shields"]["up"], blue["shields"]["up"]))
    # Red (manned, skill 0, one shield): 1000, 2000, 3000 >= 2500 -> up at 3 s.
    # Blue (unmanned, two shields): up at 3 s and at 6 s.
    assert ups == [(0, 0), (0, 0), (1, 1), (1, 1), (1, 1), (1, 2)]


def test_two_manned_shields_carry_the_spare_half_second() -> None:
    doc = ship(crew=_crew("shields"))
    doc["systems"]["shields"] = 4
    state = battle(red=doc)
    order(state, "power", ship="Red", system="medbay", bars=0)
    order(state, "power", ship="Red", system="oxygen", bars=0)
    red = state["battle"]["ships"]["Red"]
    assert red["systems"]["shields"]["power"] == 4  # full from the start
    red["shields"]["up"] = 0
    ups = []
    for _ in range(5):
        tick(state)
        ups.append(red["shields"]["up"])
    assert ups == [0, 0, 1, 1, 2]  # 2.5 s each: 3 s (0.5 spare), then 5 s
