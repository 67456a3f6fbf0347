"""The FTL multiplayer board game: ships built from priced parts within a budget, checked
against the building rules, and a sector map laid out by dice.

``SYSTEM`` is what the engine uses. Its ``apply`` dispatches on ``action["type"]`` through
``actions.ACTIONS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome, State
from gmtool.systems.ftl.actions import apply_action
from gmtool.systems.ftl.content import CONTENT, FtlContent
from gmtool.systems.ftl.setup import new_state, status


class Ftl:
    """The FTL referee: ships, their bills, the sector map and jumps."""

    name = "ftl"
    title = "FTL multiplayer board game"

    def load_content(self, overrides: Mapping[str, Any]) -> FtlContent:
        return CONTENT.load(overrides)

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        return new_state(content, options, dice)

    def apply(
        self, state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any
    ) -> Outcome:
        return apply_action(state, action, dice, content)

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        return status(state)


SYSTEM = Ftl()

__all__ = ["SYSTEM", "Ftl"]
