"""The health track and the Fortune deck: moving tokens, F spots and drawing Fortunes.

A token starts at step 0 and moves toward ``track_length``, the end of the track. The
Fortune deck is kept in a fixed order and each draw picks a card with the game's secret
generator (see ``state.secret_below``), which is the same as drawing from a shuffled deck.
"""

from __future__ import annotations

from typing import Any

from gmtool.systems.foodfight.state import Player, State, check_elimination, secret_below


def fortune_spots_passed(state: State, start: int, end: int) -> list[int]:
    """The F spots a token passes moving from ``start`` to ``end``, by the table's ruling:
    the spots it enters (landing on one counts) or the spots it leaves behind."""
    spots: list[int] = state["rules"]["fortune_spots"]
    if state["rules"].get("f_spot_counts_when", "entered") == "left":
        return [spot for spot in spots if start <= spot < end]
    return [spot for spot in spots if start < spot <= end]


def move_token(state: State, player: Player, steps: int, *, base_draws: int = 0) -> dict[str, Any]:
    """Move ``player``'s token, put them out at the end of the track, and draw Fortunes.

    A player who goes out draws nothing. Returns what happened for the result document,
    which the whole table sees: it counts the Fortunes drawn without naming them.
    """
    rules = state["rules"]
    start = player["track_position"]
    end = min(start + steps, rules["track_length"])
    player["track_position"] = end
    spots = fortune_spots_passed(state, start, end) if end > start else []
    out = check_elimination(state, player)
    draws = 0
    if out is None:
        count = base_draws + len(spots) * rules["draws_per_fortune_spot"]
        draws = len(draw_fortunes(state, player, count)) if count else 0
    return {
        "player": player["name"],
        "from": start,
        "to": end,
        "fortune_spots": spots,
        "draws": draws,
        "out": out,
    }


def draw_fortunes(state: State, player: Player, count: int) -> list[str]:
    """Draw up to ``count`` Fortunes into ``player``'s hand; fewer if both piles run dry."""
    drawn: list[str] = []
    deck: list[str] = state["fortune_deck"]
    for _ in range(count):
        if not deck and state["rules"]["reshuffle_used_fortunes"] and state["fortune_discards"]:
            # The deck is kept in a fixed order; each draw picks at random, so folding the
            # used Fortunes back in is all a reshuffle needs.
            deck.extend(sorted(state["fortune_discards"]))
            state["fortune_discards"].clear()
        if not deck:
            break
        drawn.append(deck.pop(secret_below(state, len(deck))))
    player["fortunes"].extend(drawn)
    return drawn
