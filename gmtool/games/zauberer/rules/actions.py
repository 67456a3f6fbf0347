"""Carrying out one action, and the line the log tells about it.

Each action's result document is what ``--json`` prints; for the commands with a
published contract (move, dungeon, a duel round) it holds exactly the contract's keys,
and the fuller document (dice, cards, modifiers) goes to the renderer as ``extra``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, unknown
from gmtool.games.zauberer.rules import story
from gmtool.games.zauberer.rules.duels import call_duel, check_call, check_round, duel_round
from gmtool.games.zauberer.rules.dungeon import check_enter, enter
from gmtool.games.zauberer.rules.movement import check_move, move
from gmtool.games.zauberer.rules.spells import cast, check_cast
from gmtool.games.zauberer.rules.state import (
    State,
    check_not_over,
    check_phase,
    check_turn,
    named_player,
    stored_state,
    team_to_play,
)
from gmtool.games.zauberer.rules.traps import check_draw, draw_trap
from gmtool.games.zauberer.rules.turns import end_turn, start_turn
from gmtool.games.zauberer.state import ActionType

CONTRACTS = {
    "move": ("team", "die", "steps", "moved", "from", "to", "space", "stopped_by", "next"),
    "dungeon": ("team", "dice", "outcome", "card"),
    "duel_round": ("round", "power", "hp", "round_loser", "winner"),
}


def check_roll_off(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    check_not_over(state)
    if state["phase"] != "roll_off":
        raise RulesError("the roll-off is over: the first team was chosen already")
    return {"type": "roll_off"}


def roll_off(
    state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool
) -> dict[str, Any]:
    """Every team rolls 2d6; the highest plays first, and tied teams roll again."""
    rolling = [team["clan"] for team in state["teams"]]
    rounds: list[dict[str, int]] = []
    while len(rolling) > 1:
        totals = {clan: dice.roll("2d6", who=clan, label="roll-off").total for clan in rolling}
        rounds.append(totals)
        best = max(totals.values())
        rolling = [clan for clan in rolling if totals[clan] == best]
    first = rolling[0]
    start_turn(state, [team["clan"] for team in state["teams"]].index(first))
    return {"rolls": rounds, "first": first}


def check_finish(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    team = check_turn(state, action.get("player"), doing="end the turn")
    if state["phase"] == "move" and team["space"] != state["turn_start_space"]:
        raise RulesError(
            f"{team['clan']} is on a fountain, which gives another roll: the rulings make it "
            "roll again (fountain_roll: must)",
            hint="gmtool zauberer move",
        )
    if state["phase"] == "move":
        raise RulesError(
            f"{team['clan']} has not moved yet: a turn starts with the movement roll",
            hint="gmtool zauberer move",
        )
    check_phase(state, team, ("white", "blue", "dungeon", "end"), "end the turn")
    return {"type": "end_turn"}


def finish_turn(
    state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool
) -> dict[str, Any]:
    clan = team_to_play(state)["clan"]
    done = end_turn(state)
    return {"team": clan, **done} if record else {}


Check = Callable[[State, Mapping[str, Any]], dict[str, Any]]
CarryOut = Callable[[State, Mapping[str, Any], DiceDoor, bool], dict[str, Any]]
ACTIONS: dict[ActionType, tuple[Check, CarryOut]] = {
    "roll_off": (check_roll_off, roll_off),
    "move": (check_move, move),
    "dungeon": (check_enter, enter),
    "trap": (check_draw, draw_trap),
    "cast": (check_cast, cast),
    "duel_start": (check_call, call_duel),
    "duel_round": (check_round, duel_round),
    "end_turn": (check_finish, finish_turn),
}
"""Each action: its check (every refusal the rules can make before the dice, changing
nothing) and how it is carried out."""

# The actions whose team to play may be named by one of its players (who then plays).
_PLAYED_BY = ("move", "dungeon", "trap", "cast", "duel_start", "end_turn")


def check_action(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The move ``action`` asks for, as ``carry_out`` takes it (cards by id, teams by clan,
    ways checked); raises the rules' refusal, changing nothing."""
    kind = str(action.get("type"))
    if kind not in ACTIONS:
        raise unknown("Zauberer action", kind, list(ACTIONS))
    checked = ACTIONS[kind][0](state, action)
    if kind in _PLAYED_BY:
        player = named_player(team_to_play(state), action.get("player"))
        if player is not None:
            checked["player"] = player
    return checked


def carry_out(
    state: State, move: Mapping[str, Any], dice: DiceDoor, *, record: bool = True
) -> dict[str, Any]:
    """Play a move the rules accept (``check_action``'s, or a simulated player's, which only
    makes such moves) on ``state``, changed in place; returns its result document. A few
    refusals hang on the dice and are still made here (a defence card the roll does not
    allow, a card named from a pile when the dungeon gives nothing).

    ``record=False`` (the simulator's games) returns an empty document for every move but
    the roll-off (played once a game): nobody reads them."""
    if "player" in move:
        state["player"] = move["player"]
    return ACTIONS[move["type"]][1](state, move, dice, record)


def apply_action(state: State, action: Mapping[str, Any], dice: DiceDoor) -> Outcome:
    """Check ``action`` against the rules and carry it out on ``state`` (changed in place),
    with the log's line."""
    checked = check_action(state, action)
    kind = checked["type"]
    turn_before = state["turn_number"]
    player = state["player"]
    doc = carry_out(state, checked, dice)
    doc["type"] = kind
    if kind != "roll_off" and state["turn_number"] == turn_before:
        player = state["player"]
    who, what, outcome = story.line(state, kind, doc, player)
    keys = CONTRACTS.get(kind)
    result = {key: doc[key] for key in keys} if keys else doc
    return Outcome(stored_state(state), result, who=who, what=what, outcome=outcome, extra=doc)
