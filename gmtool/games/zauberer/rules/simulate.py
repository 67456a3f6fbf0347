"""Whole games played by simple policies: is a clan, a seat, or the board favoured?

Game ``i`` of a run draws its dice from its own seed, worked out from the run's seed and
``i`` alone, and a report only adds up counts, so splitting the games over ``jobs``
worker processes gives the very same report as one process (``gmtool.engine.batch``).
No clock is read here; the CLI and the benchmark time the run. The games are played by
the referee's own rules code (``actions.carry_out``), on a state changed in place, with no
log and no copies. The players make only moves the rules accept, so a move is carried out
without being checked again, and without the result documents nobody reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.batch import play_games
from gmtool.engine.evenness import chi_square_even
from gmtool.errors import unknown
from gmtool.games.zauberer.rules.actions import carry_out
from gmtool.games.zauberer.rules.content import ZaubererContent, load_content
from gmtool.games.zauberer.rules.policies import POLICIES
from gmtool.games.zauberer.rules.power import second_die_back, single_die
from gmtool.games.zauberer.rules.setup import new_state
from gmtool.games.zauberer.rules.state import State, current_team, open_duel

MAX_TURNS = 1000
"""A game still running after this many turns is counted as unfinished."""
ENDINGS = ("centre", "last_team", "unfinished")
WON_BY = ("centre", "last_team")
"""The endings that have a winner."""
_THINKING = 0x5DEECE66D


@dataclass
class GameRecord:
    winner: str | None
    seat: int | None
    turns: int
    duels: int
    ended_by: str
    seat_duels: list[int] = field(default_factory=list)
    """the duels each seat fought, seat 1 first"""


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

    def add(self, record: GameRecord) -> None:
        self.turns += record.turns
        self.duels += record.duels
        for n, fought in enumerate(record.seat_duels, start=1):
            self.seat_duels[str(n)] += fought
        self.ended_by[record.ended_by] += 1
        if record.winner is not None:
            self.wins[record.winner] += 1
        if record.seat is not None:
            self.seat_wins[str(record.seat)] += 1
            self.seat_endings[record.ended_by][str(record.seat)] += 1

    def merge(self, other: SimulationReport) -> None:
        self.turns += other.turns
        self.duels += other.duels
        tables = [
            (self.ended_by, other.ended_by),
            (self.wins, other.wins),
            (self.seat_wins, other.seat_wins),
            (self.seat_duels, other.seat_duels),
        ]
        tables += [(self.seat_endings[how], other.seat_endings[how]) for how in WON_BY]
        for table, more in tables:
            for key, count in more.items():
                table[key] += count

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


def empty_report(games: int, seed: int, policy: str, content: ZaubererContent) -> SimulationReport:
    clans = list(content.boards[content.rules.board].starts)
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
    if policy not in POLICIES:
        raise unknown("policy", policy, sorted(POLICIES))
    content = load_content(overrides or {})
    return play_games(
        games,
        seed,
        partial(empty_report, games, seed, policy, content),
        partial(play_game, content, policy),
        jobs=jobs,
        on_game=on_game,
    )


def play_game(content: ZaubererContent, policy: str, seed: int) -> GameRecord:
    """One whole game by ``policy`` for every team, its dice seeded by ``seed``."""
    choose, attack_card, defense_card = POLICIES[policy]
    dice = Rng.from_seed(seed)
    thinking = Rng.from_seed(seed ^ _THINKING)
    clans = list(content.boards[content.rules.board].starts)
    teams = {clan: [f"Player {n}"] for n, clan in enumerate(clans, start=1)}
    state = new_state(content, {"teams": teams, "first": "roll_off"}, DiceDoor(dice))
    first: int | None = None
    rolling = DiceDoor(dice)  # one door for the game's virtual rolls; it keeps no log here
    while not state["over"] and state["turn_number"] < MAX_TURNS:
        if state["duel"] is not None:
            action, door = _duel_roll(state, dice, thinking, attack_card, defense_card)
        else:
            action, door = choose(state, thinking), rolling
            rolling.rolls.clear()
        carry_out(state, action, door, record=False)
        if first is None and state["turn"] is not None:
            first = state["turn"]
    winner = state["winner"]
    seat = None
    seated = state["teams"]
    start = first or 0
    seat_duels = [seated[(start + n) % len(seated)].get("duels", 0) for n in range(len(seated))]
    if winner is not None and first is not None:
        index = [team["clan"] for team in seated].index(winner)
        seat = (index - first) % len(seated) + 1
    ended = "unfinished"
    if state["over"]:
        assert state["ended_by"] is not None  # a game over says how it ended
        ended = state["ended_by"]
    return GameRecord(winner, seat, state["turn_number"], state["duels"], ended, seat_duels)


def _duel_roll(
    state: State, dice: Rng, thinking: Rng, attack_card: Any, defense_card: Any
) -> tuple[dict[str, Any], DiceDoor]:
    """One duel roll: attack cards, then the dice, then defence cards chosen seeing them."""
    duel = open_duel(state)
    clans = (duel["challenger"], duel["defender"])
    teams = {team["clan"]: team for team in state["teams"]}
    attack = {}
    for clan in clans:
        card = attack_card(state, teams[clan], thinking)
        if card is not None:
            attack[clan] = card
    cards = {clan: state["cards"][cid] for clan, cid in attack.items()}
    rules = state["rules"]
    # only a card or a lasting effect can hold a team to one die (as in power.roll_power)
    may_hold = bool(attack or duel["lasting"]) and rules.get("one_die") == "roll_one"
    faces = {
        clan: [dice.face(6)]
        if may_hold and single_die(duel, rules, cards, clan)
        else [dice.face(6), dice.face(6)]
        for clan in clans
    }
    for clan, card in cards.items():
        if card["effect"]["kind"] == "extra_die":
            faces[clan].append(dice.face(6))
    defense = {}
    for clan in clans:
        if clan in attack:
            continue
        cid = defense_card(state, teams[clan], attack, faces, thinking)
        if cid is not None:
            defense[clan] = cid
            guard = state["cards"][cid]  # a die thrown after the card: its own, or one back
            mirror = guard["effect"]["kind"] == "double_one_die"
            if mirror or (may_hold and second_die_back(duel, rules, cards, guard, clan)):
                faces[clan].append(dice.face(6))
    action = {"type": "duel_round", "attack": attack, "defense": defense}
    return action, DiceDoor(entered_by=faces)


__all__ = ["GameRecord", "SimulationReport", "current_team", "play_game", "simulate"]
