"""A game: its pieces, typed, with what the rules read on every move kept at hand.

A game is stored as a JSON-ready dict, saved after every command (its shape:
``gmtool.games.foodfight.state``). A ``Match`` reads it into typed pieces (``pieces``),
and everything that plays or shows a game reads the match: the rules and their checks,
the views, the players and the simulator. The referee writes it back (``store``) once a
move is over: the table's rulings are read once from the stored rules, the seats kept by
name and those still in, and what each seat's piles show kept up to date as cards turn
over and leave the piles instead of being counted again before every choice. The
simulator deals a match and plays it to the end, storing nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, cast

from gmtool.dice.rng import Rng
from gmtool.dice.secret import secret_below
from gmtool.games.foodfight.rules.pieces import FortuneCard, OpenBattle, SaltCard, Seat
from gmtool.games.foodfight.state import OutReason, StoredGame, StoredRules


def is_two_step_ruling(rules: StoredRules) -> bool:
    """The ``fortune_timing`` ruling of a game's stored rules: whether Fortunes come
    after the battle's cards are turned over (``after_reveal``) rather than with the
    attack (``blind``). Games dealt before the setting existed keep the blind play they
    started with."""
    return rules.get("fortune_timing", "blind") == "after_reveal"


class Rulings:
    """The rulings of one game, read from its stored rules."""

    __slots__ = (
        "battle_loss_steps",
        "cards_per_spot",
        "discard_draws",
        "discard_steps",
        "draws_per_fortune_spot",
        "floor_each",
        "fortune_spots",
        "fortunes_per_battle",
        "reshuffle_used_fortunes",
        "reveal_discards",
        "spots",
        "tie",
        "track_length",
        "two_step",
        "_fortune_spots",
        "_spots_by",
    )

    def __init__(self, rules: StoredRules) -> None:
        self.spots: int = rules["spots"]
        self.cards_per_spot: int = rules["cards_per_spot"]
        self.fortune_spots: list[int] = rules["fortune_spots"]
        """The F spots as the game stores them (the views show them so)."""
        self.tie: str = rules["tie"]
        self.track_length: int = rules["track_length"]
        self.discard_steps: int = rules["discard_steps"]
        self.discard_draws: int = rules["discard_draws"]
        self.battle_loss_steps: int = rules["battle_loss_steps"]
        self.draws_per_fortune_spot: int = rules["draws_per_fortune_spot"]
        self.fortunes_per_battle: int = rules["fortunes_per_player_per_battle"]
        self.reshuffle_used_fortunes: bool = rules["reshuffle_used_fortunes"]
        self.reveal_discards: bool = rules.get("reveal_discards", False)
        # Games dealt before a setting existed keep the way they were played.
        self.two_step: bool = is_two_step_ruling(rules)
        self.floor_each: bool = rules.get("fortune_floor", "total") == "each"
        self._fortune_spots: list[int] = sorted(rules["fortune_spots"])
        # How many F spots a token has passed by each step, counting from the start: the
        # spots a move passes are then a difference of two counts (most moves pass none).
        # A spot entered counts at its own step; a spot left, from the step after it.
        left = rules.get("f_spot_counts_when", "entered") == "left"
        spots = set(self._fortune_spots)
        self._spots_by: list[int] = []
        passed = 0
        for step in range(self.track_length + 1):
            if step in spots and not left:
                passed += 1
            self._spots_by.append(passed)
            if step in spots and left:
                passed += 1

    def fortune_spots_passed(self, start: int, end: int) -> tuple[int, ...]:
        """The F spots a token passes moving from ``start`` to ``end`` (``end`` at most
        the track's length), by the table's ruling: the spots it enters (landing on one
        counts) or the spots it leaves behind."""
        first, last = self._spots_by[start], self._spots_by[end]
        if first == last:
            return ()
        return tuple(self._fortune_spots[first:last])


class Match:
    """A game's state while its moves are carried out (see the module's docstring).

    Cards turn face up (``turn_face_up``) and leave their piles (``take_top``), and players
    go out (``put_out``), only through it, so what its seats keep stays true."""

    __slots__ = (
        "battle",
        "by_name",
        "clockwise",
        "discards",
        "fortune_cards",
        "fortune_deck",
        "fortune_discards",
        "moves",
        "over",
        "players",
        "rulings",
        "secret",
        "standing",
        "state",
        "turn",
        "winner",
    )

    def __init__(self, stored: Mapping[str, Any], seats: list[Seat] | None = None) -> None:
        """The game stored in ``stored`` (every game's state is a plain JSON-ready dict to
        the engine and the store); a deal that has just stacked the players' towers hands
        over its ``seats`` instead (the stored ``players`` are written by ``store``)."""
        state = cast(StoredGame, stored)
        self.state = state
        """The stored game this match was read from and is written back into."""
        self.rulings = Rulings(state["rules"])
        self.players = (
            [Seat.read(player) for player in state["players"]] if seats is None else seats
        )
        self.by_name = {seat.name: seat for seat in self.players}
        self.standing = [seat for seat in self.players if seat.out is None]
        """The players still in, in seating order."""
        self.clockwise = clockwise(len(self.players))
        """For each seat, every seat clockwise from the next one round to itself."""
        self.turn: int | None = state["turn"]
        self.moves: int = state["moves"]
        self.over: bool = state["over"]
        self.winner: str | None = state["winner"]
        self.fortune_cards = {
            fid: FortuneCard.read(card) for fid, card in state["fortune_cards"].items()
        }
        self.fortune_deck: list[str] = list(state["fortune_deck"])
        self.fortune_discards: list[str] = list(state["fortune_discards"])
        self.discards: list[str] = list(state["discards"])
        seed = state.get("secret_rng")
        self.secret = None if seed is None else Rng(seed)
        """The game's own generator for secret picks (``secret_below``)."""
        battle = state.get("battle")
        self.battle = OpenBattle.read(battle) if battle else None

    def store(self) -> None:
        """Write the game back into the state it was read from (the referee saves it)."""
        state = self.state
        state["players"] = [seat.to_json() for seat in self.players]
        state["turn"] = self.turn
        state["moves"] = self.moves
        state["over"] = self.over
        state["winner"] = self.winner
        state["fortune_deck"] = list(self.fortune_deck)
        state["fortune_discards"] = list(self.fortune_discards)
        state["discards"] = list(self.discards)
        if self.secret is not None:
            state["secret_rng"] = self.secret.state
        if self.battle is not None or "battle" in state:
            state["battle"] = self.battle.to_json() if self.battle else None

    @property
    def current(self) -> Seat:
        """The player whose turn it is (a game over has none: never asked then)."""
        assert self.turn is not None
        return self.players[self.turn]

    def secret_below(self, count: int) -> int:
        """A secret whole number in ``[0, count)`` from the game's own generator."""
        if self.secret is None:  # a game dealt before it had one: seeded from itself
            self.store()
            stored = cast(dict[str, Any], self.state)
            value = secret_below(stored, count)
            self.secret = Rng(stored["secret_rng"])
            return value
        return self.secret.below(count)

    def restack(self, player: Seat, piles: list[list[SaltCard]]) -> Seat:
        """``player``'s towers stacked anew (``piles``, bottom card first): the seat that
        replaces theirs, what its piles show counted again."""
        seat = Seat(
            player.name, player.color, player.track_position, player.out, piles, player.fortunes
        )
        self.players[self.players.index(player)] = seat
        self.by_name[seat.name] = seat
        if player in self.standing:
            self.standing[self.standing.index(player)] = seat
        return seat

    def pass_turn(self) -> None:
        """Pass the turn clockwise to the next player still in, or end the game when fewer
        than two are still in."""
        standing = self.standing
        if len(standing) < 2:
            self.over = True
            self.winner = standing[0].name if standing else None
            self.turn = None
            return
        assert self.turn is not None
        players = self.players
        for seat in self.clockwise[self.turn]:
            if players[seat].out is None:
                self.turn = seat
                return

    def put_out(self, player: Seat, reason: OutReason) -> None:
        """``player`` is out of the game (``reason``: "towers" or "health"); their
        Fortunes go to the used pile."""
        player.out = reason
        self.standing.remove(player)
        self.fortune_discards.extend(player.fortunes)
        player.fortunes = []

    def turn_face_up(self, player: Seat, pile: int) -> SaltCard:
        """Turn the top card of ``player``'s pile ``pile`` face up (1 is the first spot)."""
        card = player.piles[pile - 1][-1]
        if not card.face_up:
            card.face_up = True
            player.face_up_salt[pile] = card.salt
            player.hidden_salt -= card.salt
            player.hidden_cards -= 1
        return card

    def take_top(self, player: Seat, pile: int) -> SaltCard:
        """Take the top card off ``player``'s pile ``pile``."""
        cards = player.piles[pile - 1]
        card = cards.pop()
        if card.face_up:
            del player.face_up_salt[pile]
        else:
            player.hidden_salt -= card.salt
            player.hidden_cards -= 1
        if not cards:
            player.open_piles.remove(pile)
        elif cards[-1].face_up:  # a pile stacked by hand may hold one face up below
            player.face_up_salt[pile] = cards[-1].salt
        return card


@cache
def clockwise(seats: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``seats`` seats, every seat clockwise from the next one round to itself."""
    return tuple(
        tuple((seat + step) % seats for step in range(1, seats + 1)) for seat in range(seats)
    )
