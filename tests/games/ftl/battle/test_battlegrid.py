"""The battle's grid (``ftl show``, the play screen): rooms walled off from one another,
and each door drawn in its wall as the ship file's drawing places it: shut, open, broken,
crystal-locked, and the door to space shut or venting."""

from __future__ import annotations

from gmtool.games.ftl.render_battlegrid import draw_rooms
from gmtool.games.ftl.rules.battle.document import battle_document
from tests.games.ftl.battle.helpers import battle

# The test ship: pilot and engines, then weapons and shields (2x2), oxygen over the
# medbay (2x2, a door to space), the doors room under weapons, the hall (2x2) at the end.
# Crew stand in their room's corners in turn (the first listed in the first corner), as
# the beams read them; the room's name takes its first free corner.
ALL_SHUT = """\
+-------+-------+-------+-------+
|An  pil=Bo  eng|oxy    |hal    |
+-------+===----+===----+       |
|Cy  wea|Di  shi|med    =       |
+-------+       |       +-------+
|doo    |       |       |
+-------+-------+===----+
"""

EVERY_STATE = """\
+-------+-------+-------+-------+
|An  pilxeng    |oxy    |hal    |
+-------+   ----+###----+       |
|wea    |Di  shi|Cy  med        |
+-------+       |       +-------+
|doo    |       |F      |
+-------+-------+   ----+
"""


def _grid(state: dict, seat: str = "Blue") -> str:
    return draw_rooms(battle_document(state["battle"])["ships"][seat], set()).plain


def test_every_door_shut_at_the_start() -> None:
    assert _grid(battle()) == ALL_SHUT


def test_open_broken_locked_and_venting_doors() -> None:
    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    doors = blue["doors"]
    doors["engines/shields"]["open"] = True  # held open: a gap
    doors["engines/pilot"]["broken"] = 4  # broken by boarders: x
    doors["medbay/oxygen"]["lock"] = 9  # a crystal's lock: #
    doors["hall/medbay"]["open"] = True  # a gap in the wall between them
    blue["rooms"]["medbay"]["vent"] = True  # its door to space open: a gap in the hull
    blue["rooms"]["medbay"]["fires"] = [{"corner": 2, "health": 25}]
    blue["crew"][1]["health"] = 0  # Bo is dead in the engine room: not drawn
    blue["crew"][2]["room"] = "medbay"  # Cy in the first corner, the fire in the third
    assert _grid(state) == EVERY_STATE


def test_a_door_between_rooms_that_share_no_wall_is_not_drawn() -> None:
    """The test ship joins engines and weapons, which meet only at a point (a ship file's
    check refuses that; the battle keeps the door, and the grid has nowhere to draw it)."""
    state = battle()
    state["battle"]["ships"]["Blue"]["doors"]["engines/weapons"]["open"] = True
    assert _grid(state) == ALL_SHUT


def test_the_air_shades_a_room_whole_and_nothing_outside() -> None:
    """The shields room (2x2) is shaded between its two rows too; the medbay with no air
    is red; the corner right of the doors room has no room and no shade."""
    state = battle()
    state["battle"]["ships"]["Blue"]["rooms"]["medbay"]["oxygen"] = 0
    drawn = draw_rooms(battle_document(state["battle"])["ships"]["Blue"], {"shields"})
    lines = drawn.plain.split("\n")
    starts = [sum(len(line) + 1 for line in lines[:row]) for row in range(len(lines))]

    def style_at(row: int, column: int) -> str:
        at = starts[row] + column
        return " ".join(str(s.style) for s in drawn.spans if s.start <= at < s.end)

    assert lines[4][9:16] == "       " and style_at(4, 12) == "on grey23"  # inside shields
    assert style_at(3, 9) == "on grey23 underline"  # its first corner, aimed at
    assert style_at(3, 17) == "on red" and style_at(4, 20) == "on red"  # the medbay
    assert lines[4][8] == "+" and style_at(4, 8) == ""  # walls are not shaded
    assert style_at(5, 20) == "on red" and len(lines[5]) == len("|doo    |       |       |")


def test_crew_are_drawn_in_the_corners_a_beam_hurts_them_in() -> None:
    """Three in the 2x2 shield room: the first in corner 1, the second in corner 2, the
    third in corner 3 (reading order); a fourth and fifth: corner 4, then corner 1 again,
    shown ``+``. ``beams.crew_in_corners`` puts them in the same corners."""
    from gmtool.games.ftl.rules.battle.beams import crew_in_corners

    state = battle()
    blue = state["battle"]["ships"]["Blue"]
    for member in blue["crew"]:
        member["room"] = "shields"
    blue["crew"].append({**blue["crew"][0], "name": "Ed"})
    grid = _grid(state).splitlines()
    assert grid[3][8:16] == "|An+ Bo "  # corners 1 and 2 (Ana and Ed in 1; no room for "shi")
    assert grid[5][8:16] == "|Cy  Di "  # corners 3 and 4
    names = [m["name"] for m in crew_in_corners(blue, "shields", [1])]
    assert names == ["Bo"]  # a beam through corner 2 hurts Bo alone
