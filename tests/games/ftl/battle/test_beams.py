"""Beams: a line of corners, damage per room less the shields, fire and breach per corner."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _beam(weapon: str, room: str, corner: int, toward: str, *, shields: int = 0) -> dict:
    state = battle(red=ship(weapons=[weapon], reactor=12))
    order(state, "weapon", ship="Red", weapon=weapon, on=True)
    order(state, "aim", ship="Red", weapon=weapon, room=room, corner=corner, toward=toward)
    state["battle"]["ships"]["Blue"]["shields"]["up"] = shields
    state["battle"]["ships"]["Blue"]["systems"]["shields"]["power"] = shields * 2
    return state


def _charge(state: dict) -> None:
    weapon = state["battle"]["ships"]["Red"]["weapons"][0]
    weapon["charges"] = 1


def test_a_pike_beam_sweeps_five_corners_two_rooms_a_second() -> None:
    # Blue: pilot (0,0)-(1,0), engines (2,0)-(3,0), oxygen (4,0)-(5,0). 2.5 in = 5 corners
    # from pilot's first corner to the right: pilot x2, engines x2, oxygen x1.
    state = _beam("pike_beam", "pilot", 1, "right")
    _charge(state)
    result = tick(state)  # fires: pilot and engines at once, no d20, no shield
    blue = state["battle"]["ships"]["Blue"]
    hits = [(e["room"], e["corners"]) for e in result["events"] if e["event"] == "hit"]
    assert hits == [("pilot", [0, 1]), ("engines", [0, 1])]
    assert [s["room"] for s in result["in_flight"]] == ["oxygen"]
    tick(state)
    assert blue["hull"] == 27  # 1 a room, three rooms
    assert [blue["systems"][s]["damage"] for s in ("piloting", "engines", "oxygen")] == [1, 1, 1]
    ana, bo = blue["crew"][0], blue["crew"][1]
    assert (ana["health"], bo["health"]) == (85, 85)


def test_shields_take_one_off_each_room_and_a_spent_beam_does_nothing() -> None:
    state = _beam("halberd_beam", "weapons", 1, "right", shields=1)  # 2 damage, 2 corners
    _charge(state)
    tick(state)
    blue = state["battle"]["ships"]["Blue"]
    assert blue["hull"] == 29 and blue["shields"]["up"] == 1  # 2 - 1; the shield stays up
    assert blue["systems"]["weapon_control"]["damage"] == 1
    state = _beam("bardiche", "engines", 1, "right", shields=1)  # 1 damage against 1 shield
    _charge(state)
    result = tick(state)
    assert [e["event"] for e in result["events"] if e["event"].startswith("beam")] == [
        "beam_blocked"
    ]
    assert state["battle"]["ships"]["Blue"]["hull"] == 30


def test_only_crew_in_the_corners_crossed_are_hurt() -> None:
    crew = [{"race": "human", "name": n, "room": "shields"} for n in ("A", "B", "C", "D")]
    state = battle(red=ship(weapons=["anti_bio_beam"], reactor=12), blue=ship(crew=crew))
    order(state, "weapon", ship="Red", weapon="anti_bio_beam", on=True)
    # shields is 2x2: corners 1 (2,1), 2 (3,1), 3 (2,2), 4 (3,2); from 2 going down: 2, 4
    order(state, "aim", ship="Red", weapon="anti_bio_beam", room="shields", corner=2, toward="down")
    b = state["battle"]
    b["ships"]["Blue"]["shields"]["up"] = 0
    b["ships"]["Blue"]["systems"]["shields"]["power"] = 0
    _charge(state)
    tick(state)
    health = {m["name"]: m["health"] for m in b["ships"]["Blue"]["crew"]}
    assert health == {"A": 100, "B": 40, "C": 100, "D": 40}  # 60 crew damage, no hull
    assert b["ships"]["Blue"]["hull"] == 30


@pytest.mark.parametrize(
    ("faces", "shields", "medbay"), [([80, 81, 1, 100], [0], [0]), ([81] * 4, [], [])]
)
def test_a_fire_beam_rolls_for_each_corner(
    faces: list[int], shields: list[int], medbay: list[int]
) -> None:
    state = _beam("fire_beam", "shields", 1, "right")  # 2 in = 4 corners
    # from (2,1) to the right: shields 1, shields 2, medbay 1 (4,1), medbay 2 (5,1): two
    # rooms, both in the first second; 80% happens on 80 or less
    _charge(state)
    tick(state, fire_chance=faces)
    rooms = state["battle"]["ships"]["Blue"]["rooms"]
    assert [f["corner"] for f in rooms["shields"]["fires"]] == shields
    assert [f["corner"] for f in rooms["medbay"]["fires"]] == medbay


def test_beam_aims_are_checked() -> None:
    state = battle(red=ship(weapons=["bardiche"]))
    order(state, "weapon", ship="Red", weapon="bardiche", on=True)
    with pytest.raises(RulesError, match="corners 1 to 2, not 3"):
        order(state, "aim", ship="Red", weapon="bardiche", room="pilot", corner=3)
    with pytest.raises(RulesError, match="not 'sideways'"):
        order(state, "aim", ship="Red", weapon="bardiche", room="pilot", toward="sideways")
