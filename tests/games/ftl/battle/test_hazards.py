"""Fires, breaches and oxygen, each rule worked out by hand."""

from __future__ import annotations

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import hazards
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _start(room: str, kind: str, coins: list[int]) -> tuple[dict, list[dict]]:
    state = battle()
    b = state["battle"]
    name = "fire" if kind == "fires" else "breach"
    door = DiceDoor(entered=[], entered_by={name: coins})
    events = hazards.start(b, b["ships"]["Blue"], room, kind, door)
    door.finish()
    return b["ships"]["Blue"]["rooms"][room], events


def test_a_coin_per_corner_heads_burns() -> None:
    room, events = _start("engines", "fires", [2, 1])  # 2x1: two corners
    assert [f["corner"] for f in room["fires"]] == [1]
    assert events[0]["coins"] == ["tails", "heads"]


def test_no_heads_flips_every_corner_once_more() -> None:
    room, _ = _start("engines", "fires", [2, 2, 1, 2])
    assert [f["corner"] for f in room["fires"]] == [0]
    room, events = _start("engines", "fires", [2, 2, 2, 2])
    assert room["fires"] == [] and events[0]["corners"] == []


def test_at_most_three_fires_and_two_breaches() -> None:
    room, _ = _start("shields", "fires", [1, 1, 1])  # 2x2: the 4th corner is not flipped
    assert len(room["fires"]) == 3
    room, _ = _start("shields", "breaches", [1, 1])
    assert len(room["breaches"]) == 2


def test_fires_burn_crew_system_and_air_each_second() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    room = blue["rooms"]["engines"]
    room["fires"] = [{"corner": 0, "health": 25}, {"corner": 1, "health": 25}]
    bo = blue["crew"][1]
    bo["stunned"] = 99  # Bo cannot fight the fire
    tick(state)
    assert bo["health"] == 96  # 2 fires x 2
    assert room["oxygen"] == 99  # 100 - 2 x 2 + 3 (oxygen level 1)
    assert blue["systems"]["engines"]["ss_damage"] == 4
    tick(state, seconds=11, fire_spread=[2, 2, 2, 2])  # 48 SS; no spread at 5 s or 10 s
    assert blue["systems"]["engines"]["damage"] == 0
    tick(state)  # 52 SS: one bar
    assert blue["systems"]["engines"]["damage"] == 1
    assert blue["systems"]["engines"]["power"] == 1


def test_breach_vents_15_percent_and_oxygen_refills() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    blue["rooms"]["hall"]["breaches"] = [{"corner": 0, "health": 30}]
    tick(state)
    assert blue["rooms"]["hall"]["oxygen"] == 88  # -15 + 3
    assert blue["rooms"]["pilot"]["oxygen"] == 100


def test_oxygen_off_loses_1_percent_a_second_and_no_air_hurts() -> None:
    state = battle()
    order(state, "power", ship="Blue", system="oxygen", bars=0)
    blue = state["battle"]["ships"]["Blue"]
    tick(state, seconds=3)
    assert blue["rooms"]["pilot"]["oxygen"] == 97
    blue["rooms"]["pilot"]["oxygen"] = 1
    tick(state)
    ana = blue["crew"][0]
    assert blue["rooms"]["pilot"]["oxygen"] == 0 and ana["health"] == 96  # 4 a second


def test_suffocation_by_race() -> None:
    crew = [{"race": r, "name": r, "room": "hall"} for r in ("human", "crystal", "lanius")]
    state = battle(blue=ship(crew=crew))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "power", ship="Blue", system="oxygen", bars=0)
    blue["rooms"]["hall"]["oxygen"] = 0
    tick(state)
    assert [c["max_health"] - c["health"] for c in blue["crew"]] == [4, 2, 0]


def test_lanius_drains_its_room() -> None:
    crew = [{"race": "lanius", "name": "L", "room": "hall"}]
    state = battle(blue=ship(crew=crew))
    order(state, "power", ship="Blue", system="oxygen", bars=0)
    tick(state)
    rooms = state["battle"]["ships"]["Blue"]["rooms"]
    assert (rooms["hall"]["oxygen"], rooms["pilot"]["oxygen"]) == (98, 99)


