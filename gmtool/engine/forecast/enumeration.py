"""An exact forecast: every branch of the dice played once, weighted by its chance."""

from __future__ import annotations

from gmtool.dice import Rng
from gmtool.engine.forecast.figures import Tally
from gmtool.engine.forecast.playout import Setup, play_out
from gmtool.errors import GmtoolError, RulesError


class EnumeratingRng(Rng):
    """A generator that walks every sequence of faces in turn: a die beyond the path so
    far starts at its first face; ``advance`` moves to the next path. Each path's chance
    is the product of 1/sides of its dice."""

    __slots__ = ("depth", "path")

    def __init__(self) -> None:
        super().__init__(0)
        self.path: list[tuple[int, int]] = []  # (face index, sides)
        self.depth = 0

    def below(self, n: int) -> int:
        if self.depth < len(self.path):
            index, sides = self.path[self.depth]
            if sides != n:
                raise RulesError("an exact forecast needs the same dice on every replay")
        else:
            index = 0
            self.path.append((0, n))
        self.depth += 1
        return index

    def face(self, sides: int) -> int:
        return self.below(sides) + 1

    def weight(self) -> float:
        weight = 1.0
        for _, sides in self.path[: self.depth]:
            weight /= sides
        return weight

    def advance(self) -> bool:
        """The next path; False when every path has been walked."""
        del self.path[self.depth :]
        while self.path:
            index, sides = self.path[-1]
            if index + 1 < sides:
                self.path[-1] = (index + 1, sides)
                self.depth = 0
                return True
            self.path.pop()
        return False


EXACT_STEPS = 60
"""An exact forecast is tried only for games this short: a branch longer is given up."""
PROBE = 50
"""After this many branches, an exact forecast whose branches so far weigh too little to
finish within its limit is given up (their count over their weight estimates the whole)."""


def enumerated(setup: Setup, limit: int) -> Tally | None:
    """Every branch of the dice played once, weighted by its chance; None when there are
    more than ``limit`` branches, one runs past ``EXACT_STEPS`` actions, or a policy is
    not deterministic."""
    if not setup.rules.ENUMERABLE:
        return None
    if not all(policy.deterministic for policy in setup.policies.values()):
        return None
    tally = Tally(setup.sides)
    dice = EnumeratingRng()
    for _ in range(limit):
        dice.depth = 0
        try:
            played = play_out(setup, dice, Rng.from_seed(0), steps=EXACT_STEPS)
        except GmtoolError:  # a branch the rules refuse to go on with (ties forever)
            return None
        if not played.finished:
            return None
        tally.add(played.record, dice.weight())
        if not dice.advance():
            return tally
        if tally.runs >= PROBE and tally.runs > tally.games * limit * 4:
            return None  # the branches walked so far are too small a share of the whole
    return None
