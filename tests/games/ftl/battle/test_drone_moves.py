"""How drones fly round the enemy ship: the d6 wait, the 2d6 spaces, the move's time and
the re-rolls, worked out by hand from the text ("(spaces moved) squared, then divided by 2
and rounded up"; doubles other than snake eyes name "$"; the drone's own space re-rolled)."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import DiceError
from gmtool.games.ftl.rules.battle import drone_moves as moves
from tests.games.ftl.battle.helpers import battle


def _battle() -> dict:
    return battle()["battle"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(("face", "seconds"), [(1, 2), (2, 2), (3, 4), (4, 4), (5, 6), (6, 6)])
def test_the_d6_wait_at_every_band_edge(face: int, seconds: int) -> None:
    door = DiceDoor(entered_by={"drone_delay": [face]})
    assert moves.roll_delay(_battle(), door, "wait") == seconds
    door.finish()


def test_a_seven_on_the_wait_die_is_refused() -> None:
    with pytest.raises(DiceError, match="not on a d6"):
        moves.roll_delay(_battle(), DiceDoor(entered_by={"drone_delay": [7]}), "wait")


@pytest.mark.parametrize(
    ("faces", "space"),
    [([1, 1], "2"), ([2, 2], "$"), ([6, 6], "$"), ([5, 6], "11"), ([1, 2], "3"), ([3, 4], "7")],
)
def test_two_d6_name_a_space(faces: list[int], space: str) -> None:
    assert moves.space_of(_battle(), faces) == space


@pytest.mark.parametrize(("spaces", "seconds"), [(1, 1), (2, 2), (3, 5), (4, 8), (5, 13)])
def test_move_time_is_spaces_squared_halved_rounded_up(spaces: int, seconds: int) -> None:
    assert moves.move_seconds(_battle(), spaces) == seconds


def test_the_drones_formula_and_snake_eyes_are_settings() -> None:
    b = _battle()
    b["rules"]["drones"]["move_seconds"] = {"power": 1, "divided_by": 1}  # a second a space
    assert moves.move_seconds(b, 5) == 5
    b["rules"]["drones"]["doubles_kept"] = []  # every double, snake eyes too, names "$"
    assert moves.space_of(b, [1, 1]) == "$"


@pytest.mark.parametrize(
    ("start", "end", "apart"),
    [("$", "2", 1), ("$", "11", 1), ("2", "11", 2), ("$", "6", 5), ("$", "7", 5), ("3", "8", 5)],
)
def test_spaces_are_counted_the_short_way_round(start: str, end: str, apart: int) -> None:
    assert moves.distance(_battle(), start, end) == apart


def test_the_drones_own_space_is_rolled_again() -> None:
    # on "$": double twos name "$" again (re-roll), double sixes too, then 1+1 = "2"
    door = DiceDoor(entered_by={"drone_move": [2, 2, 6, 6, 1, 1]})
    assert moves.roll_move(_battle(), door, "$", "move") == ("2", 1, 3)
    door.finish()
    # on "7": 3+4 is "7" again; 5+6 = "11": 4 spaces the short way (7-8-9-10-11), 8 s
    door = DiceDoor(entered_by={"drone_move": [3, 4, 5, 6]})
    assert moves.roll_move(_battle(), door, "7", "move") == ("11", 8, 2)


def test_a_room_is_a_face_of_a_die_as_big_as_the_ship() -> None:
    b = _battle()
    blue = b["ships"]["Blue"]
    rooms = list(blue["rooms"])
    door = DiceDoor(entered_by={"drone_room": [1, len(rooms)]})
    assert moves.roll_room(b, door, blue, "room") == rooms[0]
    assert moves.roll_room(b, door, blue, "room") == rooms[-1]
    with pytest.raises(DiceError, match=f"not on a d{len(rooms)}"):
        moves.roll_room(b, DiceDoor(entered_by={"drone_room": [len(rooms) + 1]}), blue, "room")


@pytest.mark.parametrize(
    ("faces", "toward"),
    [
        ([1], "up"),
        ([2], "right"),
        ([3], "down"),
        ([4], "left"),
        ([5, 1], "up"),
        ([6, 5, 4], "left"),
    ],
)
def test_a_beam_drones_way_and_its_rerolls(faces: list[int], toward: str) -> None:
    door = DiceDoor(entered_by={"drone_toward": faces})
    assert moves.roll_toward(_battle(), door, "way") == toward
    door.finish()


@pytest.mark.parametrize(("face", "hull"), [(1, 3), (2, 3), (3, 4), (4, 4), (5, 5), (6, 5)])
def test_the_hull_repair_d6(face: int, hull: int) -> None:
    assert (
        moves.roll_hull_repair(_battle(), DiceDoor(entered_by={"drone_repair": [face]}), "r")
        == hull
    )
