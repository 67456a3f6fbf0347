"""Turn order, holding the centre for three turns, and the log as the story of the game."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError

from .helpers import play, put, start, team


def end(state: dict) -> dict:  # type: ignore[type-arg]
    state["phase"] = "end"
    return play(state, {"type": "end_turn"}).state


def test_turns_go_clockwise_and_skip_teams_that_are_out() -> None:
    state = start(first="water")
    team(state, "air")["out"] = "duel"
    order = []
    for _ in range(4):
        order.append(state["teams"][state["turn"]]["clan"])
        state = end(state)
    assert order == ["water", "earth", "fire", "water"]


def test_ending_the_turn_before_moving_is_refused() -> None:
    with pytest.raises(RulesError, match="fire has not moved yet"):
        play(start(), {"type": "end_turn"})


def test_three_turns_held_at_the_centre_win() -> None:
    state = start(first="fire", teams={"fire": ["Ana"], "water": ["Bo"]})
    put(state, "fire", "n5")
    state = play(state, {"type": "move"}, 1).state  # arrives: does not count
    state = play(state, {"type": "end_turn"}).state
    assert team(state, "fire")["centre_turns"] == 0
    for held in (1, 2):
        state = end(state)  # water
        assert state["phase"] == "white"  # fire starts its turn on the centre
        outcome = play(state, {"type": "end_turn"})
        state = outcome.state
        assert team(state, "fire")["centre_turns"] == held
        assert outcome.outcome == f"holds the centre ({held})"
    state = end(state)
    outcome = play(state, {"type": "end_turn"})
    assert outcome.state["winner"] == "fire" and outcome.state["ended_by"] == "centre"
    assert outcome.outcome == "holds the centre (3); fire holds the centre and wins the game"


def test_the_turn_of_arrival_counts_by_ruling_and_leaving_starts_again() -> None:
    state = start(first="fire", teams={"fire": ["Ana"], "water": ["Bo"]})
    state["rules"]["arrival_counts"] = True
    put(state, "fire", "n5")
    state = play(state, {"type": "move"}, 1).state
    state = play(state, {"type": "end_turn"}).state
    assert team(state, "fire")["centre_turns"] == 1
    team(state, "fire")["trail"] = ["n5", "centre"]
    state["teams"][1]["spell"] = "get_outta_air"
    state["decks"]["air"].remove("get_outta_air")
    state["phase"] = "end"
    state = play(state, {"type": "cast", "card": "get_outta_air", "targets": ["fire"]}).state
    assert team(state, "fire")["space"] == "n5" and team(state, "fire")["centre_turns"] == 0


def test_teams_of_two_take_turns_at_playing() -> None:
    state = start(first="water", teams={"water": ["Bo", "Eve"], "fire": ["Ana"]})
    players = []
    for _ in range(4):
        players.append(state["player"])
        state = end(state)
    assert players == ["Bo", "Ana", "Eve", "Ana"]


def test_a_duel_called_from_the_centre_ends_the_turn_and_counts_it() -> None:
    state = start(first="fire", teams={"fire": ["Ana"], "water": ["Bo"], "air": ["Cy"]})
    put(state, "fire", "centre")
    put(state, "water", "n5")
    state["turn_start_space"] = "centre"
    state["phase"] = "white"
    state = play(state, {"type": "duel_start", "target": "water"}).state
    for _ in range(3):
        state = play(state, {"type": "duel_round"}, fire=[6, 6], water=[1, 1]).state
    outcome = play(state, {"type": "duel_round"}, fire=[6, 6], water=[1, 1])
    assert team(outcome.state, "fire")["centre_turns"] == 1
    assert outcome.outcome.endswith(
        "fire wins the duel, water leaves the game; the turn ends, the centre held (1)"
    )
    assert outcome.state["teams"][outcome.state["turn"]]["clan"] == "air"
