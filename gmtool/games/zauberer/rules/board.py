"""The board as a graph: spaces, the steps toward the centre, distances, paths.

A board is a mapping ``space -> {"colour", "next"}``: ``next`` lists the spaces one step
nearer the centre (two or more at a fork, the first being the default way). Moving back
follows ``next`` the other way. "Distance to the centre" is the fewest steps along
``next``; how far two pieces are apart (for a duel) counts steps along the paths either way.
These functions serve both the content check and the rules, so they take plain mappings.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

Spaces = Mapping[str, Mapping[str, Any]]
COLOURS = ("white", "green", "red", "blue", "centre")


def problems(spaces: Spaces, centre: str, starts: Mapping[str, str]) -> list[str]:
    """Everything wrong with a board, one sentence each (empty when it is sound)."""
    found: list[str] = []
    if centre not in spaces:
        return [f"the centre '{centre}' is not one of the spaces"]
    for name, space in spaces.items():
        for step in space["next"]:
            if step not in spaces:
                found.append(f"space {name}: next names '{step}', which is not a space")
            elif step == name:
                found.append(f"space {name}: next names the space itself")
    if spaces[centre]["next"]:
        found.append(f"the centre '{centre}' must have no next spaces")
    for clan, start in starts.items():
        if start not in spaces:
            found.append(f"starts.{clan}: '{start}' is not a space")
    if found:
        return found
    if len(set(starts.values())) != len(starts):
        found.append("two clans share a start space")
    distance = distances(spaces, centre)
    for name in spaces:
        if name not in distance:
            found.append(f"space {name}: no way leads from it to the centre")
    cycle = _cycle(spaces)
    if cycle:
        found.append(f"the way toward the centre goes round in a loop: {' -> '.join(cycle)}")
    return found


def distances(spaces: Spaces, centre: str) -> dict[str, int]:
    """Fewest steps from each space to the centre along ``next`` (spaces that cannot reach
    the centre are left out)."""
    before = previous(spaces)
    distance = {centre: 0}
    queue = deque([centre])
    while queue:
        here = queue.popleft()
        for earlier in before.get(here, ()):
            if earlier not in distance:
                distance[earlier] = distance[here] + 1
                queue.append(earlier)
    return distance


def previous(spaces: Spaces) -> dict[str, list[str]]:
    """For each space, the spaces whose ``next`` leads to it (one step away from the centre),
    in board order."""
    before: dict[str, list[str]] = {name: [] for name in spaces}
    for name, space in spaces.items():
        for step in space["next"]:
            if step in before:
                before[step].append(name)
    return before


def steps_apart(
    spaces: Spaces, before: Mapping[str, list[str]], a: str, b: str, *, limit: int | None = None
) -> int | None:
    """Steps between two spaces along the paths, either way (None if not connected, or
    farther apart than ``limit``)."""
    return steps_from(spaces, before, a, limit=limit).get(b)


def steps_from(
    spaces: Spaces, before: Mapping[str, list[str]], a: str, *, limit: int | None = None
) -> dict[str, int]:
    """Every space connected to ``a`` (at most ``limit`` steps away), with its steps from
    ``a`` along the paths, either way: one search answers for every other piece."""
    seen = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if limit is not None and seen[here] >= limit:
            continue
        for other in (*spaces[here]["next"], *before[here]):
            if other not in seen:
                seen[other] = seen[here] + 1
                queue.append(other)
    return seen


def path_between(spaces: Spaces, before: Mapping[str, list[str]], a: str, b: str) -> list[str]:
    """The shortest path from ``a`` to ``b`` along the paths, either way, both ends included."""
    came: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            break
        for other in (*spaces[here]["next"], *before[here]):
            if other not in came:
                came[other] = here
                queue.append(other)
    path = [b]
    while came.get(path[-1]) is not None:
        path.append(came[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def _cycle(spaces: Spaces) -> list[str]:
    """A loop along ``next``, if the board has one."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = 1
        trail.append(name)
        for step in spaces[name]["next"]:
            if state.get(step) == 1:
                return [*trail[trail.index(step) :], step]
            if step not in state:
                found = visit(step)
                if found:
                    return found
        state[name] = 2
        trail.pop()
        return []

    for name in spaces:
        if name not in state:
            found = visit(name)
            if found:
                return found
    return []
