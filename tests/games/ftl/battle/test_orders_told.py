"""Orders refused with reasons, and the story telling what happened (issue 25, point 15)."""

from __future__ import annotations

import json

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.story import story_lines
from tests.games.ftl.battle.conftest import log_entries
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def test_dodge_picks_are_limited_by_the_evasion() -> None:
    # The test ship: 2 engine bars x 5% + 5% manned + 5% piloted = 20%: 4 numbers.
    state = battle()
    order(state, "dodge", ship="Red", numbers=[1, 5, 9, 13])
    with pytest.raises(RulesError, match="Red's 20% evasion picks 4 dodge numbers, not 5"):
        order(state, "dodge", ship="Red", numbers=[1, 5, 9, 13, 17])
    with pytest.raises(RulesError, match="already picks 1,5,9,13"):
        order(state, "dodge", ship="Red", numbers=[1, 5, 9, 13])
    order(state, "power", ship="Red", system="engines", bars=0)  # 0%: nothing to pick
    with pytest.raises(RulesError, match="Red has 0% evasion: no dodge number to pick"):
        order(state, "dodge", ship="Red", numbers=[1])


def test_a_crew_order_to_where_they_stand_is_refused() -> None:
    state = battle()
    with pytest.raises(RulesError, match="Red's Ana is already in pilot"):
        order(state, "crew", ship="Red", name="Ana", room="pilot")


def test_the_story_tells_crew_damage_power_lost_shields_back_and_ion_ending() -> None:
    # Red's heavy laser (2 damage) hits Blue's shield room (Di there), shields already
    # down (powered off and back on at 2 bars, 0 up), no evasion (engines off): 2 hull,
    # 2 bars of shield damage (2 -> 0 usable, power 2 -> 0), Di takes 2 x 15 = 30.
    blue = ship()
    state = battle(blue=blue)
    order(state, "power", ship="Blue", system="engines", bars=0)
    order(state, "power", ship="Blue", system="shields", bars=0)
    order(state, "weapon", ship="Red", weapon="heavy_laser", on=True)
    gun = state["battle"]["ships"]["Red"]["weapons"][1]
    gun["charge"] = int(gun["cooldown"])
    order(state, "aim", ship="Red", weapon="heavy_laser", room="shields")
    # Fired at 1 s, lands at 2 s: breach 30% (d100 31: no), fire 20% (31: no), stun 30%
    # (31: no).
    result = tick(state, seconds=2, stun_chance=[31], fire_chance=[31], breach_chance=[31])
    text = " ".join(result["story"])
    assert "Di of Blue takes 30 damage (heavy_laser): 70 health left" in text
    assert "Blue shields damaged 2/2 (hit)" in text
    # Shields returning: Red's one layer down; Di mans the shield room (skill 0: 2.5 s), so
    # it is back at 3 s (1000, 2000, 3000 ms >= 2500).
    state = battle()
    state["battle"]["ships"]["Red"]["shields"]["up"] = 0
    result = tick(state, seconds=3)
    assert "Red's shields: 1 up" in " ".join(result["story"])


def test_ion_ending_and_power_lost_are_told() -> None:
    lines = story_lines(
        [
            {"event": "second", "second": 4},
            {"event": "ion_cleared", "ship": "Blue", "system": "engines", "ion": 0},
            {
                "event": "power_lost",
                "ship": "Blue",
                "system": "shields",
                "from": 4,
                "to": 2,
                "why": "ion",
            },
        ]
    )
    assert lines == ["[4s] Blue engines: the ion ends; Blue shields loses power 4->2 (ion)"]


def test_a_boarders_order_and_death_name_its_own_ship() -> None:
    lines = story_lines(
        [
            {"event": "crew_order", "ship": "Red", "crew": "Ana", "room": "oxygen"}
            | {"rooms": 1, "aboard": "Blue"},
            {"event": "crew_died", "ship": "Blue", "owner": "Red", "crew": "Ana"}
            | {"room": "oxygen"},
        ]
    )
    assert lines == ["Red sends Ana to oxygen aboard Blue; Ana of Red aboard Blue dies in oxygen"]


def test_a_refused_order_with_json_prints_a_json_error(duel) -> None:  # type: ignore[no-untyped-def]
    before = log_entries(duel)
    result = duel("ftl", "power", "Red", "shields", "6", "--json")
    assert result.code == 4  # a rule refused it
    doc = json.loads(result.out)
    assert doc["error"]["message"] == "Red's shields is already at 6 bars: nothing to change"
    assert doc["error"]["exit_code"] == 4
    assert log_entries(duel) == before
    result = duel("ftl", "tick", "--seconds", "0", "--json")
    assert result.code == 2 and json.loads(result.out)["error"]["line"].startswith("--seconds")
