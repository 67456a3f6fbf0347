"""Asteroid fields: one asteroid every 10 s at each ship in the field, a room by a die,
dodged on the d20, stopped by a shield, else a 1-damage shot (battle.yaml rulings)."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import DiceError
from gmtool.games.ftl.rules.battle.asteroids import next_asteroid
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _in_field(**rules: Any) -> dict[str, Any]:
    return battle(blue=ship(asteroid_field=True), **rules)


def test_a_ship_out_of_a_field_meets_no_asteroid() -> None:
    state = battle()
    result = tick(state, seconds=30)  # no face entered: a roll would fail the test
    assert not [e for e in result["events"] if e["event"] == "asteroid"]
    assert result["ships"]["Blue"]["next_asteroid"] is None


def test_the_first_asteroid_comes_at_10_s_and_a_shield_stops_it() -> None:
    state = _in_field()
    assert next_asteroid(state["battle"], state["battle"]["ships"]["Blue"]) == 10
    assert tick(state, seconds=9)["ships"]["Blue"]["next_asteroid"] == 10
    # 8 rooms: face 8 is the hall; Blue dodges on 1-4 (20%): 5 is the first miss
    result = tick(state, asteroid=[8], evade=[5])
    assert [r["roll"] for r in result["rolls"]] == ["asteroid", "evade"]
    assert result["rolls"][0]["die"] == "1d8"
    assert "Blue" in result["rolls"][0]["for"]
    blue = result["ships"]["Blue"]
    assert blue["shields"]["up"] == 0 and blue["hull"] == 30
    assert blue["next_asteroid"] == 20
    assert "an asteroid flies at Blue hall" in result["story"][0]


def test_a_4_on_the_d20_dodges_it() -> None:
    state = _in_field()
    tick(state, seconds=9)
    result = tick(state, asteroid=[1], evade=[4])
    assert [e["dodged"] for e in result["events"] if e["event"] == "evade"] == [True]
    assert result["ships"]["Blue"]["shields"]["up"] == 1


def test_with_no_shield_it_lands_as_a_1_damage_shot() -> None:
    state = _in_field()
    order(state, "power", ship="Blue", system="shields", bars=0)
    tick(state, seconds=9)
    result = tick(state, asteroid=[1], evade=[20])  # the pilot's room, Ana at the helm
    blue = state["battle"]["ships"]["Blue"]
    assert blue["hull"] == 29
    assert blue["systems"]["piloting"]["damage"] == 1
    assert blue["crew"][0]["health"] == 85  # 15 crew damage for the point
    assert result["ships"]["Blue"]["next_asteroid"] == 20


def test_the_rate_and_damage_are_settings() -> None:
    state = _in_field(
        asteroids={
            "first_second": 3,
            "every_seconds": 2,
            "damage": 2,
            "fire_chance": 0,
            "breach_chance": 0,
        }
    )
    order(state, "power", ship="Blue", system="shields", bars=0)
    tick(state, seconds=2)
    tick(state, asteroid=[8], evade=[20])  # 3 s
    tick(state)  # 4 s: none
    tick(state, asteroid=[8], evade=[20])  # 5 s
    assert state["battle"]["ships"]["Blue"]["hull"] == 26


def test_an_entered_room_face_that_does_not_fit_is_refused() -> None:
    state = _in_field()
    tick(state, seconds=9)
    with pytest.raises(DiceError):
        tick(state, asteroid=[9], evade=[20])  # 8 rooms


def test_a_battle_at_an_asteroid_field_beacon() -> None:
    from gmtool.games.ftl.game import SYSTEM
    from gmtool.games.ftl.rules.battle.handlers import start_battle

    state = {
        "seats": ["Red", "Blue"],
        "players": {"Red": {"ship": ship(), "at": [2, 3]}, "Blue": {"ship": ship(), "at": [1, 1]}},
        "map": {"asteroids": [[2, 3]]},
    }
    b = start_battle(state, SYSTEM.load_content({}))
    assert (b["ships"]["Red"]["asteroid_field"], b["ships"]["Blue"]["asteroid_field"]) == (
        True,
        False,
    )


def test_a_zoltan_shield_stops_an_asteroid() -> None:
    state = battle(blue=ship(asteroid_field=True, augments=["zoltan_shield"]))
    blue = state["battle"]["ships"]["Blue"]
    tick(state, seconds=9)
    tick(state, asteroid=[1], evade=[20])
    assert blue["zoltan_shield"] == 4 and blue["shields"]["up"] == 1 and blue["hull"] == 30
