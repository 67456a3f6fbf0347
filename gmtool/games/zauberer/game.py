"""Zauberer: four wizard clans race for the centre of the arena, duel, and raid dungeons.

``SYSTEM`` is what the engine uses; ``view`` and ``options_document`` serve the CLI and
the play loop, and ``simulate`` the balance checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome, State
from gmtool.games.zauberer.rules.actions import apply_action
from gmtool.games.zauberer.rules.content import CONTENT, ZaubererContent
from gmtool.games.zauberer.rules.setup import new_state
from gmtool.games.zauberer.rules.view import options_document, seat_status, status, view


class Zauberer:
    """The Zauberer referee."""

    name = "zauberer"
    title = "Zauberer"

    def load_content(self, overrides: Mapping[str, Any]) -> ZaubererContent:
        content: ZaubererContent = CONTENT.load(overrides)
        return content

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        return new_state(content, options, dice)

    def apply(
        self, state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any
    ) -> Outcome:
        # The board, cards and rulings were copied into the state when the game started.
        return apply_action(state, action, dice)

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        return status(state)

    def seat_status(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        # The one door to hidden information is ``view``; this only frames it for status.
        return seat_status(state, seat)


SYSTEM = Zauberer()

__all__ = ["SYSTEM", "Zauberer", "options_document", "view"]
