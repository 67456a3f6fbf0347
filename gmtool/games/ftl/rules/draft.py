"""A ship being built one choice at a time: each change is kept only when it breaks no
building rule the ship did not already break, so the builder can refuse it with the rule.

The draft is plain data shaped like a ship file.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from gmtool.errors import ContentError, RulesError
from gmtool.games.ftl.rules.bill import Bill, ship_bill
from gmtool.games.ftl.rules.checks import describe, ship_problems
from gmtool.games.ftl.rules.content import FtlContent, parse_size
from gmtool.games.ftl.rules.geometry import Rect
from gmtool.games.ftl.rules.ship import SPACE, Ship, ship_from_data

Data = dict[str, Any]


def new_draft(name: str, slots: str) -> Data:
    return {"name": name, "rooms": [], "systems": {}, "slots": slots, "weapons": [],
            "drones": [], "augments": [], "crew": [], "reactor": 0, "missiles": 0,
            "drone_parts": 0, "fuel": 0}  # fmt: skip


def as_ship(data: Data) -> Ship | None:
    """The draft as a ``Ship`` (None while it has no room yet)."""
    if not data["rooms"]:
        return None
    return ship_from_data(data, where="ship")


def problems(data: Data, content: FtlContent) -> list[str]:
    ship = as_ship(data)
    if ship is None:
        return []
    return [line.removeprefix("ship.") for line in describe(ship_problems(ship, content), None)]


def bill(data: Data, content: FtlContent) -> Bill | None:
    ship = as_ship(data)
    return ship_bill(ship, content) if ship is not None else None


def change(data: Data, content: FtlContent, edit: Callable[[Data], None]) -> Data:
    """``data`` with ``edit`` done, or RulesError naming the first rule the edit breaks."""
    before = set(problems(data, content))
    after = copy.deepcopy(data)
    edit(after)
    try:
        found = problems(after, content)
    except ContentError as error:
        raise RulesError(error.problems[0]) from None
    new = [problem for problem in found if problem not in before]
    if new:
        raise RulesError(f"refused: {new[0]}")
    return after


def remove_room(data: Data, room_id: str) -> None:
    """Take a room out of the draft with what hangs on it: its system, the doors into it,
    and the crew's start there (they start at a station instead)."""
    room = next(r for r in data["rooms"] if r["id"] == room_id)
    data["rooms"].remove(room)
    if room.get("system"):
        data["systems"].pop(room["system"], None)
    for other in data["rooms"]:
        if room_id in other.get("doors", []):
            other["doors"] = [d for d in other["doors"] if d != room_id]
    for member in data["crew"]:
        if member.get("room") == room_id:
            del member["room"]


def rects(data: Data) -> list[Rect]:
    found = []
    for room in data["rooms"]:
        size = parse_size(room["size"])
        if size is not None:
            found.append(Rect(room["at"][0], room["at"][1], *size))
    return found


def room_places(data: Data, size: str) -> list[tuple[int, int]]:
    """Where a room of ``size`` may go: touching the ship, overlapping nothing (top-left
    corners; one left of or above the ship is below 0 until ``to_origin`` moves it)."""
    width, height = parse_size(size) or (1, 1)
    placed = rects(data)
    if not placed:
        return [(0, 0)]
    left = min(r.x for r in placed) - width
    top = min(r.y for r in placed) - height
    right = max(r.x + r.width for r in placed)
    bottom = max(r.y + r.height for r in placed)
    places = []
    for y in range(top, bottom + 1):
        for x in range(left, right + 1):
            candidate = Rect(x, y, width, height)
            if any(candidate.overlaps(r) for r in placed):
                continue
            if any(candidate.touches(r) for r in placed):
                places.append((x, y))
    return places


def door_targets(data: Data, room_id: str) -> list[str]:
    """The rooms (and space) a door from ``room_id`` could open into, not yet joined."""
    rooms = {room["id"]: room for room in data["rooms"]}
    placed = dict(zip([room["id"] for room in data["rooms"]], rects(data), strict=False))
    mine = placed.get(room_id)
    if mine is None:
        return []
    joined = {target for target in rooms[room_id].get("doors", [])}
    joined |= {rid for rid, room in rooms.items() if room_id in room.get("doors", [])}
    targets = [rid for rid, rect in placed.items() if rid != room_id and mine.touches(rect)]
    if mine.faces_space(placed.values()):
        targets.append(SPACE)
    return [target for target in targets if target not in joined]


def to_origin(data: Data) -> None:
    """Shift every room so the ship's left and top edges are at 0."""
    if not data["rooms"]:
        return
    left = min(room["at"][0] for room in data["rooms"])
    top = min(room["at"][1] for room in data["rooms"])
    for room in data["rooms"]:
        room["at"] = [room["at"][0] - left, room["at"][1] - top]
