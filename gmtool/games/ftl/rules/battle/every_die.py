"""Every way the dice can fall for a part of the battle, with its chance.

``every_die(start, play, observe)`` plays ``play`` on a fresh ``start()`` once for every
sequence of faces its rolls can show, entering the faces through a ``DiceDoor`` as a table
would with ``--dice``, and returns each final state with its chance. It is how ``ftl odds``
asks the tick's own functions what a shot does, and how the tests check the odds against
whole seconds.

A roll whose result the battle acts on at once (the dodge, and the chances of ``rolls``)
is played face by face and its faces that leave the same state are followed once; a chance
(``N%`` on ``N`` or less) is split where its faces change what happens, by halving. Other
rolls (coins, the corners of a spread) are followed face by face, since what they decide
may show only later.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Hashable
from fractions import Fraction
from typing import Generic, TypeVar

from gmtool.dice import DiceDoor
from gmtool.dice.rolled import Roll
from gmtool.games.ftl.rules.battle.rolls import ACTED_ON_AT_ONCE, THRESHOLD_ROLLS

S = TypeVar("S")
PLAIN = re.compile(r"(\d*)d(\d+)")


class _NeedDie(Exception):
    """The played part asked for one more die than the faces given."""

    def __init__(self, sides: int, who: str) -> None:
        super().__init__(f"one more d{sides} for {who}")
        self.sides = sides
        self.who = who


class _PathDoor(DiceDoor):
    """A door of entered faces that asks for more instead of refusing when they run out."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(entered=faces)

    def roll(self, expression: str, *, who: str = "", label: str = "") -> Roll:
        found = PLAIN.fullmatch(expression)
        if found is None:
            raise ValueError(f"every_die plays plain dice only, not {expression}")
        count = int(found.group(1) or 1)
        assert self.entered is not None
        if self.entered.left < count:
            raise _NeedDie(int(found.group(2)), who)
        return super().roll(expression, who=who, label=label)


class _Played(Generic[S]):
    """One way played as far as its faces go: the state, the die it asks for next (None:
    done), and the names of the rolls it made."""

    def __init__(self, state: S, need: _NeedDie | None, door: DiceDoor) -> None:
        self.state, self.need = state, need
        self.names = tuple(roll.who for roll in door.rolls)


class _Paths(Generic[S]):
    """The ways still open, one die further at each step; ways that stand at the same
    place (``reached``) go on as one, their chances added."""

    def __init__(
        self,
        start: Callable[[], S],
        play: Callable[[S, DiceDoor], object],
        observe: Callable[[S], Hashable],
        merged: Collection[str],
    ) -> None:
        self.start, self.play, self.observe, self.merged = start, play, observe, merged
        self.found: list[tuple[Fraction, S]] = []
        self.probed: dict[tuple[int, ...], _Played[S]] = {}

    def run(self, faces: tuple[int, ...]) -> _Played[S]:
        probed = self.probed.pop(faces, None)
        if probed is not None:  # played already, to see what followed the last face
            return probed
        state = self.start()
        door = _PathDoor(list(faces))
        try:
            self.play(state, door)
        except _NeedDie as need:
            return _Played(state, need, door)
        return _Played(state, None, door)

    def reached(self, played: _Played[S]) -> Hashable:
        """Where a way stands: the rolls it made, by name (the same names in the same
        order: the same steps of the rules), the state, and the roll it asks for next."""
        asks = None if played.need is None else played.need.who
        return (played.names, self.observe(played.state), asks)

    def follow_all(self) -> None:
        ways: dict[Hashable, tuple[tuple[int, ...], Fraction]] = {(): ((), Fraction(1))}
        while ways:
            further: dict[Hashable, tuple[tuple[int, ...], Fraction]] = {}
            for faces, chance in ways.values():
                played = self.run(faces)
                if played.need is None:
                    self.found.append((chance, played.state))
                    continue
                for face, weight, seen in self.faces(faces, played.need):
                    way = (*faces, face)
                    key = way if seen is None else seen
                    known = further.get(key)
                    if known is not None:  # reached already by another way: one way on
                        self.probed.pop(way, None)
                        way, chance_before = known
                        further[key] = (way, chance_before + chance * weight)
                    else:
                        further[key] = (way, chance * weight)
            ways = further

    def faces(
        self, faces: tuple[int, ...], need: _NeedDie
    ) -> list[tuple[int, Fraction, Hashable | None]]:
        """(a face, the chance of the faces it stands for, what it leads to when that is
        known) for the die ``need`` asks for."""
        sides = need.sides
        if need.who not in self.merged:
            return [(face, Fraction(1, sides), None) for face in range(1, sides + 1)]
        seen: dict[int, Hashable] = {}

        def after(face: int) -> Hashable:
            if face not in seen:
                played = self.run((*faces, face))
                self.probed[(*faces, face)] = played
                seen[face] = self.reached(played)
            return seen[face]

        if need.who in THRESHOLD_ROLLS:
            runs = _runs_by_halving(1, sides, after)
        else:
            grouped: dict[Hashable, list[int]] = {}
            for face in range(1, sides + 1):
                grouped.setdefault(after(face), []).append(face)
            runs = {key: [group[0], len(group)] for key, group in grouped.items()}
        kept = {first for first, _ in runs.values()}
        for face in seen.keys() - kept:  # only the faces followed are played again
            self.probed.pop((*faces, face), None)
        return [(first, Fraction(count, sides), key) for key, (first, count) in runs.items()]


def _runs_by_halving(
    low: int, high: int, after: Callable[[int], Hashable]
) -> dict[Hashable, list[int]]:
    """The faces low..high grouped by what follows (a chance changes once, at its
    percent): {what follows: [first face, how many]}."""
    runs: dict[Hashable, list[int]] = {}
    pending = [(low, high)]
    while pending:
        a, b = pending.pop()
        if after(a) == after(b) or a == b:
            run = runs.setdefault(after(a), [a, 0])
            run[0] = min(run[0], a)
            run[1] += b - a + 1
            continue
        middle = (a + b) // 2
        pending += [(a, middle), (middle + 1, b)]
    return runs


def every_die(
    start: Callable[[], S],
    play: Callable[[S, DiceDoor], object],
    observe: Callable[[S], Hashable] = lambda state: json.dumps(state, sort_keys=True),
    merged: Collection[str] = ACTED_ON_AT_ONCE,
) -> list[tuple[Fraction, S]]:
    """(chance, final state) for every way the dice ``play`` rolls can fall; the chances
    add up to 1. ``observe`` tells two states apart (the whole state, by default): faces
    that leave states it cannot tell apart are followed once, so it must see everything
    the caller reads from the final states. ``merged``: the rolls whose faces may be
    followed once so (by default those the battle acts on before its next roll)."""
    paths: _Paths[S] = _Paths(start, play, observe, merged)
    paths.follow_all()
    return paths.found
