"""Where a ship's rooms lie on the grid of corners, and which of them touch.

A room's ``at: [x, y]`` is its top-left corner; x grows to the right, y downwards. Two
rooms touch when they share a stretch of wall at least one corner long (meeting at a point
is not touching).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int

    def cells(self) -> set[Cell]:
        return {
            (cx, cy)
            for cx in range(self.x, self.x + self.width)
            for cy in range(self.y, self.y + self.height)
        }

    def overlaps(self, other: Rect) -> bool:
        return bool(self.cells() & other.cells())

    def touches(self, other: Rect) -> bool:
        """Whether the two share a wall at least one corner long (and do not overlap)."""
        if self.overlaps(other):
            return False
        return any(neighbour in other.cells() for neighbour in self.neighbours())

    def neighbours(self) -> list[Cell]:
        """The cells just outside each wall, one per corner of wall."""
        out: list[Cell] = []
        for cx in range(self.x, self.x + self.width):
            out += [(cx, self.y - 1), (cx, self.y + self.height)]
        for cy in range(self.y, self.y + self.height):
            out += [(self.x - 1, cy), (self.x + self.width, cy)]
        return out

    def faces_space(self, others: Iterable[Rect]) -> bool:
        """Whether some stretch of its wall has no room behind it (room for a door out)."""
        taken: set[Cell] = set()
        for other in others:
            if other != self:
                taken |= other.cells()
        return any(cell not in taken for cell in self.neighbours())


def groups(rects: Sequence[Rect]) -> list[list[int]]:
    """The indexes of ``rects`` split into groups of rooms joined wall to wall."""
    seen: set[int] = set()
    found: list[list[int]] = []
    for start in range(len(rects)):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            index = todo.pop()
            group.append(index)
            for other in range(len(rects)):
                if other not in seen and rects[index].touches(rects[other]):
                    seen.add(other)
                    todo.append(other)
        found.append(sorted(group))
    return found