def test_a_fire_without_air_starves_3_a_second() -> None:
    state = battle()
    order(state, "power", ship="Blue", system="oxygen", bars=0)
    hall = state["battle"]["ships"]["Blue"]["rooms"]["hall"]
    hall["oxygen"] = 0
    hall["fires"] = [{"corner": 0, "health": 25}]
    tick(state, seconds=4)  # 25 - 12 = 13; the 5th second has spread coins
    assert hall["fires"][0]["health"] == 13
    tick(state, fire_spread=[2, 2])  # 10 left; tails twice: no spread
    tick(state, seconds=3)  # 1 left
    assert hall["fires"][0]["health"] == 1
    result = tick(state)
    assert hall["fires"] == []
    assert any(e["event"] == "fire_out" and e["why"] == "no air" for e in result["events"])


def test_fire_spreads_every_5_seconds_by_coins() -> None:
    state = battle()
    hall = state["battle"]["ships"]["Blue"]["rooms"]["hall"]  # 2x2, nobody inside
    hall["fires"] = [{"corner": 0, "health": 25}]
    tick(state, seconds=4)
    result = tick(state, fire_spread=[1, 2])  # second 5: heads then tails
    assert [f["corner"] for f in hall["fires"]] == [0, 1]
    assert [r["roll"] for r in result["rolls"]] == ["fire_spread", "fire_spread"]


def test_fire_spreads_through_a_door_once_the_room_is_ablaze() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    pilot = blue["rooms"]["pilot"]  # 2x1, a door to engines
    pilot["fires"] = [{"corner": 0, "health": 99}, {"corner": 1, "health": 99}]
    blue["crew"][0]["room"] = "hall"  # Ana leaves; Bo in engines does not fight it
    blue["crew"][1]["stunned"] = 99
    tick(state, seconds=4)
    tick(state, fire_spread=[1, 1])
    assert len(blue["rooms"]["engines"]["fires"]) == 2


def test_crew_put_out_a_fire_at_3_a_second() -> None:
    state = battle()
    engines = state["battle"]["ships"]["Blue"]["rooms"]["engines"]  # Bo (human) is here
    engines["fires"] = [{"corner": 0, "health": 25}]
    tick(state, seconds=4)  # 25 - 12 = 13
    assert engines["fires"][0]["health"] == 13
    tick(state, fire_spread=[2, 2])  # 10; two tails: it does not spread
    tick(state, seconds=3)  # 1
    result = tick(state)
    assert engines["fires"] == []
    assert any(e["event"] == "fire_out" and e["why"] == "crew" for e in result["events"])


def test_a_breached_system_waits_for_the_breach() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    engines = blue["rooms"]["engines"]
    engines["breaches"] = [{"corner": 1, "health": 30}]
    blue["systems"]["engines"]["damage"] = 1
    blue["systems"]["engines"]["power"] = 1
    tick(state, seconds=9)  # 30 - 27 = 3
    assert engines["breaches"][0]["health"] == 3 and blue["systems"]["engines"]["repair_ss"] == 0
    tick(state)  # sealed at 10 s, nothing left over
    assert engines["breaches"] == []
    tick(state, seconds=16)  # 48 SS
    assert blue["systems"]["engines"]["damage"] == 1
    tick(state)  # 51: a bar repaired (17 s for a human)
    assert blue["systems"]["engines"]["damage"] == 0


def test_engi_repair_twice_as_fast_and_an_empty_room_forgets() -> None:
    crew = [{"race": "engi", "name": "E", "room": "engines"}]
    state = battle(blue=ship(crew=crew))
    engines = state["battle"]["ships"]["Blue"]["systems"]["engines"]
    engines["damage"] = 1
    tick(state, seconds=4)  # 6 a second: 24
    assert engines["repair_ss"] == 24
    order(state, "crew", ship="Blue", name="E", room="pilot")
    tick(state)
    assert engines["repair_ss"] == 0


def test_medbay_heals_4_a_second_at_one_bar() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    bo = blue["crew"][1]
    bo["health"] = 50
    bo["room"] = "medbay"
    tick(state, seconds=3)
    assert bo["health"] == 62
