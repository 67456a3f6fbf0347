"""The artillery systems: power, charge by powered bars, the beam and the flak, damage,
ion, hacking, and what does not touch them (weapon control, its manning, augments)."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.odds import volley_odds
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick


def _gunner(system: str = "artillery_beam", level: int = 4, **changes: Any) -> dict[str, Any]:
    """The test ship with its empty hall holding the artillery, and a reactor to spare."""
    doc = ship(reactor=12, **changes)
    doc["systems"] = {**doc["systems"], system: level}
    doc["rooms"][7] = {**doc["rooms"][7], "system": system}
    return doc


def _gun(state: dict[str, Any], seat: str = "Red") -> dict[str, Any]:
    return state["battle"]["ships"][seat]["weapons"][-1]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("bars", "seconds"),
    [(1, 37), (2, 30), (3, 22), (4, 15)],  # 30 s x 1.25 / 1 / 0.75 / 0.5, rounded down
)
def test_the_powered_bars_set_the_charge_time(bars: int, seconds: int) -> None:
    state = battle(red=_gunner())
    order(state, "power", ship="Red", system="artillery_beam", bars=bars)
    result = tick(state, seconds=seconds - 1)
    gun = result["ships"]["Red"]["weapons"][-1]
    assert gun["id"] == "artillery_beam" and gun["cooldown"] == seconds
    assert gun["charges"] == 0 and gun["charge"] == seconds - 1
    tick(state)
    assert _gun(state)["charges"] == 1


def test_power_orders_for_the_artillery_follow_the_reactor_and_the_level() -> None:
    state = battle(red=_gunner(level=2))
    with pytest.raises(RulesError, match="artillery_beam system holds at most 2 bars"):
        order(state, "power", ship="Red", system="artillery_beam", bars=3)
    with pytest.raises(RulesError, match="powered by its own bars"):
        order(state, "weapon", ship="Red", weapon="artillery_beam", on=True)
    with pytest.raises(RulesError, match="artillery_beam is off: power it before aiming"):
        order(state, "aim", ship="Red", weapon="artillery_beam", room="pilot")
    order(state, "power", ship="Red", system="artillery_beam", bars=2)
    assert _gun(state)["powered"] is True
    order(state, "power", ship="Red", system="artillery_beam", bars=0)
    assert _gun(state)["powered"] is False


def _shielded() -> dict[str, Any]:
    doc = ship(reactor=14)
    doc["systems"] = {**doc["systems"], "shields": 8}  # 4 shields
    return doc


def test_the_beam_passes_four_shields_and_deals_1_a_room() -> None:
    state = battle(red=_gunner(), blue=_shielded())
    blue = state["battle"]["ships"]["Blue"]
    assert blue["shields"]["up"] == 4  # as many as its pierce: none left to take 1 off
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    order(state, "aim", ship="Red", weapon="artillery_beam", room="pilot", corner=1, toward="right")
    tick(state, seconds=14)
    result = tick(state)  # 2 in = 4 corners: pilot (0,0) (1,0), engines (2,0) (3,0)
    hits = [e for e in result["events"] if e["event"] == "hit"]
    assert [(h["room"], h["hull"]) for h in hits] == [("pilot", 1), ("engines", 1)]
    assert blue["hull"] == 28 and blue["shields"]["up"] == 4  # a beam pops no shield
    assert blue["systems"]["piloting"]["damage"] == 1


def test_a_fifth_shield_stops_the_beam() -> None:
    from gmtool.dice import DiceDoor
    from gmtool.games.ftl.rules.battle.beams import strike

    state = battle(red=_gunner())
    b = state["battle"]
    blue = b["ships"]["Blue"]
    blue["shields"]["up"] = 5  # more than its pierce of 4: 1 - 1 leaves nothing
    events = strike(b, blue, _gun(state), "pilot", [0, 1], DiceDoor(entered=[]))
    assert [e["event"] for e in events] == ["beam_blocked"]
    assert blue["hull"] == 30


def test_the_flak_throws_8_asteroids_at_ion_speed() -> None:
    state = battle(red=_gunner("artillery_flak"))
    order(state, "power", ship="Red", system="artillery_flak", bars=4)
    order(state, "aim", ship="Red", weapon="artillery_flak", room="engines")
    tick(state, seconds=14)
    # engines (2,0)-(3,0) with 2 rings: 6 x 5 corners, face 15 is (2,0): engines; face 1 space
    result = tick(state, spread=[15, 15, 15, 15, 15, 15, 1, 1])
    assert [r["die"] for r in result["rolls"]] == ["1d30"] * 8
    assert [s["arrives"] for s in result["in_flight"]] == [17] * 6  # fired at 15, 2 s (ion)
    # Blue dodges on 1-4 (20%): the first is stopped by its one shield, the second and
    # third land and break its 2 engine bars (no evasion left: no more rolls)
    result = tick(state, seconds=2, evade=[20, 20, 20])
    blue = result["ships"]["Blue"]
    assert blue["shields"]["up"] == 0 and blue["systems"]["engines"]["damage"] == 2
    assert blue["hull"] == 25  # 5 land, 1 each


def test_weapon_control_its_damage_manning_and_hacking_leave_the_artillery_alone() -> None:
    state = battle(red=_gunner(), blue=_hacker())
    red = state["battle"]["ships"]["Red"]
    order(state, "power", ship="Red", system="artillery_beam", bars=2)
    red["systems"]["weapon_control"]["damage"] = 3  # broken weapon control
    order(state, "power", ship="Blue", system="hacking", bars=1)
    order(state, "hack", ship="Blue", system="weapon_control")
    tick(state, seconds=5)
    assert _gun(state)["charge"] == 5  # Cy mans weapons, no help, no drain: 30 s at 2 bars
    assert tick(state)["ships"]["Red"]["weapons"][-1]["cooldown"] == 30


def test_hacked_artillery_loses_2_seconds_a_second() -> None:
    state = battle(red=_gunner(), blue=_hacker())
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    tick(state, seconds=10)
    order(state, "power", ship="Blue", system="hacking", bars=1)
    hack(state, "artillery_beam", ship="Blue")  # +1, +1, then -2 as it lands
    assert _gun(state)["charge"] == 10
    tick(state, seconds=10)
    assert _gun(state)["charge"] == 0


def test_an_unpowered_or_broken_artillery_loses_3_seconds_a_second() -> None:
    state = battle(red=_gunner())
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    tick(state, seconds=10)
    order(state, "power", ship="Red", system="artillery_beam", bars=0)
    tick(state)
    assert _gun(state)["charge"] == 7
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    state["battle"]["ships"]["Red"]["systems"]["artillery_beam"]["damage"] = 0
    from gmtool.games.ftl.rules.battle.damage import damage_system

    damage_system(state["battle"], state["battle"]["ships"]["Red"], "artillery_beam", 4, "hit")
    assert _gun(state)["powered"] is False  # its bars are gone with its level
    tick(state)
    assert _gun(state)["charge"] == 4


def test_ion_on_the_artillery_takes_bars_and_slows_it() -> None:
    state = battle(red=_gunner())
    b = state["battle"]
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    from gmtool.games.ftl.rules.battle.power import add_ion

    add_ion(b, b["ships"]["Red"], "artillery_beam", 2)
    assert b["ships"]["Red"]["systems"]["artillery_beam"]["power"] == 2
    assert tick(state)["ships"]["Red"]["weapons"][-1]["cooldown"] == 30
    with pytest.raises(RulesError, match="artillery_beam is ionised"):
        order(state, "power", ship="Red", system="artillery_beam", bars=4)


def test_the_reloader_does_not_speed_up_the_artillery() -> None:
    state = battle(red=_gunner(augments=["automated_re_loader", "weapon_pre_igniter"]))
    order(state, "power", ship="Red", system="artillery_beam", bars=2)
    assert tick(state)["ships"]["Red"]["weapons"][-1]["cooldown"] == 30
    assert _gun(state)["charge"] == 1 and _gun(state)["charges"] == 0  # not pre-charged


def test_odds_of_the_artillery_beam_through_shields() -> None:
    state = battle(red=_gunner())
    b = state["battle"]
    b["ships"]["Blue"]["shields"]["up"] = 2
    odds = volley_odds(b, b["ships"]["Red"], "artillery_beam", "pilot")
    assert odds["dodge"]["fraction"] == "0/1"  # beams are never dodged
    # 2 inches rightward from the pilot's first corner: pilot, then engines, 1 each (a
    # beam hits every room it crosses, as the tick plays it; not the aimed room alone)
    assert odds["expected_hull_damage"]["fraction"] == "2/1"
    b["ships"]["Blue"]["shields"]["up"] = 5
    odds = volley_odds(b, b["ships"]["Red"], "artillery_beam", "pilot")
    assert odds["expected_hull_damage"]["fraction"] == "0/1"


def _hacker() -> dict[str, Any]:
    doc = ship()
    doc["systems"] = {**doc["systems"], "hacking": 1}
    doc["rooms"][7] = {**doc["rooms"][7], "system": "hacking"}
    return doc


def test_odds_of_the_artillery_flak_count_the_shots_lost_to_space() -> None:
    from fractions import Fraction

    state = battle(red=_gunner("artillery_flak"))
    b = state["battle"]
    blue = b["ships"]["Blue"]
    blue["shields"]["up"] = 0
    # engines with 2 rings: 6 x 5 = 30 faces, 18 of them on Blue's rooms (rows 0-2 of
    # x 0-5), 12 in space; Blue dodges 1 in 5: each asteroid lands 3/5 x 4/5 = 12/25
    odds = volley_odds(b, b["ships"]["Red"], "artillery_flak", "engines")
    assert odds["space"]["fraction"] == "2/5"
    assert odds["hit_each"]["fraction"] == "12/25"
    assert odds["expected_hull_damage"]["fraction"] == "96/25"  # 8 x 12/25, 1 each
    blue["shields"]["up"] = 1  # the first to reach only takes the shield down
    odds = volley_odds(b, b["ships"]["Red"], "artillery_flak", "engines")
    expected = Fraction(96, 25) - (1 - Fraction(13, 25) ** 8)
    assert odds["expected_hits"]["fraction"] == f"{expected.numerator}/{expected.denominator}"


def test_the_beam_does_not_pierce_a_zoltan_shield() -> None:
    state = battle(red=_gunner(), blue=ship(augments=["zoltan_shield"]))
    blue = state["battle"]["ships"]["Blue"]
    assert blue["zoltan_shield"] == 5
    order(state, "power", ship="Red", system="artillery_beam", bars=4)
    order(state, "aim", ship="Red", weapon="artillery_beam", room="pilot")
    tick(state, seconds=14)
    result = tick(state)  # "cannot penetrate through zoltan shields": 1 damage, hits twice
    assert blue["zoltan_shield"] == 3 and blue["hull"] == 30
    assert not [e for e in result["events"] if e["event"] == "hit"]
