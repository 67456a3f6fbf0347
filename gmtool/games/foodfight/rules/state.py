"""Reading a Food Fight state: players, piles, turn order and eliminations.

The state is a JSON-ready dict (see ``setup.new_state`` for its shape). Every card in a
pile carries its food, salt and whether it is face up, so a state can be shown without
the content it was dealt from.
"""

from __future__ import annotations

from typing import Any

# Drawn Fortunes and shuffled towers are secret picks (see ``gmtool.dice.secret``).
from gmtool.dice.secret import secret_below as secret_below
from gmtool.errors import RulesError, UsageError, unknown

Player = dict[str, Any]
Card = dict[str, Any]
State = dict[str, Any]


def player_names(state: State) -> list[str]:
    return [player["name"] for player in state["players"]]


def find_player(state: State, name: str) -> Player:
    """The player called ``name`` (case-insensitive); raises UsageError for a stranger."""
    found: Player = state["players"][name_index(player_names(state), name)]
    return found


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


def current_player(state: State) -> Player | None:
    index = state["turn"]
    return None if index is None else state["players"][index]


def is_out(player: Player) -> bool:
    return player["out"] is not None


def towers(player: Player) -> int:
    """How many of a player's spots still hold a card."""
    return sum(1 for pile in player["piles"] if pile)


def open_piles(player: Player) -> list[int]:
    """The numbers of ``player``'s piles that still hold a card (1 is the first spot)."""
    return [number for number, pile in enumerate(player["piles"], start=1) if pile]


def cards_left(player: Player) -> int:
    return sum(len(pile) for pile in player["piles"])


def standing(state: State) -> list[Player]:
    return [player for player in state["players"] if not is_out(player)]


def check_game_not_over(state: State) -> None:
    if state["over"]:
        who = state["winner"]
        raise RulesError(
            f"the game is over: {who} won" if who else "the game is over: nobody is left standing",
            hint="start a new campaign to play again",
        )


def check_actor(state: State, named: object) -> Player:
    """The player whose turn it is; a move naming anyone else is refused."""
    check_game_not_over(state)
    player = current_player(state)
    assert player is not None
    if named is None or named == "":
        return player
    actor = find_player(state, str(named))
    if actor is not player:
        raise RulesError(
            f"it is {player['name']}'s turn ({player['color']}), not {actor['name']}'s: "
            "players act one at a time, clockwise"
        )
    return player


def pile_number(state: State, pile: object) -> int:
    """A 1-based pile number checked against the board; raises UsageError otherwise."""
    spots = state["rules"]["spots"]
    if isinstance(pile, bool) or not isinstance(pile, int) or not 1 <= pile <= spots:
        raise UsageError(f"pile {pile} does not exist", hint=f"piles are numbered 1-{spots}")
    return pile


def top_card(state: State, player: Player, pile: object, card: object, doing: str) -> Card:
    """The top card of ``player``'s pile, refusing an empty pile or a covered card.

    ``card`` optionally names a card by its height in the pile (1 is the bottom card);
    ``doing`` says what the card was wanted for ("attack with", "attack", "discard").
    """
    number = pile_number(state, pile)
    cards = player["piles"][number - 1]
    where = f"{player['name']}'s pile {number}"
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
    top: Card = cards[-1]
    return top
