"""The battle's rooms on the grid of corners, as plain text with the air as colour: each
corner three characters (crew initials in the corners the rules stand them in, the room's
name in a free corner, F for a fire, B for a breach), walls between rooms and the doors in
them, shut, open, broken or locked, so the rooms and their doors read without colour."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gmtool.games.ftl.render_shipgrid import first_wall_between

Doc = dict[str, Any]
Corner = tuple[int, int]

OPEN, SHUT, BROKEN, LOCKED = " ", "=", "x", "#"
DOOR_LEGEND = f"walls | -; doors: {SHUT} shut, gap open, {BROKEN} broken, {LOCKED} locked"
"""The doors' marks, said under the grid."""


def draw_rooms(ship: Doc, targeted: set[str]) -> Text:
    """The rooms drawn with their walls and doors; the air shades each room (dim yellow
    under 50%, red with none) and a targeted room is underlined."""
    owner: dict[Corner, str] = {
        (x, y): room_id for room_id, room in ship["rooms"].items() for x, y in room["corners"]
    }
    if not owner:
        return Text("")
    cells = _cells(ship, targeted)
    doors = _doors(ship, owner)
    width = max(x for x, _ in owner) + 1
    height = max(y for _, y in owner) + 1
    text = Text()
    for y in range(height + 1):
        _wall_line(text, owner, doors, cells, y, width)
        if y < height:
            _room_line(text, owner, doors, cells, y, width)
    return text


def _cells(ship: Doc, targeted: set[str]) -> dict[Corner, tuple[str, str]]:
    """Each corner's three characters and style. Crew stand where the rules put them: the
    room's living crew in its corners in turn, the first listed in the first corner
    (``beams.crew_in_corners``), so a beam drawn through a crew member's corner hurts that
    crew member. A corner shows its first crew member's initials, then ``+`` when more
    stand there, or F (a fire) or B (a breach) in that corner; the room's name takes the
    first corner nobody stands in."""
    cells: dict[Corner, tuple[str, str]] = {}
    for room_id, room in ship["rooms"].items():
        corners = room["corners"]
        style = _air_style(room["oxygen"])
        if room_id in targeted:
            style += " underline"
        standing: list[list[Doc]] = [[] for _ in corners]
        there = [c for c in ship["crew"] if c["room"] == room_id and c["health"] > 0]
        for index, member in enumerate(there):
            standing[index % len(corners)].append(member)
        marks = _hazard_marks(room)
        label_at = next((i for i, crew in enumerate(standing) if not crew), None)
        for index, (x, y) in enumerate(corners):
            mark = marks.get(index, "")
            if standing[index]:
                more = "+" if len(standing[index]) > 1 else mark
                label = _initials(standing[index][0]) + more
            elif index == label_at:
                label = room_id[: 3 - len(mark)] + mark
            else:
                label = mark
            cells[(x, y)] = (f"{label:<3}"[:3], style)
    return cells


def _initials(member: Doc) -> str:
    """Two characters: a crew member's name, or D and the drone's last word."""
    if member["race"] == "drone":
        return ("D" + str(member["name"]).rsplit(" ", 1)[-1])[:2]
    return f"{member['name'][:2]:<2}"


def _hazard_marks(room: Doc) -> dict[int, str]:
    """The corner of each fire (F) and breach (B); a document without corners (written
    before they were listed) puts its counts in the first corners."""
    fires = room.get("fire_corners", list(range(int(room["fires"]))))
    breaches = room.get("breach_corners", list(range(int(room["breaches"]))))
    marks = {int(corner): "B" for corner in breaches}
    marks.update({int(corner): "F" for corner in fires})
    return marks


