"""Exact odds of a dice expression. icepool is imported here, so only odds commands pay for it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmtool.dice.notation import DiceTerm, Expression, parse
from gmtool.errors import DiceError

EXPLODE_DEPTH = 5
"""Exploding dice are followed this many explosions deep; the rest is counted as stopping."""
MAX_TOTALS = 2000
"""Exact odds are refused past this many possible totals (2,000 take a few seconds)."""
MAX_POOL = 2500
"""...and for keep/drop, past this many dice times sides."""


@dataclass(frozen=True)
class Distribution:
    """Every possible total with its exact probability."""

    expression: str
    chances: dict[int, Fraction]

    def at_least(self, target: int) -> Fraction:
        return sum((p for total, p in self.chances.items() if total >= target), Fraction(0))

    def mean(self) -> Fraction:
        return sum((total * p for total, p in self.chances.items()), Fraction(0))

    def to_json(self, *, vs: int | None = None) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "expression": self.expression,
            "min": min(self.chances),
            "max": max(self.chances),
            "mean": float(self.mean()),
            "outcomes": [
                {"total": total, "probability": float(p), "fraction": str(p)}
                for total, p in sorted(self.chances.items())
            ],
        }
        if vs is not None:
            chance = self.at_least(vs)
            doc["vs"] = {"target": vs, "probability": float(chance), "fraction": str(chance)}
        return doc


def distribution(expression: str | Expression) -> Distribution:
    tree = parse(expression) if isinstance(expression, str) else expression
    _check_size(tree)
    return Distribution(str(tree), die_chances(_to_icepool(tree)))


def _check_size(tree: Expression) -> None:
    """Refuse, with the reason, what would take minutes to work out exactly."""
    totals = 1
    for term in tree.dice_terms:
        chain_max = term.sides * (EXPLODE_DEPTH if term.explode else 1)
        totals += term.kept_count * (chain_max - 1)
        if term.keep is not None and term.count * term.sides > MAX_POOL:
            raise DiceError(
                f"exact odds of '{tree}' would take too long: keeping from {term.count}d"
                f"{term.sides} is past the limit of {MAX_POOL:,} dice times sides",
                hint="try fewer or smaller dice",
            )
    if totals > MAX_TOTALS:
        raise DiceError(
            f"exact odds of '{tree}' would take too long: {totals:,} possible totals "
            f"(the limit is {MAX_TOTALS:,})",
            hint="try fewer or smaller dice",
        )


def die_chances(die: Any) -> dict[int, Fraction]:
    """An icepool die as ``{outcome: Fraction}``."""
    denominator = die.denominator()
    return {int(outcome): Fraction(q, denominator) for outcome, q in die.items()}


def _to_icepool(tree: Expression) -> Any:
    import icepool

    total: Any = icepool.Die([0])
    for sign, term in zip(tree.signs, tree.terms, strict=True):
        part: Any = _term_die(term) if isinstance(term, DiceTerm) else icepool.Die([term.value])
        total = total + part if sign > 0 else total - part
    return total


def _term_die(term: DiceTerm) -> Any:
    import icepool

    sides = term.sides
    first: Any = icepool.d(sides)
    if term.reroll_below is not None and term.reroll_below > 1:
        first = first.reroll(list(range(1, term.reroll_below)), depth="inf")
    chain = first
    if term.explode:
        more = icepool.d(sides).explode(depth=EXPLODE_DEPTH - 1)
        chain = first.map(lambda face: sides + more if face == sides else face)
    if term.keep is None:
        return _sum_of(chain, term.count)
    kept = term.kept_count
    if kept == 0:
        return icepool.Die([0])
    highest = term.keep.mode in ("kh", "dl")
    pool = chain.pool(term.count)
    return (pool.highest(kept) if highest else pool.lowest(kept)).sum()


def _sum_of(die: Any, count: int) -> Any:
    """The sum of ``count`` rolls of ``die`` by repeated doubling (icepool's own ``@``
    recurses once per die and overflows the stack near a thousand dice)."""
    import icepool

    total: Any = icepool.Die([0])
    power = die
    while count:
        if count & 1:
            total = total + power
        count >>= 1
        if count:
            power = power + power
    return total
