"""The dice figures' arithmetic, against values worked out by hand."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from gmtool.dice.fairness import chi_square_p, fit, luck, ways_at_most


def test_ways_at_most_counts_throws() -> None:
    # 3d6: 108 of the 216 throws make 10 or less (the two halves of a symmetric bell).
    assert ways_at_most(10, 3, 6) == 108
    # 2d6 at most 4: 1+1, 1+2, 2+1, 1+3, 3+1, 2+2.
    assert ways_at_most(4, 2, 6) == 6
    assert ways_at_most(1, 2, 6) == 0  # below the least
    assert ways_at_most(12, 2, 6) == 36  # the most: every throw


@pytest.mark.parametrize(
    ("total", "dice", "sides", "expected"),
    [
        (7, 2, 6, Fraction(1, 2)),  # 15 below, 6 equal: (15 + 3) / 36
        (12, 2, 6, Fraction(71, 72)),  # 35 below, 1 equal
        (2, 2, 6, Fraction(1, 72)),  # none below, 1 equal
        (20, 1, 20, Fraction(39, 40)),  # 19 below, 1 equal: (19 + 1/2) / 20
        (1, 1, 20, Fraction(1, 40)),
        (10, 3, 6, Fraction(2 * 81 + 27, 2 * 216)),  # 81 throws make 9 or less, 27 make 10
    ],
)
def test_luck_is_the_mid_percentile(total: int, dice: int, sides: int, expected: Fraction) -> None:
    assert luck(total, dice, sides) == expected


def test_luck_of_many_dice_is_symmetric() -> None:
    # 1,000 d20 total 10,500 is the exact middle: as many throws above as below.
    assert luck(10_500, 1000, 20) == Fraction(1, 2)
    assert luck(10_400, 1000, 20) + luck(10_600, 1000, 20) == 1


@pytest.mark.parametrize(
    ("chi", "freedom", "p"),
    [
        (4.0, 2, math.exp(-2.0)),  # two degrees of freedom: P = e^(-x/2) exactly
        (10.0, 2, math.exp(-5.0)),
        (3.841459, 1, 0.05),  # the tables' 5% points
        (11.070498, 5, 0.05),
        (30.143527, 19, 0.05),
        (15.086272, 5, 0.01),
    ],
)
def test_chi_square_p_value(chi: float, freedom: int, p: float) -> None:
    assert chi_square_p(chi, freedom) == pytest.approx(p, rel=1e-6)


def test_a_loaded_d6_fails_at_600_rolls() -> None:
    # Sixes a quarter of the time: 150 sixes, 90 of every other face.
    faces = [6] * 150 + [face for face in range(1, 6) for _ in range(90)]
    test = fit(faces, 6)
    # (150-100)^2/100 + 5 * (90-100)^2/100 = 25 + 5 = 30, five degrees of freedom.
    assert test.chi_square == pytest.approx(30.0)
    assert test.p_value == pytest.approx(1.4748e-5, rel=1e-3)
    assert test.standing_out() == [(6, 150)]  # (150-100)/10 = 5 residuals; the 90s are 1


def test_a_fair_d6_passes_at_600_rolls() -> None:
    generator = random.Random(20261201)
    faces = [generator.randint(1, 6) for _ in range(600)]
    test = fit(faces, 6)
    assert test.enough
    assert test.p_value > 0.05
    assert fit([face for face in range(1, 7) for _ in range(100)], 6).p_value == 1.0


def test_a_verdict_needs_five_rolls_a_face() -> None:
    assert fit([1] * 29, 6).enough is False
    assert fit([1] * 30, 6).enough is True
    assert fit([], 20).needed == 100
