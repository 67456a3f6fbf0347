"""A tiny rule system for testing the engine: a counter that dice add to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Move, Outcome, State
from gmtool.errors import RulesError


class Toy:
    name = "toy"
    has_secrets = False
    title = "Toy counter"
    short_title = "Toy"

    def load_content(self, overrides: Mapping[str, Any]) -> Any:
        return {"cap": overrides.get("cap", 1000)}

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        return {"count": int(options.get("start", 0)), "history": []}

    def apply(
        self, state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any
    ) -> Outcome:
        if action["type"] == "fail":
            raise RulesError("the toy refuses")
        roll = dice.roll(action.get("dice", "1d6"), who=action.get("who", ""))
        if state["count"] + roll.total > content["cap"]:
            raise RulesError("over the cap")
        state["count"] += roll.total
        state["history"].append(roll.total)
        return Outcome(
            state,
            {"count": state["count"]},
            who=action.get("who", ""),
            what="add",
            outcome=str(roll.total),
        )

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        return {"count": state["count"]}

    # A game without secrets: every seat sees the table, and the GM makes every move.
    def seats(self, state: State) -> list[str]:
        return []

    def options(self, state: State, seat: str | None) -> list[Move]:
        return (
            [Move("add", "add a die", action={"type": "add"}, dice=("1d6",))]
            if seat is None
            else []
        )

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return {"count": state["count"]}

    def to_move(self, state: State) -> list[str]:
        return []


SYSTEM = Toy()
