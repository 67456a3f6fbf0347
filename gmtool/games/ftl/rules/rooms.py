"""The building rules about rooms: sizes, overlaps, touching, systems and doors."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gmtool.games.ftl.rules.geometry import Rect, groups
from gmtool.games.ftl.rules.problems import Problem, unknown_name
from gmtool.games.ftl.rules.ship import SPACE, Ship

if TYPE_CHECKING:
    from gmtool.games.ftl.rules.content import FtlContent


GEOMETRY_LIMIT = 100
"""Rooms past which overlaps, touching and doors are not worked out (every pair is
compared, and no legal ship comes near)."""


def door_pairs(ship: Ship) -> set[frozenset[str]]:
    """Each door once, as the pair of rooms it joins (``space`` for the outside); a door
    listed under both of its rooms is one door."""
    return {frozenset((room.id, target)) for room in ship.rooms for target in room.doors}


def room_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    problems: list[Problem] = []
    rules = content.rooms
    if len(ship.rooms) > rules.max:
        problems.append(
            Problem(("rooms",), f"{len(ship.rooms)} rooms; a ship has at most {rules.max}")
        )
    ids = Counter(room.id for room in ship.rooms)
    rects: list[Rect | None] = []
    for index, room in enumerate(ship.rooms):
        if ids[room.id] > 1:
            problems.append(Problem(("rooms", index, "id"), f"two rooms are called '{room.id}'"))
        if room.id == SPACE:
            problems.append(
                Problem(
                    ("rooms", index, "id"),
                    f"'{SPACE}' means the outside: call the room something else",
                )
            )
        rect = room.rect
        if room.size not in rules.sizes or rect is None:
            problems.append(
                Problem(
                    ("rooms", index, "size"), f"'{room.size}': a room is {', '.join(rules.sizes)}"
                )
            )
            rect = None
        rects.append(rect)
        if len(room.systems) > 1:
            problems.append(
                Problem(
                    ("rooms", index, "system"),
                    f"two systems in one room ({', '.join(room.systems)}): one system a room",
                )
            )
        for key in room.systems:
            if key not in content.systems:
                problems.append(
                    Problem(
                        ("rooms", index, "system"), unknown_name("system", key, content.systems)
                    )
                )
            elif key not in ship.systems:
                problems.append(
                    Problem(
                        ("rooms", index, "system"),
                        f"{key} is in this room but not under systems: add it with its level",
                    )
                )
    homes = Counter(key for room in ship.rooms for key in room.systems)
    for key, count in homes.items():
        if count > 1:
            index = max(i for i, room in enumerate(ship.rooms) if key in room.systems)
            problems.append(
                Problem(
                    ("rooms", index, "system"), f"{key} is in {count} rooms; a system has one room"
                )
            )
    if len(ship.rooms) <= GEOMETRY_LIMIT:  # past that, the room count is problem enough
        problems += _layout_problems(ship, rects)
        problems += _door_problems(ship, rects, content)
    return problems


def _layout_problems(ship: Ship, rects: list[Rect | None]) -> list[Problem]:
    problems: list[Problem] = []
    placed = [(index, rect) for index, rect in enumerate(rects) if rect is not None]
    for n, (index, rect) in enumerate(placed):
        for other, other_rect in placed[:n]:
            if rect.overlaps(other_rect):
                problems.append(
                    Problem(("rooms", index, "at"), f"overlaps room '{ship.rooms[other].id}'")
                )
    found = groups([rect for _, rect in placed])
    if len(found) > 1:
        main = max(found, key=len)
        for group in found:
            if group is main:
                continue
            for member in group:
                index = placed[member][0]
                problems.append(
                    Problem(
                        ("rooms", index, "at"),
                        "does not touch the rest of the ship: rooms join wall to wall",
                    )
                )
    return problems


def _door_problems(ship: Ship, rects: list[Rect | None], content: FtlContent) -> list[Problem]:
    problems: list[Problem] = []
    by_id = {room.id: index for index, room in enumerate(ship.rooms)}
    placed = [rect for rect in rects if rect is not None]
    for index, room in enumerate(ship.rooms):
        for n, target in enumerate(room.doors):
            loc = ("rooms", index, "doors", n)
            if target == SPACE:
                rect = rects[index]
                if rect is not None and not rect.faces_space(placed):
                    problems.append(
                        Problem(
                            loc, "a door to space needs an outside wall, and this room has none"
                        )
                    )
            elif target == room.id:
                problems.append(Problem(loc, "a door from a room to itself"))
            elif target not in by_id:
                problems.append(Problem(loc, unknown_name("room", target, [*by_id, SPACE])))
            else:
                mine, theirs = rects[index], rects[by_id[target]]
                if mine is not None and theirs is not None and not mine.touches(theirs):
                    problems.append(
                        Problem(loc, f"a door to '{target}', which does not touch this room")
                    )
    pairs = door_pairs(ship)
    for index, room in enumerate(ship.rooms):
        count = sum(1 for pair in pairs if room.id in pair)
        if count > content.rooms.max_doors:
            problems.append(
                Problem(
                    ("rooms", index, "doors"),
                    f"{count} doors; a room has at most {content.rooms.max_doors}",
                )
            )
    to_space = sum(1 for pair in pairs if SPACE in pair)
    allowed = len(ship.rooms) // content.rooms.rooms_per_space_door
    if to_space > allowed:
        problems.append(
            Problem(
                ("rooms",),
                f"{to_space} doors to space; {len(ship.rooms)} rooms allow {allowed}"
                f" (one per {content.rooms.rooms_per_space_door} rooms)",
            )
        )
    return problems
