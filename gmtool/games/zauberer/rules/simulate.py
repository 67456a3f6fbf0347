"""Balance runs: is a clan, a seat, or the board favoured?

A run is a forecast (``engine.forecast``) of the game from its start, every team played
by one simple policy, as ``rules/forecast.py`` plays it; its tally is told here as the
balance report (wins by clan, by seat and by ending, the chi-squared evenness of the
wins, turns and duels). Game ``i`` of a run draws its dice from its own seed, worked out
from the run's seed and ``i`` alone, so splitting the games over ``jobs`` worker
processes gives the very same report as one process. No clock is read here; the CLI and
the benchmark time the run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gmtool.dice import Rng
from gmtool.engine.evenness import chi_square_even
from gmtool.engine.forecast import THINKING, Record, Setup, Tally, play_out, sampled
from gmtool.errors import unknown
from gmtool.games.zauberer.rules import forecast
from gmtool.games.zauberer.rules.content import ZaubererContent, load_content
from gmtool.games.zauberer.rules.forecast import ENDINGS, WON_BY


@dataclass
class SimulationReport:
    games: int
    seed: int
    policy: str
    clans: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    seat_wins: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    duels: int = 0
    ended_by: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDINGS, 0))
    seat_endings: dict[str, dict[str, int]] = field(default_factory=dict)
    """ending -> seat -> wins: how each seat won (holding the centre, or the last team)"""
    seat_duels: dict[str, int] = field(default_factory=dict)
    """seat -> duels its team fought"""

    def count(self, tally: Tally) -> None:
        """Count the games of a forecast's tally (``forecast.record``'s events)."""
        events, measures = tally.events, tally.measures
        self.wins = {clan: round(tally.wins.get(clan, 0.0)) for clan in self.clans}
        self.turns = _total(measures.get("turns", {}))
        self.duels = _total(measures.get("duels", {}))
        self.ended_by = {how: round(events.get(f"ended by: {how}", 0.0)) for how in ENDINGS}
        for how in WON_BY:
            for seat in self.seat_endings[how]:
                self.seat_endings[how][seat] = round(events.get(f"seat {seat} won by {how}", 0))
        for seat in self.seat_wins:
            self.seat_wins[seat] = sum(self.seat_endings[how][seat] for how in WON_BY)
            self.seat_duels[seat] = _total(measures.get(f"duels of seat {seat}", {}))

    def to_json(self) -> dict[str, Any]:
        played = max(self.games, 1)
        return {
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "win_rate": {
                "by_clan": {clan: round(n / played, 4) for clan, n in self.wins.items()},
                "by_seat": {seat: round(n / played, 4) for seat, n in self.seat_wins.items()},
                "by_seat_and_ending": {
                    how: {seat: round(n / played, 4) for seat, n in seats.items()}
                    for how, seats in self.seat_endings.items()
                },
            },
            "evenness": {
                "by_clan": _evenness(list(self.wins.values())),
                "by_seat": _evenness(list(self.seat_wins.values())),
            },
            "average_turns": round(self.turns / played, 2),
            "average_duels": round(self.duels / played, 2),
            "average_duels_by_seat": {
                seat: round(n / played, 3) for seat, n in self.seat_duels.items()
            },
            "ended_by": {how: round(n / played, 4) for how, n in self.ended_by.items()},
        }


def _evenness(counts: list[int]) -> dict[str, float]:
    """Pearson's chi-squared against even wins, and its p (``engine.evenness``)."""
    chi2, p = chi_square_even(counts)
    return {"chi2": round(chi2, 2), "p": float(f"{p:.3g}")}


def empty_report(games: int, seed: int, policy: str, clans: list[str]) -> SimulationReport:
    seats = [str(n) for n in range(1, len(clans) + 1)]
    return SimulationReport(
        games,
        seed,
        policy,
        clans,
        wins=dict.fromkeys(clans, 0),
        seat_wins=dict.fromkeys(seats, 0),
        seat_endings={how: dict.fromkeys(seats, 0) for how in WON_BY},
        seat_duels=dict.fromkeys(seats, 0),
    )


def _total(counts: Mapping[float, float]) -> int:
    return round(sum(value * count for value, count in counts.items()))


def simulate(
    games: int,
    seed: int,
    policy: str = "random",
    *,
    overrides: Mapping[str, Any] | None = None,
    jobs: int = 1,
    on_game: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` whole games, every team played by ``policy``; one team a clan, every
    clan of the board, the first chosen by the roll-off."""
    if policy not in forecast.POLICIES:
        raise unknown("policy", policy, sorted(forecast.POLICIES))
    setup = balance_run(load_content(overrides or {}), policy)
    report = empty_report(games, seed, policy, list(setup.sides))
    report.count(sampled(setup, games, seed, jobs=jobs, on_game=on_game))
    return report


def balance_run(content: ZaubererContent, policy: str) -> Setup:
    """What every game of a balance run shares: every clan of the board, ``policy`` each."""
    from gmtool.games.zauberer.game import SYSTEM

    start = forecast.set_up(list(content.boards[content.rules.board].starts))
    policies = dict.fromkeys(start.sides, forecast.POLICIES[policy])
    return Setup(SYSTEM, forecast, content, start, policies)  # type: ignore[arg-type]


def play_game(content: ZaubererContent, policy: str, seed: int) -> Record:
    """One whole game of a balance run, its dice seeded by ``seed``."""
    setup = balance_run(content, policy)
    return play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING)).record


__all__ = ["SimulationReport", "play_game", "simulate"]
