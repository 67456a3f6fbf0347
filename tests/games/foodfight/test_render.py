"""The people's views of move results: what the table reads after each move."""

from __future__ import annotations

from typing import Any

from gmtool.games.foodfight import render as render
from gmtool.games.foodfight.rules.view import view

from .helpers import attack, deal, give, play, set_pile, text


def battle(tie: str, mine: int, theirs: int) -> dict[str, Any]:
    state = deal()
    state["rules"]["tie"] = tie
    set_pile(state, "Ana", 1, 2, mine)
    set_pile(state, "Bo", 1, 3, theirs)
    return play(state, attack(1, "Bo", 1)).result


def test_a_plain_win_names_the_winner() -> None:
    shown = text(render.result(battle("defender", 7, 5)))
    assert "Ana wins the battle" in shown and "tie" not in shown


def test_a_tie_is_called_a_tie_and_says_who_took_it() -> None:
    shown = text(render.result(battle("defender", 5, 5)))
    assert "A tie: Bo wins the battle as the defender" in shown
    shown = text(render.result(battle("attacker", 5, 5)))
    assert "A tie: Ana wins the battle as the attacker" in shown
    assert "A tie: both cards are lost" in text(render.result(battle("both", 5, 5)))
    assert "A tie: both cards stay, face up" in text(render.result(battle("neither", 5, 5)))


def test_peeking_shows_your_cards_and_your_fortunes_with_their_text() -> None:
    state = deal()
    give(state, "Ana", "f08")
    mine = view(state, "Ana")["players"][0]
    shown = text(render.tower_list(mine))
    assert "Canadian Bacon 9 face down" in shown
    assert "f08 +5: Dunked in the pickle brine bucket" in shown
