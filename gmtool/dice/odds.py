"""Exact odds of a dice expression.

Totals are counted here: how many of the equally likely ways of rolling reach each one,
with the standard library (quicker than loading icepool, and exact). icepool, imported
only then, works out which dice a keep/drop term keeps (``4d6kh3``, ``adv``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmtool.dice.notation import Constant, DiceTerm, Expression, parse
from gmtool.errors import DiceError

EXPLODE_DEPTH = 5
"""Exploding dice are followed this many explosions deep; the rest is counted as stopping."""
MAX_TOTALS = 2000
"""Exact odds are refused past this many possible totals (2,000 take a few seconds)."""
MAX_KEEP_OUTCOMES = 500
"""A keep/drop pool's die may have at most this many outcomes (an exploding die counts its
whole chain): icepool works through a pool one outcome deeper per outcome, and near a
thousand it runs out of stack."""
MAX_WORK = 1_000_000
"""Exact odds are refused up front past this much work (``work``): about half a second on
a small machine with nothing else running, so at most a second or two when it is busy.
``13d23!`` (1.1 million) and ``12d%kl17`` (8.6 million) are past it: ``--sample`` estimates
those."""
KEEP_STEP = 2
"""A keep/drop pool's steps (dice x outcomes x (kept² x outcomes + dice), as measured) per
step of ``work``: icepool's step costs about half an addition of two big counts."""
EVEN_STEP = 4
"""Plain dice's steps (one running sum per die per total) per step of ``work``."""
SAMPLE_DICE = 500_000
"""The dice the suggested ``--sample`` rolls in all: about a second on a small machine
(some 400,000 dice a second); its error is then a fraction of a percent."""
MAX_SAMPLE_DICE = 2_000_000
"""``--sample N`` rolls at most this many dice in all (N x the dice of one roll): a few
seconds."""


