"""A ship file less its parts of the wrong shape, so the rules can check the rest.

``ship check`` names every problem at once: the shape problems (``fuel: lots``, a crew
member's skill given as a word, a room's corner as text) and the rules the rest of the ship
breaks. The rules need a ship of the right shape, so the parts the shape problems name are
left out: a field inside a mapping where the ship does without it, else the whole entry of
the list holding it (a room, a crew member, a weapon). Rule problems are found on what is
left, and their places are given back in the file's own numbering (crew 3 is still crew 3
when crew 1 was left out).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Path = tuple[str | int, ...]

UNSPARED = ("name", "rooms", "slots", "(top)")
"""Fields a ship cannot be checked without: a shape problem there stops the rule checks."""
ROUNDS = 4
"""How often a part left out may be widened to the entry holding it before giving up."""


class Spared:
    """The data left, and how its lists' entries map back to the file's."""

    def __init__(
        self, data: dict[str, Any], kept: dict[Path, list[int]], rooms_gone: list[Any]
    ) -> None:
        self.data = data
        self.kept = kept
        self.rooms_gone = rooms_gone
        """The rooms left out whole (their file entries)."""

    def echoes(self, message: str) -> bool:
        """Whether a rule problem only tells that a room left out is missing: a door or a
        crew member naming it, or a system it holds having no room."""
        for room in self.rooms_gone:
            if not isinstance(room, Mapping):
                continue
            if isinstance(room.get("id"), str) and f"'{room['id']}'" in message:
                return True
            held = room.get("system")
            systems = held if isinstance(held, list) else [held]
            if any(isinstance(x, str) and message.startswith(f"{x} has no room") for x in systems):
                return True
        return False

    def original(self, loc: Sequence[str | int]) -> tuple[str | int, ...]:
        """``loc`` in the spared data, as it lies in the file."""
        out: list[str | int] = []
        for part in loc:
            if isinstance(part, int) and tuple(out) in self.kept:
                indices = self.kept[tuple(out)]
                part = indices[part] if part < len(indices) else part
            out.append(part)
        return tuple(out)


def spare(
    data: Any, shape: list[str], field_of: Callable[[str], str], fails: Callable[[Any], list[str]]
) -> Spared | None:
    """``data`` without the parts ``shape``'s problems name (``field_of`` reads a problem's
    dotted field), widened until ``fails`` (the shape check, giving its problems) finds
    none; None when a part no ship can do without is wrong, or the widening goes on."""
    if not isinstance(data, Mapping):
        return None
    cut: set[Path] = set()
    problems = shape
    for _ in range(ROUNDS):
        for problem in problems:
            path = _existing(data, field_of(problem))
            if path is None:
                return None
            if any(c[: len(path)] == path or path[: len(c)] == c for c in cut):
                # wrong where a part was left out (a field every room needs, a list too
                # short now): the entry holding it goes instead
                widened = _entry(path)
                if widened is None:
                    return None
                path = widened
            cut = {c for c in cut if c[: len(path)] != path}
            cut.add(path)
        if any(str(p[0]) in UNSPARED and len(p) == 1 for p in cut):
            return None
        spared = _cut(data, cut)
        problems = fails(spared.data)
        if not problems:
            return spared
    return None


def _existing(data: Any, field: str) -> Path | None:
    """The longest start of the dotted ``field`` that is in ``data`` (a union's member
    names, ``str`` or ``list[str]``, are past its end), or None for none at all."""
    if field == "(top)":
        return None
    path: list[str | int] = []
    here = data
    for word in field.split("."):
        if isinstance(here, Mapping) and word in here:
            path.append(word)
            here = here[word]
        elif isinstance(here, list) and word.isdigit() and int(word) < len(here):
            path.append(int(word))
            here = here[int(word)]
        else:
            break
    return tuple(path) or None


def _entry(path: Path) -> Path | None:
    """The list entry holding ``path`` (``rooms.3.at.0`` -> ``rooms.3``), widened one step
    when ``path`` is that entry already (``rooms.3`` -> ``rooms``, which no ship spares)."""
    for end in range(len(path) - 1, 0, -1):
        if isinstance(path[end], int):
            return path[: end + 1]
    return path[:1] if len(path) > 1 else None


def _cut(data: Mapping[str, Any], cut: set[Path]) -> Spared:
    spared = copy.deepcopy(dict(data))
    drops: dict[Path, set[int]] = {}
    for path in cut:
        if isinstance(path[-1], int):
            drops.setdefault(path[:-1], set()).add(path[-1])
            continue
        parent = _at(spared, path[:-1])
        if isinstance(parent, dict):
            parent.pop(path[-1], None)
    kept: dict[Path, list[int]] = {}
    rooms_gone = [
        spared["rooms"][i]
        for i in sorted(drops.get(("rooms",), ()))
        if isinstance(spared.get("rooms"), list) and i < len(spared["rooms"])
    ]
    for list_path in sorted(drops, key=len, reverse=True):  # inner lists first
        items = _at(spared, list_path)
        if not isinstance(items, list):
            continue
        keep = [i for i in range(len(items)) if i not in drops[list_path]]
        items[:] = [items[i] for i in keep]
        kept[list_path] = keep
    return Spared(spared, kept, rooms_gone)


def _at(data: Any, path: Path) -> Any:
    for part in path:
        listed = isinstance(data, list) and isinstance(part, int) and part < len(data)
        if not listed and not (isinstance(data, Mapping) and part in data):
            return None
        data = data[part]
    return data
