"""Whole games played by simple policies: a balance check for a deck, track and rulings.

Every game draws its dice from a generator seeded from ``seed``, so a run is repeatable.
No clock is read here; the CLI and the benchmark time the run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.batch import play_games
from gmtool.errors import unknown
from gmtool.games.foodfight.rules.content import FoodFightContent, load_content
from gmtool.games.foodfight.rules.moves import play
from gmtool.games.foodfight.rules.policies import ANSWERS, POLICIES
from gmtool.games.foodfight.rules.setup import Dealer

MAX_TURNS: Final = 1000
"""A game still running after this many moves is counted as unfinished (ties can stall)."""


@dataclass
class GameRecord:
    winner: str | None
    turns: int
    ended_by: str | None
    eliminations: list[str]


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

    def add(self, record: GameRecord) -> None:
        self.turns += record.turns
        if record.winner is not None:
            self.wins[record.winner] += 1
        elif record.ended_by is not None:
            self.no_winner += 1
        if record.ended_by is None:
            self.unfinished += 1
        else:
            self.ended_by[record.ended_by] += 1
        for cause in record.eliminations:
            self.eliminations[cause] += 1

    def merge(self, other: SimulationReport) -> None:
        """Add the counts of games played elsewhere (another process's share)."""
        self.turns += other.turns
        self.unfinished += other.unfinished
        self.no_winner += other.no_winner
        for totals, more in (
            (self.wins, other.wins),
            (self.ended_by, other.ended_by),
            (self.eliminations, other.eliminations),
        ):
            for key, count in more.items():
                totals[key] = totals.get(key, 0) + count

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
    if policy not in POLICIES:
        raise unknown("policy", policy, sorted(POLICIES))
    content = content or load_content()
    return play_games(
        games,
        seed,
        partial(_empty_report, content, policy, seed, games),
        partial(play_dealt_game, Dealer(content), policy),
        jobs=jobs,
        on_game=on_game,
    )


def _empty_report(
    content: FoodFightContent, policy: str, seed: int, games: int
) -> SimulationReport:
    seats = [colour.capitalize() for colour in content.board.seats]
    return SimulationReport(games, seed, policy, seats, wins=dict.fromkeys(seats, 0))


def play_game(content: FoodFightContent, policy: str, seed: int) -> GameRecord:
    """One whole game by ``policy`` for every seat, its dice seeded by ``seed``."""
    return play_dealt_game(Dealer(content), policy, seed)


def play_dealt_game(dealer: Dealer, policy: str, seed: int) -> GameRecord:
    """``play_game``, dealt by ``dealer`` (one for all the games of a run)."""
    choose, defend = POLICIES[policy]
    answer = ANSWERS[policy]
    dice = DiceDoor(Rng.from_seed(seed))
    thinking = Rng.from_seed(seed ^ 0x5DEECE66D)
    names = [colour.capitalize() for colour in dealer.content.board.seats]
    match = dealer.deal_match({"players": names}, dice)
    blind = not match.rulings.two_step
    eliminations: list[str] = []
    while not match.over and match.moves < MAX_TURNS:
        action = choose(match, thinking)
        if blind and action["type"] == "attack":
            defence = defend(match, action, thinking)
            if defence is not None:
                action.setdefault("fortunes", []).append(defence)
        # The players make only moves the rules accept: they are played unchecked, and
        # with no result document (nobody reads it).
        moves = play(match, action)
        while moves is None:  # a two-step battle asks for Fortunes
            moves = play(match, answer(match, thinking))
        for move in moves:
            if move[-1] is not None:  # why the player went out
                eliminations.append(move[-1])
    ended_by = eliminations[-1] if match.over and eliminations else None
    return GameRecord(match.winner, match.moves, ended_by, eliminations)