def _doors(ship: Doc, owner: dict[Corner, str]) -> dict[tuple[str, Corner], str]:
    """Each door's mark by its wall: ("v", (x, y)) is the wall left of corner (x, y),
    ("h", (x, y)) the wall above it. A door between two rooms sits where ``ftl ship
    show`` draws it: the first stretch of wall they share, from the first room by name."""
    marks: dict[tuple[str, Corner], str] = {}
    for door in ((ship.get("doors") or {}).get("doors") or {}).values():
        a, b = door["rooms"]
        mark = _door_mark(door)
        _place(marks, owner, ship["rooms"][a]["corners"], a, b, mark)
    for room_id, room in ship["rooms"].items():
        if room.get("space_door"):
            mark = OPEN if room.get("vent") else SHUT
            _place(marks, owner, room["corners"], room_id, None, mark)
    return marks


def _door_mark(door: Doc) -> str:
    if door["lock_seconds"]:
        return LOCKED
    if door["broken_seconds"]:
        return BROKEN
    return OPEN if door["open"] else SHUT


def _place(
    marks: dict[tuple[str, Corner], str],
    owner: dict[Corner, str],
    corners: list[list[int]],
    room_id: str,
    target: str | None,
    mark: str,
) -> None:
    found = first_wall_between(owner, [(x, y) for x, y in corners], room_id, target)
    if found is None:
        return
    (x, y), (dx, dy) = found
    if dx:
        marks[("v", (x + max(dx, 0), y))] = mark
    else:
        marks[("h", (x, y + max(dy, 0)))] = mark


def _wall_line(
    text: Text,
    owner: dict[Corner, str],
    doors: dict[tuple[str, Corner], str],
    cells: dict[Corner, tuple[str, str]],
    y: int,
    width: int,
) -> None:
    """The walls above row ``y`` (below the last row when ``y`` is the height); inside
    a room taller than one corner, the room's shade instead."""
    spans: list[tuple[str, str]] = []
    for x in range(width + 1):
        joint = _joint(owner, x, y)
        spans.append((joint, _shade(cells, owner, x, y) if joint == " " else ""))
        if x < width:
            apart = owner.get((x, y - 1)) != owner.get((x, y))
            mark = doors.get(("h", (x, y)))
            if mark is not None:
                spans.append((mark * 3, ""))
            else:
                spans.append(("---", "") if apart else ("   ", _shade(cells, owner, x, y)))
    _append(text, spans)


def _shade(cells: dict[Corner, tuple[str, str]], owner: dict[Corner, str], x: int, y: int) -> str:
    """The air's shade of the room at corner (x, y), where a joint or a stretch of the
    lines between corners lies inside that one room; "" elsewhere."""
    room = owner.get((x, y))
    if room is None or (x, y) not in cells:
        return ""
    return cells[(x, y)][1].replace(" underline", "")


def _append(text: Text, spans: list[tuple[str, str]]) -> None:
    """One line of the grid, without the bare space right of the ship."""
    while spans and not spans[-1][1] and not spans[-1][0].strip():
        spans.pop()
    for words, style in spans:
        text.append(words, style=style or None)
    text.append("\n")


def _room_line(
    text: Text,
    owner: dict[Corner, str],
    doors: dict[tuple[str, Corner], str],
    cells: dict[Corner, tuple[str, str]],
    y: int,
    width: int,
) -> None:
    spans: list[tuple[str, str]] = []
    for x in range(width + 1):
        apart = owner.get((x - 1, y)) != owner.get((x, y))
        mark = doors.get(("v", (x, y)))
        if mark is None and not apart:  # inside a room: its shade
            spans.append((" ", _shade(cells, owner, x, y)))
        else:
            spans.append((mark if mark is not None else "|" if apart else " ", ""))
        if x < width:
            spans.append(cells.get((x, y), ("   ", "")))
    _append(text, spans)


def _joint(owner: dict[Corner, str], x: int, y: int) -> str:
    """Where four corners meet: a wall running across, down, both, or none."""
    up_left, up, left, here = (
        owner.get(c) for c in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))
    )
    across = up_left != left or up != here
    down = up_left != up or left != here
    if across and down:
        return "+"
    return "-" if across else "|" if down else " "


def _air_style(oxygen: int) -> str:
    if oxygen <= 0:
        return "on red"
    if oxygen < 50:
        return "on yellow4"
    return "on grey23"
