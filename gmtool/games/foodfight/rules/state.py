"""Reading a game in play: players, piles, turn order and eliminations, and the checks
that refuse a move naming the wrong player, pile or card.

Everything here reads a ``match.Match`` (the game read from its stored dict) and its
seats. Every card in a pile carries its food, salt and whether it is face up, so a game
can be shown without the content it was dealt from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.foodfight.rules.pieces import SaltCard, Seat

if TYPE_CHECKING:  # a match reads its seats with these helpers' pieces
    from gmtool.games.foodfight.rules.match import Match


def player_names(match: Match) -> list[str]:
    return [seat.name for seat in match.players]


def find_player(match: Match, name: str) -> Seat:
    """The player called ``name`` (case-insensitive); raises UsageError for a stranger."""
    return match.players[name_index(player_names(match), name)]


def name_index(names: list[str], name: str) -> int:
    """Where the player called ``name`` sits among ``names`` (as written, else ignoring
    case); raises UsageError for a stranger."""
    if name in names:
        return names.index(name)
    wanted = str(name).strip().casefold()
    for index, known in enumerate(names):
        if known.casefold() == wanted:
            return index
    raise unknown("player", str(name), names)


def current_player(match: Match) -> Seat | None:
    """The player whose turn it is, or None once the game is over."""
    return None if match.turn is None else match.players[match.turn]


def is_out(player: Seat) -> bool:
    return player.out is not None


def towers(player: Seat) -> int:
    """How many of a player's spots still hold a card."""
    return len(player.open_piles)


def cards_left(player: Seat) -> int:
    return sum(len(pile) for pile in player.piles)


def check_game_not_over(match: Match) -> None:
    if match.over:
        who = match.winner
        raise RulesError(
            f"the game is over: {who} won" if who else "the game is over: nobody is left standing",
            hint="start a new campaign to play again",
        )


def check_actor(match: Match, named: object) -> Seat:
    """The player whose turn it is; a move naming anyone else is refused."""
    check_game_not_over(match)
    player = current_player(match)
    assert player is not None
    if named is None or named == "":
        return player
    actor = find_player(match, str(named))
    if actor is not player:
        raise RulesError(
            f"it is {player.name}'s turn ({player.color}), not {actor.name}'s: "
            "players act one at a time, clockwise"
        )
    return player


def pile_number(match: Match, pile: object) -> int:
    """A 1-based pile number checked against the board; raises UsageError otherwise."""
    spots = match.rulings.spots
    if isinstance(pile, bool) or not isinstance(pile, int) or not 1 <= pile <= spots:
        raise UsageError(f"pile {pile} does not exist", hint=f"piles are numbered 1-{spots}")
    return pile


def top_card(match: Match, player: Seat, pile: object, card: object, doing: str) -> SaltCard:
    """The top card of ``player``'s pile, refusing an empty pile or a covered card.

    ``card`` optionally names a card by its height in the pile (1 is the bottom card);
    ``doing`` says what the card was wanted for ("attack with", "attack", "discard").
    """
    number = pile_number(match, pile)
    cards = player.piles[number - 1]
    where = f"{player.name}'s pile {number}"
    if not cards:
        raise RulesError(
            f"cannot {doing} {where}: it is empty; only a top card can fight or be discarded"
        )
    if card is not None:
        if isinstance(card, bool) or not isinstance(card, int) or card < 1:
            raise UsageError(
                f"card {card} does not exist", hint="cards count up from 1, the bottom card"
            )
        if card > len(cards):
            raise RulesError(f"cannot {doing} card {card} of {where}: the pile holds {len(cards)}")
        if card < len(cards):
            raise RulesError(
                f"cannot {doing} card {card} of {where}: it lies under another card "
                "(only the top card of a pile can fight or be discarded)"
            )
    return cards[-1]
