"""What a list of faces says about the dice that made them: exact luck and a fairness test.

- ``luck``: where a total of n fair s-sided dice falls among every total those dice could
  have given (its mid-percentile, counted exactly);
- ``fit``: Pearson's chi-square test of faces against a fair die, with its p-value and the
  faces that stand out.

Pure arithmetic on integers, no statistics package: the count of ways n dice make a total
is a sum of binomials (inclusion-exclusion), and the chi-square p-value is the regularised
upper incomplete gamma function, worked out by its series or its continued fraction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction


def ways_at_most(total: int, dice: int, sides: int) -> int:
    """How many of the ``sides ** dice`` throws of ``dice`` fair dice (faces 1..sides) make
    ``total`` or less."""
    if total < dice:
        return 0
    if total >= dice * sides:
        return int(sides**dice)
    # Faces 0..sides-1 summing to at most t = total - dice: subtract, for each set of j dice
    # pushed past the top, the throws counted twice (inclusion-exclusion).
    t = total - dice
    count = 0
    for j in range(min(dice, t // sides) + 1):
        term = math.comb(dice, j) * math.comb(t - j * sides + dice, dice)
        count += -term if j % 2 else term
    return count


def luck(total: int, dice: int, sides: int) -> Fraction:
    """The mid-percentile of ``total`` among the totals of ``dice`` fair ``sides``-sided dice:
    the share of throws below it, plus half the share equal to it (0.5 is dead average; 0.95
    means luckier than 95% of the ways those dice could have fallen)."""
    if dice <= 0:
        return Fraction(1, 2)
    below = ways_at_most(total - 1, dice, sides)
    equal = ways_at_most(total, dice, sides) - below
    return Fraction(2 * below + equal, 2 * sides**dice)


@dataclass(frozen=True)
class Fit:
    """A chi-square test of ``rolls`` faces of a die of ``sides`` against a fair one."""

    sides: int
    rolls: int
    counts: tuple[int, ...]
    """How often each face 1..sides came up."""
    chi_square: float
    p_value: float
    needed: int
    """How many rolls the test needs before its p-value means something."""

    @property
    def enough(self) -> bool:
        return self.rolls >= self.needed

    @property
    def expected(self) -> float:
        return self.rolls / self.sides

    def standing_out(self, limit: float = 2.0) -> list[tuple[int, int]]:
        """(face, count) of the faces further than ``limit`` standard residuals from what a
        fair die gives, the furthest first."""
        if not self.rolls:
            return []
        expected = self.expected
        residual = {face: (count - expected) / math.sqrt(expected) for face, count in self.faces()}
        out = [face for face in residual if abs(residual[face]) > limit]
        out.sort(key=lambda face: -abs(residual[face]))
        return [(face, self.counts[face - 1]) for face in out]

    def faces(self) -> list[tuple[int, int]]:
        return [(face, count) for face, count in enumerate(self.counts, start=1)]


def fit(faces: Iterable[int], sides: int, *, min_expected: int = 5) -> Fit:
    """Pearson's test of ``faces`` (each 1..sides) against a fair die. ``min_expected``: the
    count each face must be expected to reach before the test is trusted (the usual five)."""
    counts = [0] * sides
    for face in faces:
        counts[face - 1] += 1
    rolls = sum(counts)
    needed = min_expected * sides
    if rolls == 0:
        return Fit(sides, 0, tuple(counts), 0.0, 1.0, needed)
    expected = rolls / sides
    chi = sum((count - expected) ** 2 for count in counts) / expected
    return Fit(sides, rolls, tuple(counts), chi, chi_square_p(chi, sides - 1), needed)


def chi_square_p(chi: float, freedom: int) -> float:
    """P(X >= chi) for X chi-square distributed with ``freedom`` degrees of freedom."""
    if chi <= 0:
        return 1.0
    return upper_gamma_ratio(freedom / 2, chi / 2)


def upper_gamma_ratio(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the regularised upper incomplete gamma function: by the
    series of the lower part when x < a + 1 (where it converges fast), else by the continued
    fraction of the upper part (evaluated with the modified Lentz method)."""
    if x < a + 1:
        return 1.0 - _lower_series(a, x)
    return _upper_fraction(a, x)


_EPSILON = 1e-15
_TINY = 1e-300


def _log_prefactor(a: float, x: float) -> float:
    return a * math.log(x) - x - math.lgamma(a)


def _lower_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(_log_prefactor(a, x))


def _upper_fraction(a: float, x: float) -> float:
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < _EPSILON:
            break
    return math.exp(_log_prefactor(a, x)) * h


def mean(faces: Sequence[int]) -> float:
    return sum(faces) / len(faces) if faces else 0.0


def fair_mean(sides: int) -> float:
    return (sides + 1) / 2
