"""Exact odds, checked against brute-force enumeration through the real roller."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from gmtool.dice import parse
from gmtool.dice.odds import distribution
from gmtool.dice.roller import roll_expression


def brute_force(expression: str) -> dict[int, Fraction]:
    """Enumerate every face combination (no explosions or rerolls) through roll_expression."""
    tree = parse(expression)
    sides = [t.sides for t in tree.dice_terms for _ in range(t.count)]
    totals: Counter[int] = Counter()
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        queue = iter(faces)
        total, _ = roll_expression(tree, lambda _sides, queue=queue: next(queue))
        totals[total] += 1
    count = sum(totals.values())
    return {total: Fraction(n, count) for total, n in totals.items()}


@pytest.mark.parametrize(
    "expression",
    ["3d6", "2d6+3", "4d6kh3", "4d6dl1", "3d6dh1", "2d20kl1", "adv", "1d8 - 1d4", "2d4 + 1d6kh1"],
)
def test_odds_match_brute_force(expression: str) -> None:
    assert distribution(expression).chances == brute_force(expression)


def test_meet_or_beat() -> None:
    assert distribution("2d6").at_least(7) == Fraction(21, 36)
    assert distribution("1d20").at_least(20) == Fraction(1, 20)
    assert distribution("3d6").to_json(vs=12)["vs"]["fraction"] == "3/8"


def test_reroll_below_removes_low_faces() -> None:
    assert distribution("d6r<3").chances == {f: Fraction(1, 4) for f in (3, 4, 5, 6)}


def test_exploding_die_follows_its_chain() -> None:
    chances = distribution("d6!").chances
    assert chances[5] == Fraction(1, 6)
    assert chances[8] == Fraction(1, 36)  # 6 then 2
    assert 6 not in chances and 12 not in chances


def test_large_sums_work_and_huge_ones_are_refused_with_the_reason() -> None:
    from gmtool.errors import DiceError

    dist = distribution("300d6")
    assert (min(dist.chances), max(dist.chances), dist.mean()) == (300, 1800, 1050)
    assert sum(dist.chances.values()) == 1
    for expression in ("1000d20", "1000d6kh500", "1000d6!"):
        with pytest.raises(DiceError, match="would take too long"):
            distribution(expression)


def test_long_distributions_are_charted_in_ranges(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.render.dice import MAX_ROWS

    result = gmtool("odds", "20d100", "--vs", "1000")
    rows = [line for line in result.out.splitlines() if "█" in line]
    assert result.code == 0 and 10 < len(rows) <= MAX_ROWS
    assert "–" in rows[0] and "under 1 in a million" in result.out


@pytest.mark.parametrize("expression", ["1d2000kh1", "2d1000kh1", "2d300!kh1"])
def test_keeping_among_dice_of_many_outcomes_is_refused_not_a_crash(expression: str) -> None:
    from gmtool.errors import DiceError

    with pytest.raises(DiceError, match="outcomes is past the limit"):
        distribution(expression)


@pytest.mark.parametrize("expression", ["100d20kh99", "400d6kh200", "25d100kh24", "1000d500kh1"])
def test_keep_pools_that_take_many_seconds_are_refused(expression: str) -> None:
    # Each of these took from ten seconds to over a minute.
    from gmtool.errors import DiceError

    with pytest.raises(DiceError, match="steps of work"):
        distribution(expression)


def test_the_largest_keep_pools_allowed_still_work() -> None:
    # A die of 500 outcomes (an exploding d100) is worked out without running out of stack.
    dist = distribution("2d100!kh1")
    assert sum(dist.chances.values()) == 1 and min(dist.chances) == 1
    assert distribution("10d10kh5").mean() > distribution("5d10").mean()


REFERENCES: list[tuple[str, Callable[[Any], Any]]] = [
    ("20d6", lambda icepool: 20 @ icepool.d6),
    ("d10+d10+d10", lambda icepool: 3 @ icepool.d10),
    ("2d6 - 1d4 + 3", lambda icepool: 2 @ icepool.d6 - icepool.d4 + 3),
    ("150d6", lambda icepool: 150 @ icepool.d6),
    ("4d6! + 1d8", lambda icepool: 4 @ icepool.d6.explode(depth=5) + icepool.d8),
    ("3d6r<2 - 2", lambda icepool: 3 @ icepool.d6.reroll([1], depth="inf") - 2),
    ("d6!", lambda icepool: icepool.d6.explode(depth=5)),
    (
        "2d4r<3!",
        lambda icepool: (
            2
            @ icepool.d4.reroll([1, 2], depth="inf").map(
                lambda face: 4 + icepool.d4.explode(depth=4) if face == 4 else face
            )
        ),
    ),
]


@pytest.mark.parametrize(("expression", "reference"), REFERENCES)
def test_totals_counted_here_agree_with_icepool(
    expression: str, reference: Callable[[Any], Any]
) -> None:
    import icepool

    die = reference(icepool)
    expected = {int(o): Fraction(q, die.denominator()) for o, q in die.items() if q}
    assert distribution(expression).chances == expected


@pytest.mark.parametrize("expression", ["13d23!", "12d%kl17", "2d200!", "8d50!"])
def test_odds_past_a_second_of_work_are_refused_up_front_naming_sample(
    gmtool, expression: str, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.dice import odds

    def worked_out(*_: object) -> None:
        raise AssertionError(f"{expression} was worked out before it was refused")

    monkeypatch.setattr(odds, "_term_ways", worked_out)  # refused by counting, not by trying
    result = gmtool("odds", expression)
    assert result.code == 5 and len(result.err.strip().splitlines()) == 1
    assert "steps of work" in result.err and "--sample" in result.err


def test_the_work_counted_is_what_the_exact_odds_take() -> None:
    """The count of ``work`` against the clock: within the limit every expression here is
    worked out in well under the few seconds a refusal saves."""
    import time

    from gmtool.dice.odds import MAX_WORK, work

    for expression in ("12d20!", "6d100kh3", "300d6", "10d30kh5", "3d6+2d10!", "20d100"):
        assert work(parse(expression)) <= MAX_WORK
        started = time.perf_counter()
        distribution(expression)
        assert time.perf_counter() - started < 5


def test_a_sample_is_near_the_exact_odds_within_its_error() -> None:
    from gmtool.dice.odds import sample

    exact = distribution("3d6")
    doc = sample("3d6", 20_000, seed=4).to_json(vs=12)
    assert doc["sampled"] == 20_000 and doc["vs"]["error"] > 0
    for outcome in doc["outcomes"]:
        chance = float(exact.chances[outcome["total"]])
        assert abs(outcome["probability"] - chance) <= 5 * outcome["error"] + 1e-9
    assert abs(doc["mean"] - 10.5) <= 5 * doc["mean_error"]
    assert abs(doc["vs"]["probability"] - 0.375) <= 5 * doc["vs"]["error"]


def test_odds_sample_charts_an_estimate_and_says_its_error(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("odds", "13d23!", "--sample", "3000", "--vs", "200")
    assert result.code == 0, result.err
    assert "estimated from 3,000 rolls" in result.out and "standard error" in result.out
    refused = gmtool("odds", "13d23!", "--sample", "900000")
    assert refused.code == 5 and "at most 2,000,000 dice" in refused.err
