"""Food Fight: four players, towers of salt cards, health tracks and Fortune cards.

``SYSTEM`` is what the engine uses; ``view`` and ``options_document`` serve the CLI, and
``simulate`` the balance checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome, State
from gmtool.games.foodfight.rules.content import CONTENT, FoodFightContent
from gmtool.games.foodfight.rules.moves import apply_action
from gmtool.games.foodfight.rules.setup import new_state
from gmtool.games.foodfight.rules.view import options_document, seat_status, status, view


class FoodFight:
    """The Food Fight referee."""

    name = "foodfight"
    title = "Food Fight"

    def load_content(self, overrides: Mapping[str, Any]) -> FoodFightContent:
        content: FoodFightContent = CONTENT.load(overrides)
        return content

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        return new_state(content, options, dice)

    def apply(
        self, state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any
    ) -> Outcome:
        # The rulings were frozen into the state when it was dealt, so ``content`` is unused;
        # so are the dice: every draw and shuffle during play is secret (``secret_below``).
        return apply_action(state, action)

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        return status(state)

    def seat_status(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        # The one door to hidden information is ``view``; this only frames it for status.
        return seat_status(state, seat)


SYSTEM = FoodFight()

__all__ = ["SYSTEM", "FoodFight", "options_document", "view"]
