"""Doors: levels (manned +1, hacked 2), health against boarders, breaking and resetting,
fire through doors, breaches shutting them, door orders, and crystal locks."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError, UsageError
from gmtool.games.ftl.rules.battle import doors
from tests.games.ftl.battle.helpers import battle, hack, order, ship, tick


def _doors_at(level: int, **changes: Any) -> dict[str, Any]:
    doc = ship(**changes)
    doc["systems"] = {**doc["systems"], "doors": level}
    return doc


def _board(state: dict[str, Any], room: str = "hall", who: int = 3) -> dict[str, Any]:
    """Red's crew member ``who`` stands in Blue's ``room`` as a boarder."""
    b = state["battle"]
    member = b["ships"]["Red"]["crew"].pop(who)
    member.update(room=room, path=[], steps=0.0)
    b["ships"]["Blue"]["crew"].append(member)
    return member  # type: ignore[no-any-return]


def _man_doors(state: dict[str, Any]) -> None:
    """Blue's Bo stands in the doors room."""
    state["battle"]["ships"]["Blue"]["crew"][1]["room"] = "doors"


@pytest.mark.parametrize(
    ("level", "damage", "manned", "hacked", "expected"),
    [
        (1, 0, False, False, 1),
        (1, 0, True, False, 2),  # "+1 system level"
        (2, 0, False, False, 2),
        (3, 0, False, False, 3),
        (3, 0, True, False, 4),  # "level 4 (manned and fully upgraded)"
        (3, 1, False, False, 2),  # damage takes levels away
        (3, 3, True, False, 0),  # broken: manning does not help
        (3, 0, True, True, 2),  # "locks them with level 2 doors"
        (1, 0, False, True, 2),
    ],
)
def test_the_door_level(level: int, damage: int, manned: bool, hacked: bool, expected: int) -> None:
    state = battle(blue=_doors_at(level))
    blue = state["battle"]["ships"]["Blue"]
    blue["systems"]["doors"]["damage"] = damage
    if manned:
        _man_doors(state)
    if hacked:
        blue["hacked"] = "doors"
    assert doors.level(state["battle"], blue) == expected
    health = {0: 0, 1: 0, 2: 100, 3: 200, 4: 400}[expected]
    assert doors.max_health(state["battle"], blue) == health


def test_a_level_1_door_does_not_stop_boarders() -> None:
    state = battle()
    boarder = _board(state)
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    tick(state)
    assert boarder["room"] == "medbay"


def test_boarders_break_a_level_2_door_in_23_seconds_and_it_resets_after_15() -> None:
    state = battle(blue=_doors_at(2))
    blue = state["battle"]["ships"]["Blue"]
    boarder = _board(state)  # a human: 4-5 SS a second, 5 on odd seconds, 4 on even
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    result = tick(state, seconds=22)  # 11 x (5 + 4) = 99 of the door's 100
    assert boarder["room"] == "hall"
    assert result["ships"]["Blue"]["doors"]["doors"]["hall/medbay"]["health"] == 1
    result = tick(state)  # 23 s: 5 more, it breaks
    assert result["story"] == ["[23s] boarders break Blue's door hall/medbay"]
    door = result["ships"]["Blue"]["doors"]["doors"]["hall/medbay"]
    assert door["open"] is True and door["broken_seconds"] == 15
    tick(state)  # through the broken door
    assert boarder["room"] == "medbay"
    tick(state, seconds=13)  # 24..37: one second left
    assert blue["doors"]["hall/medbay"]["broken"] == 1
    result = tick(state)  # 38 s: whole and shut again
    assert result["story"] == ["[38s] Blue's door hall/medbay is whole again"]
    assert blue["doors"]["hall/medbay"]["broken"] == 0


def test_a_manned_level_3_door_has_400_health_and_resets_in_5_seconds() -> None:
    state = battle(blue=_doors_at(3))
    _man_doors(state)
    blue = state["battle"]["ships"]["Blue"]
    boarder = _board(state)
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    tick(state, seconds=88)  # 44 x 9 = 396
    assert blue["doors"]["hall/medbay"]["battered"] == 396 and boarder["room"] == "hall"
    tick(state)  # 89 s: 401, broken for 5 s
    assert blue["doors"]["hall/medbay"]["broken"] == 5


def test_a_door_forgets_its_damage_when_nobody_hits_it() -> None:
    state = battle(blue=_doors_at(2))
    blue = state["battle"]["ships"]["Blue"]
    boarder = _board(state)
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    tick(state, seconds=2)
    assert blue["doors"]["hall/medbay"]["battered"] == 9
    order(state, "crew", ship="Red", name=boarder["name"], room="hall")  # stops
    tick(state)
    assert blue["doors"]["hall/medbay"]["battered"] == 0


