"""A forecast's records added up (``Tally``) and told as figures: chances with their 95%
Wilson interval, measures with their quantiles, the one document of a report."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gmtool.engine.forecast.declare import Record
from gmtool.engine.forecast.players import Policy

Z95 = 1.959963984540054
"""The normal quantile of a 95% interval."""


@dataclass
class Tally:
    """The records of a run added up: each weighted 1 (a sampled game) or by its chance
    (a branch of an exact forecast)."""

    sides: tuple[str, ...]
    games: float = 0.0
    runs: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    events: dict[str, float] = field(default_factory=dict)
    measures: dict[str, dict[float, float]] = field(default_factory=dict)
    unfinished: float = 0.0

    def add(self, record: Record, weight: float = 1.0) -> None:
        self.games += weight
        self.runs += 1
        key = record.winner or ""
        self.wins[key] = self.wins.get(key, 0.0) + weight
        for event in record.events:
            self.events[event] = self.events.get(event, 0.0) + weight
        for name, value in record.measures.items():
            counts = self.measures.setdefault(name, {})
            counts[value] = counts.get(value, 0.0) + weight

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.runs += other.runs
        self.unfinished += other.unfinished
        for mine, theirs in ((self.wins, other.wins), (self.events, other.events)):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0.0) + count
        for name, counts in other.measures.items():
            table = self.measures.setdefault(name, {})
            for value, count in counts.items():
                table[value] = table.get(value, 0.0) + count


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a chance seen ``successes`` times in ``trials``."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def chance(count: float, total: float, *, exact: bool) -> dict[str, Any]:
    """One chance as a report shows it: the figure, and its 95% interval (none: exact)."""
    value = count / total if total else 0.0
    doc: dict[str, Any] = {"p": round(value, 4)}
    if exact:
        doc["exact"] = True
    else:
        low, high = wilson(count, total)
        doc["low"], doc["high"] = round(low, 4), round(high, 4)
    return doc


def quantile(counts: Mapping[float, float], q: float) -> float:
    """The smallest value with at least ``q`` of the weight at or below it."""
    total = sum(counts.values())
    running = 0.0
    for value in sorted(counts):
        running += counts[value]
        if running >= q * total - 1e-12:
            return value
    return max(counts) if counts else 0.0


def measure(counts: Mapping[float, float]) -> dict[str, Any]:
    """A measure's figures: mean, median, 10th and 90th percentiles, and its histogram."""
    total = sum(counts.values()) or 1.0
    mean = sum(value * count for value, count in counts.items()) / total
    return {
        "mean": round(mean, 2),
        "median": quantile(counts, 0.5),
        "p10": quantile(counts, 0.1),
        "p90": quantile(counts, 0.9),
        "histogram": [[value, round(counts[value] / total, 4)] for value in sorted(counts)],
    }


def report(
    tally: Tally,
    *,
    exact: bool,
    main: str,
    seed: int,
    policies: Mapping[str, Policy],
    what: str,
    stopped: bool = False,
    wins_said: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The one document of a forecast (what ``--json`` prints); ``wins_said``: how the
    game says a side's win ("the party wins"), where its side's bare name would not do."""
    total = tally.games
    doc: dict[str, Any] = {
        "what": what,
        "runs": tally.runs,
        "exact": exact,
        "seed": seed,
        "policies": {side: policy.name for side, policy in policies.items()},
        "wins": {
            side: chance(tally.wins.get(side, 0.0), total, exact=exact) for side in tally.sides
        },
        "no_winner": chance(tally.wins.get("", 0.0), total, exact=exact),
        "wins_said": {side: won_by(side, wins_said) for side in tally.sides},
        "events": {
            name: chance(count, total, exact=exact) for name, count in sorted(tally.events.items())
        },
        "measures": {name: measure(counts) for name, counts in sorted(tally.measures.items())},
        "main": main,
    }
    if stopped:
        doc["stopped"] = True
    return doc


def won_by(side: str, said: Mapping[str, str] | None = None) -> str:
    """How a forecast says that ``side`` won: the game's own words, else "Red wins"."""
    return (said or {}).get(side) or f"{side} wins"
