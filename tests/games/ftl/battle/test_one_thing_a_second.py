"""A crew member does one thing a second, and fire and boarders wreck a system in one
count (issue 25, point 13; the crystal lock's full 15 s is in test_doors)."""

from __future__ import annotations

from typing import Any

from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _blue(doors: int = 2) -> dict[str, Any]:
    doc = ship()
    doc["systems"]["doors"] = doors
    return doc


def _board(state: dict[str, Any], room: str) -> dict[str, Any]:
    """Red's Di stands in Blue's ``room`` as a boarder."""
    b = state["battle"]
    member = b["ships"]["Red"]["crew"].pop(3)
    member.update(room=room, path=[], steps=0.0)
    b["ships"]["Blue"]["crew"].append(member)
    return member  # type: ignore[no-any-return]


def test_a_boarder_battering_a_door_does_not_also_wreck_the_system() -> None:
    # Di (human: 5 SS on odd seconds, 4 on even) alone in Blue's oxygen room, ordered to
    # the medbay through the shut level-2 door: in 2 s the door takes 5 + 4 = 9 and the
    # oxygen system nothing. (Before: the door 9 and the system 9 too.)
    state = battle(blue=_blue())
    blue = state["battle"]["ships"]["Blue"]
    di = _board(state, "oxygen")
    order(state, "crew", ship="Red", name=di["name"], room="medbay")
    tick(state, seconds=2)
    assert blue["doors"]["medbay/oxygen"]["battered"] == 9
    assert blue["systems"]["oxygen"]["ss_damage"] == 0
    order(state, "crew", ship="Red", name=di["name"], room="oxygen")  # stays: wrecks
    tick(state, seconds=2)  # 5 + 4
    assert blue["systems"]["oxygen"]["ss_damage"] == 9


def test_a_boarder_with_a_foe_in_its_room_fights_rather_than_batters() -> None:
    # Di in Blue's oxygen room with Blue's Ana, ordered out through the shut door: Di
    # fights Ana (5 on the odd second 1) and does not hit the door.
    state = battle(blue=_blue())
    blue = state["battle"]["ships"]["Blue"]
    blue["crew"][0]["room"] = "oxygen"
    di = _board(state, "oxygen")
    order(state, "crew", ship="Red", name=di["name"], room="medbay")
    tick(state)
    assert blue["doors"]["medbay/oxygen"]["battered"] == 0
    assert blue["crew"][0]["health"] == 95


def test_fire_and_boarders_add_to_one_count_of_50() -> None:
    # Blue's oxygen room: one fire (2 SS a second) and Di wrecking (5, 4, 5...): 7 at 1 s,
    # 13 at 2 s ... 6 s: 3 x 9 + 6 x 2 = 39; 7 s: 39 + 5 + 2 = 46; 8 s: 46 + 4 + 2 = 52,
    # a bar of damage (the one count passes 50) and 2 over. Apart, neither had reached 50.
    # Each second the fire's 2 come first (hazards), then Di's blow (crew).
    state = battle(blue=_blue())
    blue = state["battle"]["ships"]["Blue"]
    blue["rooms"]["oxygen"]["fires"] = [{"corner": 1, "health": 1000}]
    _board(state, "oxygen")
    tick(state, seconds=7, fire_spread=[2, 2])  # at 5 s the fire's 2 coins: tails, tails
    oxygen = blue["systems"]["oxygen"]
    assert (oxygen["ss_damage"], oxygen["damage"]) == (46, 0)
    tick(state)
    assert (oxygen["ss_damage"], oxygen["damage"]) == (2, 1)
