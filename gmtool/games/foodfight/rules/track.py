"""The health track and the Fortune deck: moving tokens, F spots and drawing Fortunes.

A token starts at step 0 and moves toward ``track_length``, the end of the track. The
Fortune deck is kept in a fixed order and each draw picks a card with the game's secret
generator (see ``Match.secret_below``), which is the same as drawing from a shuffled deck.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import Seat
from gmtool.games.foodfight.state import OutReason

TokenMove = tuple[str, int, int, tuple[int, ...], int, OutReason | None]
"""A token's move: the player, the step it left and the step it reached, the F spots it
passed, the Fortunes drawn and why the player went out (None: still in). A plain tuple,
as a simulated game makes dozens; ``token_move_document`` is its form in a result."""


def move_token(match: Match, player: Seat, steps: int, *, base_draws: int = 0) -> TokenMove:
    """Move ``player``'s token, put them out if they have no towers left or reached the
    end of the track, and draw Fortunes (``base_draws``, and more for the F spots passed).
    A player who goes out draws nothing (their Fortunes go to the used pile).
    """
    rulings = match.rulings
    start = player.track_position
    end = start + steps
    if end > rulings.track_length:
        end = rulings.track_length
    player.track_position = end
    spots = rulings.fortune_spots_passed(start, end)
    out: OutReason
    if not player.open_piles:
        out = "towers"
    elif end >= rulings.track_length:
        out = "health"
    else:
        count = base_draws + len(spots) * rulings.draws_per_fortune_spot
        if count:
            count = len(draw_fortunes(match, player, count, rulings.reshuffle_used_fortunes))
        return (player.name, start, end, spots, count, None)
    match.put_out(player, out)
    return (player.name, start, end, spots, 0, out)


def token_move_document(move: TokenMove) -> dict[str, Any]:
    """A token's move as the result document tells the whole table: the Fortunes drawn
    are counted, not named."""
    name, start, end, spots, draws, out = move
    return {
        "player": name,
        "from": start,
        "to": end,
        "fortune_spots": list(spots),
        "draws": draws,
        "out": out,
    }


def draw_fortunes(match: Match, player: Seat, count: int, reshuffle: bool) -> list[str]:
    """Draw up to ``count`` Fortunes into ``player``'s hand; fewer if the deck runs dry
    (and, by the ``reshuffle`` ruling, the used Fortunes are not shuffled back in)."""
    drawn: list[str] = []
    deck = match.fortune_deck
    for _ in range(count):
        if not deck and reshuffle and match.fortune_discards:
            # The deck is kept in a fixed order; each draw picks at random, so folding the
            # used Fortunes back in is all a reshuffle needs.
            deck.extend(sorted(match.fortune_discards))
            match.fortune_discards.clear()
        if not deck:
            break
        drawn.append(deck.pop(match.secret_below(len(deck))))
    player.fortunes.extend(drawn)
    return drawn
