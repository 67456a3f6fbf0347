"""A Food Fight match played out for ``gmtool forecast``: every seat a side of its own,
each choosing from the moves ``options`` offers it (its turn's attack or discard, its
Fortunes in a battle). ``simulate`` stays the balance run from the deal, with its own
quicker players."""

from __future__ import annotations

from typing import Any

from gmtool.engine.forecast import Player, RandomPolicy, Record, Start, seat_by_seat
from gmtool.engine.system import Action, Move, State, System
from gmtool.errors import RulesError
from gmtool.games.foodfight.rules.declaration import seats, status

SIDES: tuple[str, ...] = ()
"""The seats, read from the match (``Start.sides``)."""
POLICIES = {"random": RandomPolicy()}
DEFAULT_POLICIES = {"*": "random"}
MAIN = "moves"
ENUMERABLE = False
"""Draws are secret shuffles, not dice through the door: never enumerated."""
RUNS = 500


def step(state: State, player: Player) -> Action | None:
    """The seat awaited moves; stacking the towers again is the table's, not a policy's."""
    return seat_by_seat(state, player, _played)


def _played(move: Move) -> bool:
    return move.name != "layout"


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:
        raise RulesError(
            "a match is forecast from here; from the deal, balance runs are 'foodfight simulate'",
            hint="forecast without --fresh",
        )
    if status(state)["over"]:
        raise RulesError("the match is over: nothing is left to forecast")
    return Start(
        state, what=f"the match from move {status(state)['moves']}", sides=tuple(seats(state))
    )


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    notes["moves"] = notes.get("moves", 0) + 1


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    doc = status(end)
    out = tuple(f"out: {p['name']}" for p in doc["players"] if p["out"])
    return Record(str(doc["winner"] or ""), out, {"moves": float(notes.get("moves", 0))})