def test_the_own_crew_opens_its_doors_unless_they_are_hacked() -> None:
    state = battle(blue=_doors_at(3))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "crew", ship="Blue", name="Bo", room="shields")
    tick(state)
    assert blue["crew"][1]["room"] == "shields"
    blue["hacked"] = "doors"  # for this second (Red has no hacking to keep it)
    order(state, "crew", ship="Blue", name="Bo", room="engines")
    tick(state)
    assert blue["crew"][1]["room"] == "shields"


def _hacker() -> dict[str, Any]:
    red = ship()
    red["systems"] = {**red["systems"], "hacking": 1}
    red["rooms"][7] = {**red["rooms"][7], "system": "hacking"}
    return red


def test_boarders_must_break_hacked_doors_as_level_2() -> None:
    state = battle(red=_hacker())  # Blue's doors are level 1: no health of their own
    blue = state["battle"]["ships"]["Blue"]
    order(state, "power", ship="Red", system="hacking", bars=1)
    hack(state, "doors")
    boarder = _board(state)
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    tick(state, seconds=2)
    assert boarder["room"] == "hall" and blue["doors"]["hall/medbay"]["battered"] == 9


def test_hacking_the_doors_shuts_every_door() -> None:
    state = battle(red=_hacker(), blue=_doors_at(2))
    blue = state["battle"]["ships"]["Blue"]
    order(state, "doors", ship="Blue", room="medbay", open=True)  # to space
    order(state, "doors", ship="Blue", room="hall", to="medbay", open=True)
    order(state, "power", ship="Red", system="hacking", bars=1)
    result = hack(state, "doors")
    assert any(e["event"] == "doors_shut" for e in result["events"])
    assert blue["rooms"]["medbay"]["vent"] is False
    assert blue["doors"]["hall/medbay"]["open"] is False
    with pytest.raises(RulesError, match="doors are hacked"):
        order(state, "doors", ship="Blue", room="hall", to="medbay", open=True)


def _ablaze(state: dict[str, Any]) -> dict[str, Any]:
    blue = state["battle"]["ships"]["Blue"]
    blue["rooms"]["pilot"]["fires"] = [{"corner": 0, "health": 99}, {"corner": 1, "health": 99}]
    blue["crew"][0]["room"] = "hall"  # Ana leaves; Bo in engines cannot fight it
    blue["crew"][1]["stunned"] = 99
    return blue


def test_fire_through_a_level_2_door_flips_one_coin() -> None:
    state = battle(blue=_doors_at(2))
    blue = _ablaze(state)
    tick(state, seconds=4)
    result = tick(state, fire_spread=[1])
    assert [r["roll"] for r in result["rolls"]] == ["fire_spread"]
    assert len(blue["rooms"]["engines"]["fires"]) == 1


def test_a_level_3_door_stops_fire_unless_it_is_held_open() -> None:
    state = battle(blue=_doors_at(3))
    blue = _ablaze(state)
    tick(state, seconds=5)  # no coin at all: nothing to enter
    assert blue["rooms"]["engines"]["fires"] == []
    order(state, "doors", ship="Blue", room="pilot", to="engines", open=True)
    tick(state, seconds=4)
    tick(state, fire_spread=[1, 1])  # 10 s: open, both coins
    assert len(blue["rooms"]["engines"]["fires"]) == 2


def test_a_breach_shuts_the_rooms_doors() -> None:
    from gmtool.dice import DiceDoor
    from gmtool.games.ftl.rules.battle import hazards

    state = battle()
    b = state["battle"]
    blue = b["ships"]["Blue"]
    order(state, "doors", ship="Blue", room="hall", to="medbay", open=True)
    assert blue["doors"]["hall/medbay"]["open"] is True
    hazards.start(b, blue, "hall", "breaches", DiceDoor(entered_by={"breach": [1, 2, 2, 2]}))
    assert blue["doors"]["hall/medbay"]["open"] is False
    with pytest.raises(RulesError, match="joins a breached room"):
        order(state, "doors", ship="Blue", room="medbay", to="hall", open=True)


def test_door_orders_refused() -> None:
    state = battle(blue=ship(systems={"shields": 2, "engines": 2, "oxygen": 1}))
    with pytest.raises(RulesError, match="no working door system"):
        order(state, "doors", ship="Blue", room="hall", to="medbay", open=True)
    state = battle()
    with pytest.raises(RulesError, match="no door between pilot and hall"):
        order(state, "doors", ship="Blue", room="pilot", to="hall", open=True)
    with pytest.raises(RulesError, match="already shut"):
        order(state, "doors", ship="Blue", room="hall", to="medbay", open=False)


