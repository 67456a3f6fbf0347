"""Food Fight's declaration: the seats, what each sees, what each may do now as moves the
rules accept, and whose answer is awaited."""

from __future__ import annotations

import pytest

from gmtool.errors import UsageError
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules.view import status, view
from tests.games.foodfight.helpers import NAMES, deal, give, set_pile


def test_the_seats_are_the_players_and_the_player_to_move_is_awaited() -> None:
    state = deal()
    assert SYSTEM.seats(state) == NAMES
    assert SYSTEM.to_move(state) == ["Ana"]


def test_a_seat_sees_its_own_cards_laid_over_the_public_status() -> None:
    state = deal()
    seen = SYSTEM.view(state, "bo")
    assert seen == {**status(state), **view(state, "Bo"), "as": "Bo"}
    assert SYSTEM.view(state, None) == {**status(state), **view(state, public=True)}
    with pytest.raises(UsageError, match="unknown player 'Zed'"):
        SYSTEM.view(state, "Zed")


def test_the_player_to_move_may_attack_discard_and_stack_before_the_first_move() -> None:
    state = deal()
    moves = {move.name: move for move in SYSTEM.options(state, "Ana")}
    assert list(moves) == ["attack", "discard", "layout"]
    target = moves["attack"].choice("target")
    assert target is not None and target.values is not None
    assert target.values[0] == {"target": "Bo", "target_pile": 1}
    assert target.shown()[0] == "Bo:1 — face down"
    assert [move.name for move in SYSTEM.options(state, "Bo")] == ["layout"]
    assert SYSTEM.options(state, None) == []


def test_a_move_filled_from_its_choices_is_one_the_rules_accept() -> None:
    state = deal()
    attack = next(move for move in SYSTEM.options(state, "Ana") if move.name == "attack")
    answers = {choice.key: (choice.values or ())[0] for choice in attack.choices}
    action = attack.fill(answers)
    assert action == {
        "type": "attack",
        "player": "Ana",
        "pile": 1,
        "target": "Bo",
        "target_pile": 1,
    }
    outcome = SYSTEM.apply(state, action, None, None)  # type: ignore[arg-type]
    assert SYSTEM.to_move(outcome.state) in (["Ana"], ["Bo"], [])


def test_in_an_open_battle_the_one_to_answer_may_reveal_a_fortune_or_pass() -> None:
    state = deal()
    give(state, "Ana", "f01")
    set_pile(state, "Bo", 1, 3)
    attack = {"type": "attack", "player": "Ana", "pile": 1, "target": "Bo", "target_pile": 1}
    state = SYSTEM.apply(state, attack, None, None).state  # type: ignore[arg-type]
    assert SYSTEM.to_move(state) == ["Ana"]
    moves = SYSTEM.options(state, "Ana")
    assert [move.name for move in moves] == ["fortune", "pass"]
    which = moves[0].choice("id")
    assert which is not None and which.values == ("f01",)
    assert [move.name for move in SYSTEM.options(state, "Cy")] == ["layout"]  # no move yet
