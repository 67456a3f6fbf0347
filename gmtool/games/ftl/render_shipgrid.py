"""A ship's rooms drawn on the grid of corners, as plain text: walls, doors, each room's
name, system and level, and the crew who start there."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

CELL_WIDTH = 9
CELL_HEIGHT = 5
SPACE_DOOR = "▓"
LEGEND = "a gap is a door, ▓ a door to space; the rulers count corners (at: [x, y])"


def _size(text: str) -> tuple[int, int]:
    width, _, height = str(text).lower().partition("x")
    return (int(width), int(height)) if width.isdigit() and height.isdigit() else (1, 1)


def draw(ship: dict[str, Any]) -> list[str]:
    """The drawing's lines (``ship`` is a ship file's data)."""
    rooms = [(room, *room["at"], *_size(room["size"])) for room in ship["rooms"]]
    left = min(x for _, x, _, _, _ in rooms)
    top = min(y for _, _, y, _, _ in rooms)
    right = max(x + w for _, x, _, w, _ in rooms)
    bottom = max(y + h for _, _, y, _, h in rooms)
    canvas = [
        [" "] * ((right - left) * CELL_WIDTH + 1) for _ in range((bottom - top) * CELL_HEIGHT + 1)
    ]
    cells: dict[tuple[int, int], str] = {}
    for room, x, y, w, h in rooms:
        for cx in range(x, x + w):
            for cy in range(y, y + h):
                cells[(cx, cy)] = room["id"]
    for corners in (False, True):  # corners last, so no wall covers one
        for _, x, y, w, h in rooms:
            _box(canvas, (x - left) * CELL_WIDTH, (y - top) * CELL_HEIGHT, w, h, corners)
    for room, x, y, w, _ in rooms:
        _label(canvas, room, ship, (x - left) * CELL_WIDTH, (y - top) * CELL_HEIGHT, w)
    for room, x, y, w, h in rooms:
        for target in room.get("doors", []):
            _door(canvas, cells, room["id"], target, (x, y, w, h), (left, top))
    return _with_rulers(["".join(row).rstrip() for row in canvas], left, top, right)


def _with_rulers(lines: list[str], left: int, top: int, right: int) -> list[str]:
    """Corner numbers along the top (x) and the left (y), as ``at: [x, y]`` counts them."""
    ruler = "   " + "".join(f"{x:<{CELL_WIDTH}}" for x in range(left, right))
    ruled = [ruler.rstrip()]
    for row, line in enumerate(lines):
        y, offset = divmod(row, CELL_HEIGHT)
        label = f"{top + y:>2} " if offset == 1 else "   "
        ruled.append(label + line)
    return ruled


def _box(canvas: list[list[str]], x0: int, y0: int, w: int, h: int, corners: bool) -> None:
    x1, y1 = x0 + w * CELL_WIDTH, y0 + h * CELL_HEIGHT
    if corners:
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            canvas[y][x] = "+"
        return
    for x in range(x0 + 1, x1):
        for y in (y0, y1):
            canvas[y][x] = "-"
    for y in range(y0 + 1, y1):
        for x in (x0, x1):
            canvas[y][x] = "|"


def _label(
    canvas: list[list[str]], room: dict[str, Any], ship: dict[str, Any], x0: int, y0: int, w: int
) -> None:
    width = w * CELL_WIDTH - 1
    lines = [room["id"]]
    system = room.get("system")
    if isinstance(system, list):
        system = "+".join(system)
    if system:
        level = ship.get("systems", {}).get(system)
        lines.append(f"{system} {level}" if isinstance(level, int) else str(system))
    crew = [
        member.get("name") or member["race"]
        for member in ship.get("crew", [])
        if member.get("room") == room["id"]
    ]
    if crew:
        lines.append(",".join(crew))
    for row, text in enumerate(lines[: CELL_HEIGHT * 2]):
        y = y0 + 1 + row
        if y >= len(canvas) or canvas[y][x0] not in "|":
            break
        for col, char in enumerate(text[:width]):
            canvas[y][x0 + 1 + col] = char


def _door(
    canvas: list[list[str]],
    cells: dict[tuple[int, int], str],
    room_id: str,
    target: str,
    rect: tuple[int, int, int, int],
    origin: tuple[int, int],
) -> None:
    """Open a gap (or mark a door to space) in the first stretch of wall between the two."""
    x, y, w, h = rect
    corners = [(cx, cy) for cx in range(x, x + w) for cy in range(y, y + h)]
    found = first_wall_between(cells, corners, room_id, None if target == "space" else target)
    if found is not None:
        (cx, cy), (dx, dy) = found
        mark = SPACE_DOOR if target == "space" else " "
        _open(canvas, cx - origin[0], cy - origin[1], dx, dy, mark)


def first_wall_between(
    owner: Mapping[tuple[int, int], str],
    corners: Iterable[tuple[int, int]],
    room_id: str,
    target: str | None,
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """Where a door between ``room_id`` and ``target`` (None: space) goes: the first of
    the room's corners, column by column (x, then y), with the other room (or no room)
    beside it, and the step there (right, left, down, up in that order of preference).
    ``owner`` gives each corner's room; the ship file and the battle draw doors alike."""
    for cx, cy in sorted(corners):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            beyond = owner.get((cx + dx, cy + dy))
            if (target is None and beyond is None) or (beyond == target != room_id):
                return (cx, cy), (dx, dy)
    return None


def _open(canvas: list[list[str]], cx: int, cy: int, dx: int, dy: int, mark: str) -> None:
    if dx:
        wall_x = (cx + (1 if dx > 0 else 0)) * CELL_WIDTH
        # The lowest row of the cell: the rows above hold the room's name, system and crew.
        canvas[cy * CELL_HEIGHT + CELL_HEIGHT - 1][wall_x] = mark
    else:
        wall_y = (cy + (1 if dy > 0 else 0)) * CELL_HEIGHT
        middle = cx * CELL_WIDTH + CELL_WIDTH // 2
        for x in (middle, middle + 1):
            canvas[wall_y][x] = mark