def suggested_sample(tree: Expression) -> int:
    """A round number of rolls of about SAMPLE_DICE dice, between 1,000 and 100,000."""
    rolls = max(1_000, min(100_000, SAMPLE_DICE // max(1, _dice_of(tree))))
    scale = int(10 ** (len(str(rolls)) - 1))
    return rolls // scale * scale


def _dice_of(tree: Expression) -> int:
    return sum(term.count for term in tree.dice_terms)


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


Ways = dict[int, int]
"""How many of the equally likely ways of rolling reach each total."""


def distribution(expression: str | Expression) -> Distribution:
    tree = parse(expression) if isinstance(expression, str) else expression
    _check_size(tree)
    ways: Ways = {0: 1}
    every = 1
    for sign, term in zip(tree.signs, tree.terms, strict=True):
        part, out_of = _term_ways(term)
        if sign < 0:
            part = {-total: count for total, count in part.items()}
        ways, every = _add(ways, part), every * out_of
    chances = {total: Fraction(ways[total], every) for total in sorted(ways) if ways[total]}
    return Distribution(str(tree), chances)


def _check_size(tree: Expression) -> None:
    """Refuse, with the reason, what would take more than about a second to work out."""
    totals = 1
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
    steps = work(tree)
    if steps > MAX_WORK:
        raise DiceError(
            f"exact odds of '{tree}' would take too long: {steps:,} steps of work, past the"
            f" limit of {MAX_WORK:,} (about a second)",
            hint=f"'--sample {suggested_sample(tree)}' estimates them by rolling, with its error",
        )
    if totals > MAX_TOTALS:
        raise DiceError(
            f"exact odds of '{tree}' would take too long: {totals:,} possible totals "
            f"(the limit is {MAX_TOTALS:,})",
            hint=f"'--sample {suggested_sample(tree)}' estimates them by rolling, with its error",
        )


def work(tree: Expression) -> int:
    """The steps ``distribution`` takes for ``tree``, counted from the sizes of the tables
    of ways it adds (each addition of two tables costs the product of their sizes) without
    working any of them out; keep/drop pools by their own measure (KEEP_STEP)."""
    steps = 0
    size = 1  # the totals of the terms so far
    for term in tree.dice_terms:
        lowest = term.reroll_below or 1
        if term.keep is not None:
            outcomes = term.sides * (EXPLODE_DEPTH if term.explode else 1)
            kept = term.kept_count
            steps += term.count * outcomes * (kept * kept * outcomes + term.count) // KEEP_STEP
            part = kept * (outcomes - 1) + 1
        elif not term.explode:
            part = term.count * (term.sides - lowest) + 1
            steps += term.count * part // EVEN_STEP
        else:
            one = (term.sides - 1) * EXPLODE_DEPTH + term.sides  # one die's chain's totals
            part, count = 1, term.count
            while count:  # as ``_times`` doubles
                if count & 1:
                    steps, part = steps + part * one, part + one - 1
                count >>= 1
                if count:
                    steps, one = steps + one * one, 2 * one - 1
        steps += size * part
        size += part - 1
    return steps


@dataclass(frozen=True)
class Sampled(Distribution):
    """Chances estimated by rolling ``rolls`` times with the real roller (explosions
    followed as far as they go): each with its standard error."""

    rolls: int = 0

    def error(self, chance: Fraction) -> float:
        p = float(chance)
        return float((p * (1 - p) / self.rolls) ** 0.5)

    def to_json(self, *, vs: int | None = None) -> dict[str, Any]:
        doc = super().to_json(vs=vs)
        doc["sampled"] = self.rolls
        variance = sum(float(p) * (t - doc["mean"]) ** 2 for t, p in self.chances.items())
        doc["mean_error"] = (variance / self.rolls) ** 0.5
        for outcome, chance in zip(doc["outcomes"], sorted(self.chances.items()), strict=True):
            outcome["error"] = self.error(chance[1])
        if vs is not None:
            doc["vs"]["error"] = self.error(self.at_least(vs))
        return doc


def sample(expression: str | Expression, rolls: int, seed: int | None = None) -> Sampled:
    """Estimated chances of ``expression``'s totals from ``rolls`` rolls."""
    from collections import Counter

    from gmtool.dice.rng import Rng
    from gmtool.dice.roller import roll_expression

    tree = parse(expression) if isinstance(expression, str) else expression
    dice = max(1, _dice_of(tree))
    if rolls < 1 or rolls * dice > MAX_SAMPLE_DICE:
        most = max(1, MAX_SAMPLE_DICE // dice)
        raise DiceError(
            f"--sample {rolls:,}: give 1 to {most:,} rolls for '{tree}' (at most"
            f" {MAX_SAMPLE_DICE:,} dice in all)",
            hint=f"try --sample {suggested_sample(tree)}",
        )
    face = Rng.from_seed(seed).face
    counts = Counter(roll_expression(tree, face)[0] for _ in range(rolls))
    chances = {total: Fraction(n, rolls) for total, n in sorted(counts.items())}
    return Sampled(str(tree), chances, rolls)


def _term_ways(term: DiceTerm | Constant) -> tuple[Ways, int]:
    """The ways a term reaches each of its totals, and how many ways there are in all."""
    if isinstance(term, Constant):
        return {term.value: 1}, 1
    lowest = term.reroll_below or 1
    if term.keep is not None:
        return _ways_of(_kept_die(term))
    if not term.explode:
        return _even_dice(term.count, lowest, term.sides), (term.sides - lowest + 1) ** term.count
    return _times(*_die_ways(term.sides, lowest, EXPLODE_DEPTH), term.count)


def _even_dice(count: int, lowest: int, highest: int) -> Ways:
    """``count`` dice each showing ``lowest``..``highest`` evenly, added one at a time: the
    ways to a total are the ways to the totals one face below it, a running sum."""
    faces = highest - lowest + 1
    ways = [1]  # ways[k]: the ways to reach the lowest total + k
    for _ in range(count):
        padded = ways + [0] * (faces - 1)
        running = 0
        added = []
        for k, here in enumerate(padded):
            running += here - (padded[k - faces] if k >= faces else 0)
            added.append(running)
        ways = added
    return {count * lowest + k: n for k, n in enumerate(ways)}


def _die_ways(sides: int, lowest: int, explosions: int) -> tuple[Ways, int]:
    """One die showing ``lowest``..``sides`` evenly (lower faces are rerolled until they
    are not); its top face adds another die, of every face, up to ``explosions`` deep.
    Only a die's first roll is rerolled, not the dice it explodes into."""
    if explosions == 0:
        return {face: 1 for face in range(lowest, sides + 1)}, sides - lowest + 1
    more, more_every = _die_ways(sides, 1, explosions - 1)
    ways = {face: more_every for face in range(lowest, sides)}
    for total, n in more.items():
        ways[sides + total] = ways.get(sides + total, 0) + n
    return ways, (sides - lowest + 1) * more_every


def _add(a: Ways, b: Ways) -> Ways:
    """The ways to each total of two independent rolls added together."""
    total: Ways = {}
    for x, n in a.items():
        for y, m in b.items():
            total[x + y] = total.get(x + y, 0) + n * m
    return total


def _times(ways: Ways, every: int, count: int) -> tuple[Ways, int]:
    """``count`` independent rolls of the same die added, by repeated doubling."""
    total: Ways = {0: 1}
    all_ways = 1
    while count:
        if count & 1:
            total, all_ways = _add(total, ways), all_ways * every
        count >>= 1
        if count:
            ways, every = _add(ways, ways), every * every
    return total, all_ways


def _ways_of(die: Any) -> tuple[Ways, int]:
    """An icepool die as the ways to each outcome and the ways in all."""
    return {int(outcome): int(q) for outcome, q in die.items()}, int(die.denominator())


def _kept_die(term: DiceTerm) -> Any:
    """The sum of the dice a keep/drop term keeps, as icepool works it out."""
    import icepool

    kept = term.kept_count
    if kept == 0:
        return icepool.Die([0])
    assert term.keep is not None
    ways, _ = _die_ways(term.sides, term.reroll_below or 1, EXPLODE_DEPTH if term.explode else 0)
    die = icepool.Die(ways)
    if term.keep.mode in ("kh", "dl"):
        return die.highest(term.count, kept)
    return die.lowest(term.count, kept)
