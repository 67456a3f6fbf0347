"""Are the counts even? Pearson's chi-squared test of counts against equal shares.

A simulator's report asks it of its wins by seat (or clan): with ``k`` seats that won
``n`` games between them, an even game gives each ``n / k`` on average, and the test's
``p`` is the chance that an even game's counts would stray at least as far as these did
(below 0.05: one run in twenty of an even game, so the spread is most likely the game's).
The p-value is the chi-squared distribution's upper tail with ``k - 1`` degrees of
freedom, worked out in closed form (the regularized upper gamma function of half-integer
order), so no statistics library is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def chi_square_even(counts: Sequence[int]) -> tuple[float, float]:
    """``(chi², p)`` of ``counts`` against an even share of their sum; ``(0.0, 1.0)`` for
    fewer than two groups or no count at all."""
    total = sum(counts)
    if len(counts) < 2 or total == 0:
        return 0.0, 1.0
    expected = total / len(counts)
    chi2 = sum((count - expected) ** 2 / expected for count in counts)
    return chi2, upper_tail(chi2, len(counts) - 1)


def upper_tail(chi2: float, freedom: int) -> float:
    """P(X ≥ ``chi2``) for X chi-squared with ``freedom`` degrees of freedom (≥ 1)."""
    half = chi2 / 2
    if freedom % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, freedom // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half) * 2 / math.sqrt(math.pi)  # x^(1/2) / Γ(3/2)
    for i in range((freedom - 1) // 2):
        total += math.exp(-half) * term
        term *= half / (i + 1.5)
    return min(1.0, total)