def _crystal_blue() -> dict[str, Any]:
    crew = [{"race": "human", "name": n} for n in ("Ana", "Bo", "Cy")]
    crew.append({"race": "crystal", "name": "Quartz", "room": "engines"})
    return ship(crew=crew)


def test_a_crystal_locks_a_door_for_the_full_15_seconds() -> None:
    state = battle(blue=_crystal_blue())
    blue = state["battle"]["ships"]["Blue"]
    result = order(state, "lock", ship="Blue", name="Quartz", room="shields")
    assert result["order"]["door"] == "engines/shields" and result["order"]["seconds"] == 15
    order(state, "crew", ship="Blue", name="Bo", room="shields")  # Bo is in engines
    tick(state, seconds=14)
    assert blue["crew"][1]["room"] == "engines"  # nobody passes a crystal lock
    result = tick(state)  # 15 s: still locked the whole second; it ends as the second ends
    assert result["story"] == ["[15s] Blue's door engines/shields unlocks"]
    assert blue["crew"][1]["room"] == "engines"
    result = tick(state)  # 16 s: Bo walks through
    assert result["story"] == ["[16s] Bo reaches shields"]
    assert blue["crew"][1]["room"] == "shields"


def test_boarders_cannot_break_a_crystal_lock() -> None:
    state = battle(blue=_crystal_blue())
    blue = state["battle"]["ships"]["Blue"]
    blue["crew"][3]["room"] = "medbay"
    order(state, "lock", ship="Blue", name="Quartz", room="hall")
    boarder = _board(state)
    order(state, "crew", ship="Red", name=boarder["name"], room="medbay")
    result = tick(state, seconds=14)
    assert boarder["room"] == "hall"
    assert not [e for e in result["events"] if e["event"] == "door_battered"]


def test_lock_orders_refused() -> None:
    state = battle(blue=_crystal_blue())
    with pytest.raises(RulesError, match="only crystal crew lock doors"):
        order(state, "lock", ship="Blue", name="Bo", room="shields")
    with pytest.raises(RulesError, match="no door between engines and hall"):
        order(state, "lock", ship="Blue", name="Quartz", room="hall")
    with pytest.raises(UsageError, match="unknown room of Blue"):
        order(state, "lock", ship="Blue", name="Quartz", room="bridge")
    order(state, "lock", ship="Blue", name="Quartz", room="shields")
    with pytest.raises(RulesError, match="lock on engines/shields holds 15 s more"):
        order(state, "lock", ship="Blue", name="Quartz", room="pilot")
    state["battle"]["ships"]["Blue"]["crew"][3]["health"] = 0
    with pytest.raises(RulesError, match="cannot act now"):
        order(state, "lock", ship="Blue", name="Quartz", room="pilot")


def test_menus_offer_inner_doors_and_a_crystals_locks_only_when_legal() -> None:
    from gmtool.games.ftl.rules.battle.choices import legal_orders

    state = battle(blue=_crystal_blue())
    b = state["battle"]
    offered = legal_orders(b, "Blue")
    assert {"ship": "Blue", "room": "hall", "to": "medbay", "open": True} in offered["doors"]
    assert sorted(a["room"] for a in offered["lock"]) == ["pilot", "shields", "weapons"]
    order(state, "lock", ship="Blue", name="Quartz", room="pilot")
    offered = legal_orders(b, "Blue")
    assert "lock" not in offered  # one lock at a time
    assert not [a for a in offered["doors"] if a.get("to") == "pilot"]  # locked: no order
    assert "lock" not in legal_orders(b, "Red")  # no crystal


def test_a_crystal_boarder_locks_the_enemys_door() -> None:
    state = battle(red=_crystal_blue())  # Red's Quartz, sent over to Blue's hall
    quartz = _board(state, room="hall", who=3)
    result = order(state, "lock", ship="Red", name="Quartz", room="medbay")
    assert result["order"]["ship"] == "Blue" and quartz["room"] == "hall"
    blue = state["battle"]["ships"]["Blue"]
    assert blue["doors"]["hall/medbay"]["lock"] == 15
    blue["crew"][1]["room"] = "medbay"  # Bo, in the medbay, cannot come through either
    order(state, "crew", ship="Blue", name="Bo", room="hall")
    tick(state, seconds=3)
    assert blue["crew"][1]["room"] == "medbay"
