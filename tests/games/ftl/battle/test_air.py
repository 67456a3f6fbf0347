"""Air through open doors (ruling: "release the air of your rooms", and a breach shuts
"all doors" of its room): each second, after fires, breaches, vents, Lanius and the
oxygen system, each open door between two rooms moves 25% of the difference (rounded
down) from the fuller room to the other, every door reckoned from the air before any
moved. Blue's oxygen system holds 1 bar: every room refills 3% a second."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.ftl.battle.helpers import battle, tick


def _blue(air: dict[str, int], *open_doors: str) -> tuple[dict[str, Any], dict[str, Any]]:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    for room, oxygen in air.items():
        blue["rooms"][room]["oxygen"] = oxygen
    for name in open_doors:
        blue["doors"][name]["open"] = True
    return state, blue


def _air(blue: dict[str, Any], *rooms: str) -> list[int]:
    return [blue["rooms"][room]["oxygen"] for room in rooms]


def test_air_evens_out_through_an_open_door_second_by_second() -> None:
    state, blue = _blue({"medbay": 0}, "hall/medbay")
    tick(state)  # medbay 0+3, hall 100 (full): 97 apart, 24 cross
    assert _air(blue, "hall", "medbay") == [76, 27]
    tick(state)  # 79 and 30: 49 apart, 12 cross
    assert _air(blue, "hall", "medbay") == [67, 42]
    assert _air(blue, "oxygen", "shields") == [100, 100]  # shut doors: nothing crosses


@pytest.mark.parametrize(("medbay", "after"), [(46, [52, 50]), (47, [53, 50])])
def test_a_difference_under_4_moves_nothing(medbay: int, after: list[int]) -> None:
    """53 against 49 (4 apart) moves 1; 53 against 50 (3 apart) moves 0 (25%, rounded down)."""
    state, blue = _blue({"hall": 50, "medbay": medbay}, "hall/medbay")
    tick(state)
    assert _air(blue, "hall", "medbay") == after


@pytest.mark.parametrize(
    ("door", "crosses"),
    [
        ({"open": False}, False),
        ({"open": False, "broken": 5}, True),  # broken by boarders: it stands open
        ({"open": True, "lock": 5, "locked_by": "Gil"}, False),  # a crystal's lock: shut
    ],
)
def test_only_an_open_or_broken_door_lets_air_through(door: dict[str, Any], crosses: bool) -> None:
    state, blue = _blue({"medbay": 0})
    blue["doors"]["hall/medbay"].update(door)
    tick(state)
    assert _air(blue, "hall", "medbay") == ([76, 27] if crosses else [100, 3])


def test_every_door_reckons_from_the_air_before_any_moved() -> None:
    """The medbay between two full rooms takes 24 from each, whichever door comes first."""
    state, blue = _blue({"medbay": 0}, "hall/medbay", "medbay/oxygen")
    tick(state)
    assert _air(blue, "oxygen", "medbay", "hall") == [76, 51, 76]


def test_a_room_vented_to_space_draws_the_air_of_the_rooms_open_to_it() -> None:
    """The medbay's door to space is open: it loses 15% and gains 3% (88), and the hall
    beside it, full (100), gives it 3 of the 12 between them."""
    state, blue = _blue({}, "hall/medbay")
    blue["rooms"]["medbay"]["vent"] = True
    tick(state)
    assert _air(blue, "medbay", "hall") == [91, 97]
    blue["doors"]["hall/medbay"]["open"] = False  # shut: the hall keeps its air
    tick(state)
    assert _air(blue, "medbay", "hall") == [79, 100]


def test_air_flow_percent_0_keeps_each_rooms_air_to_itself() -> None:
    state, blue = _blue({"medbay": 0}, "hall/medbay")
    state["battle"]["rules"]["doors"]["air_flow_percent"] = 0
    tick(state)
    assert _air(blue, "hall", "medbay") == [100, 3]
