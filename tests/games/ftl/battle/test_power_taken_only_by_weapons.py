"""Power is removed only by weapons and the environment (issue 25, point 11): "power is
only removed by weapons and environment damage, cloaking and backup battery do not remove
power from the system but will still have all other ion damage aspects present". A
system's own ion (the teleporter's, mind control's) and a hacked cloak's lock the system
and keep it idle for the ion's time, and take no bar. Ion's "5 seconds each" ends, and the
power can then be put back; a repaired system can be powered again."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick


def _with(system: str, level: int, **changes: object) -> dict:
    doc = ship(**changes)
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["system"] = system
    doc["systems"][system] = level
    return doc


def test_a_hacked_cloak_is_ionised_3_and_keeps_its_bar() -> None:
    # Blue: cloaking level 1, 1 bar. Red's hack lands at 2 s: "deal 3 ion damage" (15 s)
    # and no bar lost; Blue cannot cloak while the ion lasts, nor move the bar.
    red = _with("hacking", 1)
    blue = _with("cloaking", 1)
    state = battle(red=red, blue=blue)
    order(state, "power", ship="Red", system="hacking", bars=1)
    order(state, "power", ship="Blue", system="medbay", bars=0)
    order(state, "power", ship="Blue", system="cloaking", bars=1)
    hack(state, "cloaking")
    cloaking = state["battle"]["ships"]["Blue"]["systems"]["cloaking"]
    assert (cloaking["ion"], cloaking["power"]) == (3, 1)
    with pytest.raises(RulesError, match="Blue's cloaking is ionised .3 ion, 15 s left"):
        order(state, "cloak", ship="Blue")
    with pytest.raises(RulesError, match="its power cannot change"):
        order(state, "power", ship="Blue", system="cloaking", bars=0)


def test_mind_controls_own_ion_keeps_its_bar_and_no_mind_until_it_ends() -> None:
    # Level 1: 10 s of control, then 3 ion (15 s) on the system, its bar kept.
    state = battle(red=_with("mind_control", 1))
    order(state, "power", ship="Red", system="mind_control", bars=1)
    order(state, "mind", ship="Red", name="Bo")
    tick(state, seconds=10)
    system = state["battle"]["ships"]["Red"]["systems"]["mind_control"]
    assert (system["ion"], system["ion_timer"], system["power"]) == (3, 15, 1)
    with pytest.raises(RulesError, match="Red's mind control is ionised .3 ion, 15 s left"):
        order(state, "mind", ship="Red", name="Bo")
    tick(state, seconds=15)
    assert (system["ion"], system["power"]) == (0, 1)
    order(state, "mind", ship="Red", name="Bo")  # works again, no power order needed


def test_the_teleporters_own_ion_is_kept_by_the_old_reading_as_a_setting() -> None:
    doc = _with("crew_teleporter", 1)
    doc["crew"][3]["room"] = "hall"
    state = battle(red=doc, ion={"own_ion_takes_power": True, **_ion()})
    order(state, "power", ship="Red", system="crew_teleporter", bars=1)
    order(state, "teleport", ship="Red", room="oxygen")
    assert state["battle"]["ships"]["Red"]["systems"]["crew_teleporter"]["power"] == 0


def _ion() -> dict:
    return {"seconds_per_point": 5, "clears": "all_at_once"}


def test_weapon_ion_takes_bars_ends_after_5_s_a_point_and_power_goes_back() -> None:
    # Red's ion blast (1 ion, 2 s flight) at Blue's engines; Blue's shields powered down
    # (none up) and nobody at the helm (unmanned piloting level 1: 0% evasion, no d20).
    # Fired at 1 s, it lands at 3 s: engines 2 -> 1 bar, locked for 5 s.
    blue = ship(crew=[{"race": "human", "name": "Bo", "room": "hall"}])
    blue["systems"]["shields"] = 2
    state = battle(blue=blue)
    order(state, "power", ship="Blue", system="shields", bars=0)
    order(state, "weapon", ship="Red", weapon="ion_blast", on=True)
    gun = state["battle"]["ships"]["Red"]["weapons"][3]
    gun["charge"] = int(gun["cooldown"])
    order(state, "aim", ship="Red", weapon="ion_blast", room="engines")
    tick(state, seconds=3)
    engines = state["battle"]["ships"]["Blue"]["systems"]["engines"]
    assert (engines["power"], engines["ion"], engines["ion_timer"]) == (1, 1, 5)
    with pytest.raises(RulesError, match="ionised .1 ion, 5 s left"):
        order(state, "power", ship="Blue", system="engines", bars=2)
    order(state, "aim", ship="Red", weapon="ion_blast", room=None)  # no second blast
    result = tick(state, seconds=5)  # 4, 5, 6, 7, 8 s: the timer ends at 8 s
    assert engines["ion"] == 0
    assert any(e["event"] == "ion_cleared" for e in result["events"])
    order(state, "power", ship="Blue", system="engines", bars=2)
    assert engines["power"] == 2


def test_a_repaired_system_can_be_powered_again() -> None:
    # Blue's engines take 1 bar of damage (2 bars -> 1 usable); Bo, in the engine room,
    # repairs 3 SS a second: 50 SS after 17 s. Then the second bar goes back in.
    blue = ship(crew=[{"race": "human", "name": "Bo", "room": "engines"}])
    state = battle(blue=blue)
    engines = state["battle"]["ships"]["Blue"]["systems"]["engines"]
    engines["damage"] = 1
    engines["power"] = 1
    with pytest.raises(RulesError, match="holds at most 1 bars"):
        order(state, "power", ship="Blue", system="engines", bars=2)
    tick(state, seconds=16)
    assert engines["damage"] == 1
    tick(state)
    assert engines["damage"] == 0
    order(state, "power", ship="Blue", system="engines", bars=2)
    assert engines["power"] == 2
