"""Charging, firing, volleys, missiles and travel times, worked out by hand."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _armed(*weapons: str, **changes: object) -> dict:
    state = battle(red=ship(weapons=list(weapons), **changes))
    order(state, "power", ship="Red", system="medbay", bars=0)
    for weapon in weapons:
        order(state, "weapon", ship="Red", weapon=weapon, on=True)
    return state


def _red_weapon(state: dict, index: int = 0) -> dict:
    return state["battle"]["ships"]["Red"]["weapons"][index]


@pytest.mark.parametrize(
    ("weapon", "skill", "expected"),
    [
        ("basic_laser", None, 10),  # unmanned: the cooldown as listed
        ("basic_laser", 0, 9),  # 10% of 10 = 1
        ("burst_laser", 0, 10),  # 10% of 11 = 1.1, rounded down to 1
        ("heavy_laser", 1, 12),  # 15% of 14 = 2.1, rounded down to 2
        ("heavy_laser", 2, 12),  # 20% of 14 = 2.8 -> 2
        ("burst_laser_iii", 2, 16),  # 20% of 19 = 3.8 -> 3
    ],
)
def test_manned_weapon_control_charges_faster_rounded_down(
    weapon: str, skill: int | None, expected: int
) -> None:
    from gmtool.games.ftl.rules.battle.weapons import cooldown

    crew = [
        {
            "race": "human",
            "name": "Cy",
            "room": "weapons" if skill is not None else "hall",
            "skills": {"weapon_control": skill or 0},
        }
    ]
    state = battle(red=ship(weapons=[weapon], crew=crew))
    b = state["battle"]
    assert cooldown(b, b["ships"]["Red"], _red_weapon(state)) == expected


def test_a_laser_charges_fires_when_aimed_and_lands_a_second_later() -> None:
    state = _armed("basic_laser")
    order(state, "aim", ship="Red", weapon="basic_laser", room="hall")
    result = tick(state, seconds=8)
    assert _red_weapon(state)["charge"] == 8 and not result["in_flight"]
    result = tick(state)  # second 9: charged (9 s manned), fires
    assert [e["event"] for e in result["events"] if e["event"] in ("fire", "launch")] == [
        "fire",
        "launch",
    ]
    assert result["in_flight"][0]["arrives"] == 10
    assert _red_weapon(state)["charge"] == 0
    assert _red_weapon(state)["target"] is None  # autofire off: fires once, then holds
    # second 10: Blue's d20 (4 numbers: 20% evasion) shows 5: a hit, but its shield stops it
    result = tick(state, evade=[5])
    blocked = [e for e in result["events"] if e["event"] == "blocked"]
    assert blocked and result["ships"]["Blue"]["shields"]["up"] == 0
    assert result["rolls"] == [
        {
            "roll": "evade",
            "die": "1d20",
            "face": 5,
            "source": "entered",
            "for": "Blue dodges basic_laser",
        }
    ]


def test_autofire_keeps_the_target() -> None:
    state = _armed("basic_laser")
    order(state, "autofire", ship="Red", on=True)
    order(state, "aim", ship="Red", weapon="1", room="hall")
    tick(state, seconds=9)
    assert _red_weapon(state)["target"] == "hall"


def test_a_volley_fires_two_shots_a_second() -> None:
    state = _armed("burst_laser_ii")  # 3 shots, 13 s, manned 10%: 12 s
    order(state, "aim", ship="Red", weapon="burst_laser_ii", room="hall")
    result = tick(state, seconds=12)
    assert len(result["in_flight"]) == 2 and _red_weapon(state)["shots_left"] == 1
    result = tick(state, evade=[20, 20])  # the first two land (shield stops one)
    assert [s["arrives"] for s in result["in_flight"]] == [14]
    assert _red_weapon(state)["shots_left"] == 0


def test_weapon_control_damaged_mid_volley_cuts_the_rest() -> None:
    from gmtool.games.ftl.rules.battle.damage import damage_system

    state = _armed("burst_laser_ii")
    order(state, "aim", ship="Red", weapon="1", room="hall")
    tick(state, seconds=12)
    b = state["battle"]
    events = damage_system(b, b["ships"]["Red"], "weapon_control", 1, "hit")
    cut = [e for e in events if e["event"] == "volley_cut"]
    assert cut == [
        {"event": "volley_cut", "ship": "Red", "weapon": "burst_laser_ii", "shots_lost": 1}
    ]


def test_a_weapon_turned_off_loses_3_seconds_of_charge_a_second() -> None:
    state = _armed("heavy_laser")
    tick(state, seconds=7)
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=False)
    tick(state)
    assert _red_weapon(state)["charge"] == 4
    tick(state, seconds=2)
    assert _red_weapon(state)["charge"] == 0


def test_missiles_one_per_volley_and_none_left() -> None:
    state = _armed("artemis", missiles=1)  # 10 s, manned: 9 s; travels 2 s
    order(state, "autofire", ship="Red", on=True)
    order(state, "aim", ship="Red", weapon="artemis", room="hall")
    result = tick(state, seconds=9)
    assert result["ships"]["Red"]["missiles"] == 0
    assert result["in_flight"][0]["arrives"] == 11
    # it lands in the empty hall: 10% fire and breach chances, both missed
    result = tick(state, seconds=9, evade=[20], fire_chance=[11], breach_chance=[11])
    assert [e for e in result["events"] if e["event"] == "no_missiles"] == [
        {"event": "no_missiles", "ship": "Red", "weapon": "artemis"}
    ]
    assert not result["in_flight"]
    result = tick(state, seconds=3)  # said once, not every second
    assert not [e for e in result["events"] if e["event"] == "no_missiles"]


def test_ion_travels_two_seconds() -> None:
    state = _armed("ion_blast")  # 7 s, manned 10% of 7 = 0.7 -> 0: 7 s
    order(state, "aim", ship="Red", weapon="ion_blast", room="engines")
    result = tick(state, seconds=7)
    assert result["in_flight"][0]["arrives"] == 9


def test_aiming_needs_power_and_a_real_room() -> None:
    from gmtool.errors import UsageError

    state = battle()
    with pytest.raises(RulesError, match="is off: power it before aiming"):
        order(state, "aim", ship="Red", weapon="basic_laser", room="hall")
    order(state, "weapon", ship="Red", weapon="basic_laser", on=True)
    with pytest.raises(UsageError, match="unknown room of Blue"):
        order(state, "aim", ship="Red", weapon="basic_laser", room="bridge")
    with pytest.raises(UsageError, match="unknown weapon of Red"):
        order(state, "aim", ship="Red", weapon="7", room="hall")


def test_every_weapon_of_the_tables_is_modelled() -> None:
    from tests.games.ftl.battle.helpers import tables

    every = list(tables()["weapons"])
    state = battle(red=ship(weapons=every))
    assert [w["id"] for w in state["battle"]["ships"]["Red"]["weapons"] if w["unmodelled"]] == []
