"""Balance runs: whole matches from the deal, every seat played by one simple policy, to
weigh a deck, a track and the rulings.

A run is a forecast (``engine.forecast``) of the match from the deal, played as
``rules/forecast.py`` plays it; its tally is told here as the balance report (wins by
seat, length, how the games ended). Game ``n`` is seeded from ``seed`` and ``n`` alone,
so a run is repeatable, and the same with any ``jobs``. No clock is read here; the CLI
and the benchmark time the run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gmtool.dice import Rng
from gmtool.engine.forecast import THINKING, Setup, Tally, play_out, sampled
from gmtool.errors import unknown
from gmtool.games.foodfight.rules import forecast
from gmtool.games.foodfight.rules.content import FoodFightContent, load_content


@dataclass
class SimulationReport:
    games: int
    seed: int
    policy: str
    seats: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    ended_by: dict[str, int] = field(default_factory=lambda: {"towers": 0, "health": 0})
    eliminations: dict[str, int] = field(default_factory=lambda: {"towers": 0, "health": 0})
    unfinished: int = 0
    no_winner: int = 0

    def count(self, tally: Tally) -> None:
        """Count the games of a forecast's tally (``forecast.record``'s events)."""
        events = tally.events
        self.wins = {seat: round(tally.wins.get(seat, 0.0)) for seat in self.seats}
        moves = tally.measures.get("moves", {})
        self.turns = round(sum(value * count for value, count in moves.items()))
        self.ended_by, self.eliminations = forecast.counts(tally)
        self.unfinished = round(events.get("unfinished", 0.0))
        self.no_winner = round(tally.wins.get("", 0.0)) - self.unfinished

    def to_json(self) -> dict[str, Any]:
        played = max(self.games, 1)
        finished = max(self.games - self.unfinished, 1)
        return {
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "win_rate": {seat: round(self.wins[seat] / played, 4) for seat in self.seats},
            "average_length": round(self.turns / played, 2),
            "ended_by": {k: round(v / finished, 4) for k, v in self.ended_by.items()},
            "eliminations": dict(self.eliminations),
            "unfinished": self.unfinished,
            "no_winner": self.no_winner,
        }


def simulate(
    games: int,
    seed: int,
    policy: str = "random",
    *,
    content: FoodFightContent | None = None,
    on_game: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> SimulationReport:
    """Play ``games`` whole games; seats are named by colour and the default player starts.

    Game ``n`` is seeded by the ``n``-th number of the generator seeded with ``seed``,
    whichever process plays it: with ``jobs`` processes sharing the games, the report is
    the same as with one."""
    if policy not in forecast.POLICIES:
        raise unknown("policy", policy, sorted(forecast.POLICIES))
    setup = balance_run(content or load_content(), policy)
    report = SimulationReport(games, seed, policy, list(setup.sides))
    report.count(sampled(setup, games, seed, jobs=jobs, on_game=on_game))
    return report


def balance_run(content: FoodFightContent, policy: str) -> Setup:
    """What every game of a balance run shares: a new deal, ``policy`` at every seat."""
    from gmtool.games.foodfight.game import SYSTEM

    start = forecast.dealt([colour.capitalize() for colour in content.board.seats])
    policies = dict.fromkeys(start.sides, forecast.POLICIES[policy])
    return Setup(SYSTEM, forecast, content, start, policies)  # type: ignore[arg-type]


def play_game(content: FoodFightContent, policy: str, seed: int) -> dict[str, Any]:
    """One whole game of a balance run, its dice seeded by ``seed``: who won, why each
    player went out (in turn), how it ended and the moves played."""
    played = play_out(
        balance_run(content, policy), Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING)
    )
    events = played.record.events
    ended = [event.removeprefix("ended by: ") for event in events if event.startswith("ended")]
    return {
        "winner": played.record.winner or None,
        "out": [event.removeprefix("out: ") for event in events if event.startswith("out: ")],
        "ended_by": ended[0] if ended else None,
        "moves": int(played.record.measures["moves"]),
    }
