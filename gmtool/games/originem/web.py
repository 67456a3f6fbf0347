"""Originem's screens: the table's NOVA clock, crew and fight; for each crew member, their
HP and class dice, and in a fight the rolls that are theirs to make (initiative, an attack
on the crew's turn, a heal), each rolled on the phone or typed from a real die.

The moves are the declaration's (``options(state, seat, now=...)``); a posted form becomes
the action the GM's menu would play, with the time put in for the NOVA counter.
"""

from __future__ import annotations

import time
from typing import Any

from gmtool.engine.system import Move, State
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.options import as_played
from gmtool.web.screens import MoveScreens


class OriginemScreens(MoveScreens):
    seat_template = "originem/player.html"
    confirming = frozenset({"combat_attack", "combat_heal"})

    def moves(self, state: State, seat: str) -> list[Move]:
        return list(SYSTEM.options(state, seat, content=self.content, now=time.time()))

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        screen = super().seat(state, seat, now=now)
        seen = SYSTEM.view(state, seat, content=self.content, now=now)
        return {**screen, "view": seen, "your_turn": seen["seat"]["turn"]}

    def finished(self, action: dict[str, Any]) -> dict[str, Any]:
        return as_played(action, time.time())


SCREENS = OriginemScreens
