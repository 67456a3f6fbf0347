"""The simulator's players choose from ``options(state, seat)``: at every step of whole
games, the move a player makes is one its options list, and the options asked for some
kinds only are those kinds' moves of the whole list."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.forecast import Player
from gmtool.engine.system import Move
from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules import forecast

from .helpers import content

TEAMS = {"fire": ["Ana"], "water": ["Bo", "Eve"], "air": ["Cy"], "earth": ["Di"]}
LISTS = {"ways": "ways.", "targets": "targets.", "spaces": "spaces."}
"""An action's lists, each filled by the choices whose keys start so, in order."""


def _steps(policy: str, seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each step of one whole game from the roll-off: the state before it and the action
    the players made (carried out after the yield)."""
    options = {"teams": copy.deepcopy(TEAMS), "first": "roll_off"}
    dice = DiceDoor(Rng(seed))
    state = SYSTEM.new_state(content(), options, dice)
    policies = dict.fromkeys(TEAMS, forecast.POLICIES[policy])
    player = Player(SYSTEM, content(), policies, Rng(seed + 50))
    player.dice = dice
    for _ in range(3000):
        before = copy.deepcopy(state)
        action = forecast.step(state, player)
        assert state == before  # choosing changes nothing
        if action is None:
            return
        yield before, dict(action)
        used = dice if player.entered is None else DiceDoor(entered_by=player.entered)
        player.entered = None
        forecast.carry_out(state, action, used, {}, content())
    raise AssertionError("the game did not end")


def _offered(move: Move, action: dict[str, Any]) -> bool:
    """Whether ``action`` is ``move`` with answers it offers (each list's items from its
    own choices, in their order; an optional choice, or a fork's way, may be left out)."""
    if any(action.get(key) != value for key, value in move.action.items()):
        return False
    for key, value in action.items():
        if key in move.action:
            continue
        if key in LISTS:
            asked = [c for c in move.choices if c.key.startswith(LISTS[key])]
            if len(value) > len(asked) or any(
                item not in choice.values for item, choice in zip(value, asked, strict=False)
            ):
                return False
        else:
            choice = move.choice(key)
            if choice is None or value not in (choice.values or ()):
                return False
    return True


def _in_a_duel(state: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether each duellist's card is one its own roll's move offers for its role."""
    duel = state["duel"]
    for role in ("attack", "defense"):
        for clan, card in action[role].items():
            assert clan in (duel["challenger"], duel["defender"])
            (roll,) = SYSTEM.options(state, clan)
            choice = roll.choice(role)
            if choice is None or card not in (choice.values or ()):
                return False
    return True


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_at_every_step_the_players_move_is_one_of_the_options(policy: str) -> None:
    made: set[str] = set()
    for seed in (1, 2, 3):
        for state, action in _steps(policy, seed):
            made.add(action["type"])
            if state["duel"] is not None:
                assert action["type"] == "duel_round" and _in_a_duel(state, action)
                continue
            team = state["turn"]
            seat = None if team is None else state["teams"][team]["clan"]
            moves = SYSTEM.options(state, seat)
            assert any(_offered(move, action) for move in moves), (action, moves)
            for name in {move.name for move in moves}:  # built alone, the same moves
                alone = SYSTEM.options(state, seat, kinds=(name,))
                assert alone == [move for move in moves if move.name == name]
            assert SYSTEM.options(state, seat, kinds=()) == []
    assert {"roll_off", "move", "duel_start", "duel_round", "end_turn"} <= made
