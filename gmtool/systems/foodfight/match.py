"""A game in play: its state, with what the rules read on every move kept at hand.

The state stays the one record of a game (a JSON-ready dict, saved after every command).
A ``Match`` wraps it while moves are carried out: the table's rulings read once from
``state["rules"]`` rather than looked up move after move, the players by name and those
still in, and what each player's piles show (the open piles, the face-up tops, the
face-down salt), kept up to date as cards turn over and leave the piles instead of being
counted again before every choice. The referee wraps the state it loaded for each
command; the simulator wraps each game once and plays it to the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from gmtool.systems.foodfight.state import Card, Player, State, open_piles


class Rulings:
    """The rulings of one game, read from its ``state["rules"]``."""

    __slots__ = (
        "battle_loss_steps",
        "discard_draws",
        "discard_steps",
        "draws_per_fortune_spot",
        "floor_each",
        "fortunes_per_battle",
        "reshuffle_used_fortunes",
        "reveal_discards",
        "tie",
        "track_length",
        "two_step",
        "_fortune_spots",
        "_spots_by",
    )

    def __init__(self, rules: Mapping[str, Any]) -> None:
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
        self.two_step: bool = rules.get("fortune_timing", "blind") == "after_reveal"
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
    go out (``put_out``), only through it, so what it keeps stays true."""

    __slots__ = (
        "by_name",
        "clockwise",
        "face_up_salt",
        "hidden",
        "open_piles",
        "players",
        "rulings",
        "standing",
        "state",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        self.rulings = Rulings(state["rules"])
        self.players: list[Player] = state["players"]
        self.by_name: dict[str, Player] = {player["name"]: player for player in self.players}
        self.standing = [player for player in self.players if player["out"] is None]
        """The players still in, in seating order."""
        self.open_piles: dict[str, list[int]] = {
            player["name"]: open_piles(player) for player in self.players
        }
        """The numbers of each player's piles that still hold a card, by name: a player
        choosing a move reads them instead of counting every pile again."""
        self.hidden: dict[str, list[int]] = {
            player["name"]: face_down_salt(player) for player in self.players
        }
        """The total salt and the number of each player's face-down cards, by name: what
        a seat can only estimate (the greedy player's guess at a face-down card)."""
        self.face_up_salt: dict[str, dict[int, int]] = {
            player["name"]: face_up_tops(player) for player in self.players
        }
        """The salt of each player's face-up top cards, by name, then by pile: what the
        whole table sees."""
        self.clockwise = clockwise(len(self.players))
        """For each seat, every seat clockwise from the next one round to itself."""

    def pass_turn(self) -> None:
        """Pass the turn clockwise to the next player still in, or end the game when fewer
        than two are still in."""
        state, standing = self.state, self.standing
        if len(standing) < 2:
            state["over"] = True
            state["winner"] = standing[0]["name"] if standing else None
            state["turn"] = None
            return
        players = self.players
        for seat in self.clockwise[state["turn"]]:
            if players[seat]["out"] is None:
                state["turn"] = seat
                return

    def put_out(self, player: Player, reason: str) -> None:
        """``player`` is out of the game (``reason``: "towers" or "health"); their
        Fortunes go to the used pile."""
        player["out"] = reason
        self.standing.remove(player)
        self.state["fortune_discards"].extend(player["fortunes"])
        player["fortunes"] = []

    def turn_face_up(self, player: Player, pile: int) -> Card:
        """Turn the top card of ``player``'s pile ``pile`` face up (1 is the first spot)."""
        card: Card = player["piles"][pile - 1][-1]
        if not card["face_up"]:
            card["face_up"] = True
            name = player["name"]
            self.face_up_salt[name][pile] = card["salt"]
            hidden = self.hidden[name]
            hidden[0] -= card["salt"]
            hidden[1] -= 1
        return card

    def take_top(self, player: Player, pile: int) -> Card:
        """Take the top card off ``player``'s pile ``pile``."""
        cards: list[Card] = player["piles"][pile - 1]
        card = cards.pop()
        name = player["name"]
        if card["face_up"]:
            del self.face_up_salt[name][pile]
        else:
            hidden = self.hidden[name]
            hidden[0] -= card["salt"]
            hidden[1] -= 1
        if not cards:
            self.open_piles[name].remove(pile)
        elif cards[-1]["face_up"]:  # a pile stacked by hand may hold one face up below
            self.face_up_salt[name][pile] = cards[-1]["salt"]
        return card


@cache
def clockwise(seats: int) -> tuple[tuple[int, ...], ...]:
    """For each of ``seats`` seats, every seat clockwise from the next one round to itself."""
    return tuple(
        tuple((seat + step) % seats for step in range(1, seats + 1)) for seat in range(seats)
    )


def face_up_tops(player: Player) -> dict[int, int]:
    """The salt of ``player``'s face-up top cards, by pile."""
    return {
        number: pile[-1]["salt"]
        for number, pile in enumerate(player["piles"], start=1)
        if pile and pile[-1]["face_up"]
    }


def face_down_salt(player: Player) -> list[int]:
    """The total salt of ``player``'s face-down cards, and how many they are."""
    hidden = [card["salt"] for pile in player["piles"] for card in pile if not card["face_up"]]
    return [sum(hidden), len(hidden)]
