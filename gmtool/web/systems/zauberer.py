"""Zauberer's screens: the arena for the table; for each team, its own spell card (which
the rules keep face down) and, on its turn, its moves: the movement roll with its fork
choices, the dungeon, a trap, casting its non-combat card, calling a duel and ending the
turn, each with the faces of real dice typed in or left to the campaign's dice.

The duel's rounds stay with the GM (``gmtool play`` or ``zauberer duel round``): both
teams choose cards around one roll, the defence cards after seeing the dice. A team's
screen shows which of its cards it may play before and after the roll.

Everything shown comes from the system's own documents (``view``, ``status``,
``seat_options``); a posted form only becomes the action the command line would build,
always naming the seat's own clan, and the rules decide.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.errors import UsageError
from gmtool.systems.zauberer.view import seat_options, status, view
from gmtool.web.screens import Form, Question, Screens

MOST_CHOICES = 8
"""How many numbered fields (way1, target1, space1...) a posted form is read for."""


class ZaubererScreens(Screens):
    seat_template = "zauberer/player.html"

    def table(self, state: State, *, now: float) -> dict[str, Any]:
        return {"status": status(state)}

    def seats(self, state: State) -> list[str]:
        return [team["clan"] for team in state["teams"]]

    def seat_view(self, state: State, seat: str) -> dict[str, Any]:
        seen = view(state, seat)
        mine = next(team for team in seen["teams"] if team["clan"] == seat)
        others = [team for team in seen["teams"] if team["clan"] != seat]
        return {"me": mine, "others": others, "game": seen, "status": status(state)}

    def moves(self, state: State, seat: str) -> dict[str, Any] | None:
        return seat_options(state, seat)

    def action(self, state: State, seat: str, form: Form) -> dict[str, Any] | Question:
        move = form.get("move", "")
        mine: dict[str, Any] = {"player": seat}  # the rules refuse it when it is not its turn
        if move == "move":
            return {"type": "move", **mine, **_listed(form, "ways", "way")}
        if move == "dungeon":
            return {"type": "dungeon", **mine, "return_spell": form.get("return_spell") == "yes"}
        if move in ("trap", "end_turn"):
            return {"type": move, **mine}
        if move == "duel_start":
            return {"type": "duel_start", **mine, "target": form.get("target", "")}
        if move == "cast":
            action = {"type": "cast", **mine, "card": form.get("card", "")}
            action.update(_listed(form, "targets", "target"))
            action.update(_listed(form, "spaces", "space"))
            action.update(_listed(form, "ways", "way"))
            steps = form.get("steps", "").strip()
            if steps:
                if not steps.isdigit():
                    raise UsageError(f"'{steps}' is not a number of spaces", hint="e.g. 3")
                action["steps"] = int(steps)
            return action
        raise UsageError("choose a move", hint="pick one of the buttons on your screen")


def _listed(form: Form, key: str, field: str) -> dict[str, list[str]]:
    """``{key: [...]}`` from the numbered fields ``field1``, ``field2``... that were filled."""
    chosen = [form.get(f"{field}{n}", "").strip() for n in range(1, MOST_CHOICES + 1)]
    chosen = [value for value in chosen if value]
    return {key: chosen} if chosen else {}


SCREENS = ZaubererScreens
