"""The types of ``gmtool/games/zauberer/state.py`` describe the stored game as it is:
every key a game, its teams, board and duel hold, and no other."""

from __future__ import annotations

from typing import Any, get_args

from gmtool.games.zauberer.rules.actions import ACTIONS
from gmtool.games.zauberer.state import ActionType, Board, Duel, Space, Team, ZaubererState

from .helpers import duel, start


def keys(shape: Any) -> set[str]:
    return set(shape.__required_keys__ | shape.__optional_keys__)


def test_the_action_names_are_the_rules_own() -> None:
    assert set(get_args(ActionType)) == set(ACTIONS)


def test_a_game_and_its_duel_have_exactly_the_keys_their_types_name() -> None:
    state = start()
    assert set(state) == keys(ZaubererState)
    assert set(state["board"]) == keys(Board)
    for space in state["board"]["spaces"].values():
        assert set(space) == keys(Space)
    for team in state["teams"]:
        assert set(team) == keys(Team)
    fought = duel(state, "fire", "water")
    assert set(fought["duel"]) == keys(Duel)
