"""A Zauberer game played out for ``gmtool forecast``: every clan a side of its own, each
team choosing from the moves ``options`` offers it (its turn's move or spell, its cards
and roll in a duel); the GM's roll-off is the GM's own move. ``simulate`` stays the
balance run from the start, with its own quicker players."""

from __future__ import annotations

from typing import Any

from gmtool.engine.forecast import Player, RandomPolicy, Record, Start, seat_by_seat
from gmtool.engine.system import Action, State, System
from gmtool.errors import RulesError
from gmtool.games.zauberer.rules.declaration import seats, status

SIDES: tuple[str, ...] = ()
"""The clans, read from the game (``Start.sides``)."""
POLICIES = {"random": RandomPolicy()}
DEFAULT_POLICIES = {"*": "random"}
MAIN = "turns"
ENUMERABLE = False
"""Spells are dealt by a secret shuffle, not dice through the door: never enumerated."""
RUNS = 300


def step(state: State, player: Player) -> Action | None:
    return seat_by_seat(state, player)


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:
        raise RulesError(
            "a game is forecast from here; from the start, balance runs are 'zauberer simulate'",
            hint="forecast without --fresh",
        )
    doc = status(state)
    if doc["over"]:
        raise RulesError("the game is over: nothing is left to forecast")
    return Start(state, what=f"the game from turn {doc['turn']}", sides=tuple(seats(state)))


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    notes["turns"] = status(state)["turn"]
    if action.get("type") == "duel_round":
        notes["duel rounds"] = notes.get("duel rounds", 0) + 1


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    doc = status(end)
    measures = {
        "turns": float(notes.get("turns", doc["turn"])),
        "duel rounds": float(notes.get("duel rounds", 0)),
    }
    ended = (f"ended by: {doc['ended_by']}",) if doc["ended_by"] else ()
    return Record(str(doc["winner"] or ""), ended, measures)
