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
MAX_KEEP_OUTCOMES = 500
"""A keep/drop pool's die may have at most this many outcomes (an exploding die counts its
whole chain): icepool works through a pool one outcome deeper per outcome, and near a
thousand it runs out of stack."""
MAX_KEEP_WORK = 20_000_000
"""...and a keep/drop pool's work, as measured: dice x outcomes x (kept² x outcomes + dice).
Twenty million is about two and a half seconds on a small machine."""


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
    keep_work = 0
    for term in tree.dice_terms:
        outcomes = term.sides * (EXPLODE_DEPTH if term.explode else 1)
        totals += term.kept_count * (outcomes - 1)
        if term.keep is None or term.kept_count == 0:
            continue
        pool = f"{term.count}d{term.sides}{'!' if term.explode else ''}"
        if outcomes > MAX_KEEP_OUTCOMES:
            raise DiceError(
                f"exact odds of '{tree}' cannot keep or drop dice of {pool}: a die of "
                f"{outcomes:,} outcomes is past the limit of {MAX_KEEP_OUTCOMES:,}",
                hint="try smaller dice, or no keep/drop",
            )
        kept = term.kept_count
        keep_work += term.count * outcomes * (kept * kept * outcomes + term.count)
    if keep_work > MAX_KEEP_WORK:
        raise DiceError(
            f"exact odds of '{tree}' would take too long: keeping and dropping among these"
            f" dice is {keep_work:,} steps of work, past the limit of {MAX_KEEP_WORK:,}",
            hint="try fewer or smaller dice, or keep fewer",
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
