"""What the dice really did: for each roller and die, the rolls, the mean and the luck; for
the physical dice (entered faces) of each size, whether they look fair.

Read from the live entries of the log (undone entries left out): every die a roll threw
counts, kept or dropped, as each is one throw of a die."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gmtool.dice import fairness
from gmtool.engine.sessions import log_settings

if TYPE_CHECKING:
    from gmtool.store.records import Entry

ENTERED = "entered"


@dataclass(frozen=True)
class Thrown:
    """One die thrown: who threw it, its size, its face, whether it was a physical die."""

    who: str
    sides: int
    face: int
    entered: bool


def thrown(entries: Iterable[Entry]) -> list[Thrown]:
    dice: list[Thrown] = []
    for entry in entries:
        if entry.voided:
            continue
        for roll in entry.dice:
            if not isinstance(roll, dict):
                continue
            who = str(roll.get("who") or entry.who or "GM")
            entered = roll.get("source") == ENTERED
            for die in roll.get("dice") or []:
                sides, face = die.get("sides"), die.get("face")
                if isinstance(sides, int) and isinstance(face, int) and 1 <= face <= sides > 1:
                    dice.append(Thrown(who, sides, face, entered))
    return dice


def luck_figure(total: int, count: int, sides: int) -> tuple[float, bool]:
    """(mid-percentile, exact?) of ``count`` dice of ``sides`` totalling ``total``: counted
    exactly up to ``exact_luck_up_to`` dice, else by the normal approximation."""
    if count <= log_settings()["dice"]["exact_luck_up_to"]:
        return float(fairness.luck(total, count, sides)), True
    import math

    mean = count * (sides + 1) / 2
    spread = math.sqrt(count * (sides * sides - 1) / 12)
    return 0.5 * (1 + math.erf((total - mean) / (spread * math.sqrt(2)))), False


def report(
    entries: Iterable[Entry], *, who: str | None = None, die: int | None = None
) -> dict[str, Any]:
    """The figures as one document: ``rollers`` (each roller's dice of each size) and
    ``physical`` (the entered dice of each size, tested against a fair die)."""
    settings = log_settings()["dice"]
    dice = thrown(entries)
    if who is not None:
        dice = [d for d in dice if d.who.casefold() == who.casefold()]
    if die is not None:
        dice = [d for d in dice if d.sides == die]
    by_roller: dict[tuple[str, int], list[int]] = defaultdict(list)
    by_size: dict[int, list[int]] = defaultdict(list)
    for d in dice:
        by_roller[(d.who, d.sides)].append(d.face)
        if d.entered:
            by_size[d.sides].append(d.face)
    rollers = []
    for (name, sides), faces in sorted(
        by_roller.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1])
    ):
        luck, exact = luck_figure(sum(faces), len(faces), sides)
        rollers.append(
            {
                "who": name,
                "die": f"d{sides}",
                "rolls": len(faces),
                "mean": round(fairness.mean(faces), 3),
                "fair_mean": fairness.fair_mean(sides),
                "total": sum(faces),
                "luck": round(luck, 4),
                "luck_exact": exact,
            }
        )
    physical = [_physical(sides, faces, settings) for sides, faces in sorted(by_size.items())]
    return {"rollers": rollers, "physical": physical}


def _physical(sides: int, faces: list[int], settings: dict[str, Any]) -> dict[str, Any]:
    test = fairness.fit(faces, sides, min_expected=settings["expected_per_face"])
    out = test.standing_out(settings["standing_out"])
    doc: dict[str, Any] = {
        "die": f"d{sides}",
        "rolls": test.rolls,
        "counts": {str(face): count for face, count in test.faces()},
        "expected_per_face": round(test.expected, 3),
        "chi_square": round(test.chi_square, 3),
        "p_value": test.p_value,
        "needed": test.needed,
        "standing_out": [{"face": face, "count": count} for face, count in out],
    }
    doc["verdict"] = verdict(test, out, settings["unusual_below"])
    doc["unusual"] = test.enough and test.p_value < settings["unusual_below"]
    return doc


def verdict(test: fairness.Fit, out: list[tuple[int, int]], unusual_below: float) -> str:
    """The figures in plain words."""
    die = f"d{test.sides}"
    if not test.enough:
        return f"too few rolls for a verdict: a {die} needs {test.needed} ({test.rolls} so far)"
    figures = f"(p = {_p_text(test.p_value)}, {test.rolls} rolls)"
    if test.p_value >= unusual_below:
        return f"nothing unusual {figures}"
    if out:
        face, count = out[0]
        how = "more" if count > test.expected else "less"
        return f"this {die} shows {face} {how} often than chance explains {figures}"
    return f"this {die}'s faces are spread unlike a fair die's {figures}"


def _p_text(p: float) -> str:
    if p < 0.001:
        return f"{p:.1e}"
    return f"{p:.3f}"
