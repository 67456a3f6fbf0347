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
from gmtool.systems.zauberer import story
from gmtool.systems.zauberer.duels import call_duel, duel_round
from gmtool.systems.zauberer.dungeon import enter
from gmtool.systems.zauberer.movement import move
from gmtool.systems.zauberer.spells import cast
from gmtool.systems.zauberer.state import State, check_not_over, check_phase, check_turn
from gmtool.systems.zauberer.traps import draw_trap
from gmtool.systems.zauberer.turns import end_turn, start_turn

CONTRACTS = {
    "move": ("team", "die", "steps", "moved", "from", "to", "space", "stopped_by", "next"),
    "dungeon": ("team", "dice", "outcome", "card"),
    "duel_round": ("round", "power", "hp", "round_loser", "winner"),
}


def roll_off(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    """Every team rolls 2d6; the highest plays first, and tied teams roll again."""
    check_not_over(state)
    if state["phase"] != "roll_off":
        raise RulesError("the roll-off is over: the first team was chosen already")
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


def finish_turn(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    team = check_turn(state, action.get("player"), doing="end the turn")
    if state["phase"] == "move":
        raise RulesError(
            f"{team['clan']} has not moved yet: a turn starts with the movement roll",
            hint="gmtool zauberer move",
        )
    check_phase(state, team, ("white", "dungeon", "end"), "end the turn")
    return {"team": team["clan"], **end_turn(state)}


def _move(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return move(state, dict(action), dice)


def _dungeon(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return enter(state, dict(action), dice)


def _trap(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return draw_trap(state, dict(action))


def _cast(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return cast(state, dict(action))


def _duel_start(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return call_duel(state, dict(action))


def _duel_round(state: State, action: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
    return duel_round(state, dict(action), dice)


ACTIONS: dict[str, Callable[[State, Mapping[str, Any], DiceDoor], dict[str, Any]]] = {
    "roll_off": roll_off,
    "move": _move,
    "dungeon": _dungeon,
    "trap": _trap,
    "cast": _cast,
    "duel_start": _duel_start,
    "duel_round": _duel_round,
    "end_turn": finish_turn,
}


def apply_action(
    state: State, action: Mapping[str, Any], dice: DiceDoor, *, narrate: bool = True
) -> Outcome:
    """Check ``action`` against the rules and carry it out on ``state`` (changed in place).

    ``narrate=False`` skips the log's line (the simulator keeps no log)."""
    kind = str(action.get("type"))
    if kind not in ACTIONS:
        raise unknown("Zauberer action", kind, list(ACTIONS))
    turn_before = state["turn_number"]
    player = state["player"]
    doc = ACTIONS[kind](state, action, dice)
    doc["type"] = kind
    if kind != "roll_off" and state["turn_number"] == turn_before:
        player = state["player"]
    who, what, outcome = story.line(state, kind, doc, player) if narrate else ("", kind, "")
    keys = CONTRACTS.get(kind)
    result = {key: doc[key] for key in keys} if keys else doc
    return Outcome(state, result, who=who, what=what, outcome=outcome, extra=doc)
