"""Zauberer's declaration: the clans, what each sees, what each may do now as moves the
rules accept, and whose answer is awaited (both duellists in a duel)."""

from __future__ import annotations

from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules.view import status, view
from tests.games.zauberer.helpers import duel, play, start


def test_the_seats_are_the_clans_and_the_team_to_play_is_awaited() -> None:
    state = start()
    assert SYSTEM.seats(state) == ["fire", "water", "air", "earth"]
    assert SYSTEM.to_move(state) == ["fire"]
    assert SYSTEM.view(state, "Eve") == {**status(state), **view(state, "water"), "as": "water"}
    assert SYSTEM.view(state, None) == status(state)


def test_the_team_to_play_rolls_to_move_and_only_it() -> None:
    state = start()
    moves = SYSTEM.options(state, "fire")
    assert [move.name for move in moves] == ["move"]
    assert moves[0].dice == ("1d6",)
    assert SYSTEM.options(state, "water") == []
    assert moves[0].fill({}) == {"type": "move", "player": "Ana"}
    outcome = play(state, moves[0].fill({}), 1)
    assert SYSTEM.to_move(outcome.state) == ["fire"]


def test_a_team_of_several_players_is_asked_who_plays() -> None:
    state = start("water")
    move = SYSTEM.options(state, "water")[0]
    who = move.choice("player")
    assert who is not None and who.values == ("Bo", "Eve")
    assert move.fill({"player": "Eve"}) == {"type": "move", "player": "Eve"}


def test_in_a_duel_both_duellists_are_awaited_and_the_gm_may_roll() -> None:
    state = duel(start(), "fire", "air")
    assert SYSTEM.to_move(state) == ["fire", "air"]
    assert [move.name for move in SYSTEM.options(state, "air")] == ["duel_round"]
    table = SYSTEM.options(state, None)
    assert [(move.name, move.label) for move in table] == [("duel_round", "roll 1 of the duel")]


def test_the_roll_off_is_the_gms() -> None:
    state = start("roll_off")
    assert SYSTEM.to_move(state) == []
    [roll_off] = SYSTEM.options(state, None)
    assert roll_off.action == {"type": "roll_off"} and roll_off.dice == ("2d6",) * 4


def test_a_team_held_to_one_die_is_offered_one_die_to_throw() -> None:
    """Shark Swirl ("can only use one dice for the first turn of the next battle"): fire's
    first roll of its next duel throws one d6, the second roll two again."""
    from tests.games.zauberer.helpers import round_, team

    state = start()
    swirl = {"id": "shark_swirl", "name": "Shark Swirl", "text": "", "kind": "battle_one_die"}
    team(state, "fire")["effects"].append({**swirl, "rounds": 1})
    fight = duel(state, "fire", "earth")
    assert SYSTEM.options(fight, "fire")[0].dice == ("1d6",)
    assert SYSTEM.options(fight, "earth")[0].dice == ("2d6",)
    assert SYSTEM.options(fight, None)[0].dice == ("1d6", "2d6")
    after = round_(fight, fire=[5], earth=[1, 1]).state  # 5 + 1 (over earth) against 2
    assert SYSTEM.options(after, "fire")[0].dice == ("2d6",)
