"""Zauberer's screens: the arena for the table; for each team, its own spell card (which
the rules keep face down) and what the team may do now. Moves stay with the GM at the
terminal: a Zauberer turn is dice, forks and piles of cards on the real table."""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.systems.zauberer.view import options_document, status, view
from gmtool.web.screens import Screens


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
        doc = options_document(state)
        return doc if doc["team"] == seat else None


SCREENS = ZaubererScreens
