"""The greedy player judges a battle as the rules do, whatever the table's rulings."""

from __future__ import annotations

from typing import Any

from gmtool.dice import Rng
from gmtool.games.foodfight.rules import policies
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.offers import defence, offer

from .helpers import attack, deal, give, play, set_pile


def greedy_answer(match: Match, rng: Rng) -> dict[str, Any]:
    """The greedy player's answer, from what the open battle offers it."""
    offered = offer(match)
    assert offered is not None and offered.answering
    return dict(policies.greedy_answer(match, offered, rng))


def greedy_defence(match: Match, action: dict[str, Any], rng: Rng) -> Any:
    """The greedy defender's Fortune against a blind attack, from the ones it may play."""
    return policies.greedy_defence(match, action, defence(match, action["target"]), rng)  # type: ignore[arg-type]


def _bo_to_answer(fortune_floor: str) -> dict[str, Any]:
    """Ana's 2 attacks Bo's 1; Ana has played f16 (-5) on Bo's card; Bo holds f05 (+3)."""
    state = deal()
    state["rules"]["fortune_floor"] = fortune_floor
    set_pile(state, "Ana", 1, 2)
    set_pile(state, "Bo", 1, 1)
    give(state, "Ana", "f16")
    give(state, "Bo", "f05")
    opened = play(state, attack(1, "Bo", 1)).state
    answered = play(opened, {"type": "fortune", "id": "f16", "on": "theirs"}).state
    assert answered["battle"]["to_answer"] == "defender"
    return answered


def test_greedy_answer_floors_each_fortune_when_the_table_does() -> None:
    # Floored after each Fortune: 1 - 5 -> 0, then +3 = 3 beats Ana's 2. Floored once after
    # the total: 1 - 5 + 3 = -1 -> 0, which no Fortune of Bo's saves.
    each = _bo_to_answer("each")
    assert greedy_answer(Match(each), Rng(1)) == {"type": "fortune", "id": "f05", "on": "mine"}
    result = play(each, greedy_answer(Match(each), Rng(1))).result
    assert result["winner"] == "Bo" and result["defender"]["value"] == 3
    assert greedy_answer(Match(_bo_to_answer("total")), Rng(1)) == {"type": "pass"}


def _equal_cards(tie: str) -> dict[str, Any]:
    """Blind Fortunes: Ana's 3 attacks Bo's 3; Bo holds f01 (+1)."""
    state = deal(blind=True)
    state["rules"]["tie"] = tie
    set_pile(state, "Ana", 1, 3)
    set_pile(state, "Bo", 1, 3)
    give(state, "Bo", "f01")
    return state


def test_greedy_defence_keeps_its_fortune_when_a_tie_already_saves_the_card() -> None:
    action = attack(1, "Bo", 1)
    assert greedy_defence(Match(_equal_cards("neither")), action, Rng(1)) is None
    assert greedy_defence(Match(_equal_cards("defender")), action, Rng(1)) is None
    both = greedy_defence(Match(_equal_cards("both")), action, Rng(1))
    assert both == {"by": "defender", "id": "f01", "on": "mine"}
    # ... and plays it only to win outright on an 'attacker' tie
    assert greedy_defence(Match(_equal_cards("attacker")), action, Rng(1)) == both


def test_greedy_answer_plays_for_a_win_on_a_tie_that_takes_no_card() -> None:
    state = deal()
    state["rules"]["tie"] = "neither"
    set_pile(state, "Ana", 1, 3)
    set_pile(state, "Bo", 1, 3)
    give(state, "Ana", "f01")
    opened = play(state, attack(1, "Bo", 1)).state
    assert greedy_answer(Match(opened), Rng(1)) == {"type": "fortune", "id": "f01", "on": "mine"}
