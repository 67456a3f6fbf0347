"""The battle's actions as handlers for the FTL system's ``ACTIONS`` table.

The first battle action of a campaign starts the battle from the seats' ships (and their
missiles), reading the FTL content once; every later second reads only the state.
"""

from __future__ import annotations

from typing import Any, cast

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.games.ftl.rules.battle.actions import ORDERS, apply_battle
from gmtool.games.ftl.rules.battle.state import Battle
from gmtool.games.ftl.rules.match import no_battle, start_battle

ACTION_TYPES = ("tick", *(f"order_{order}" for order in ORDERS))


def battle_action(state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
    if state.get("map") is not None:  # the match on the map: battles begin where ships meet
        no_battle(state)
    elif "battle" not in state:  # no map: the one battle the campaign plays
        state["battle"] = start_battle(state, content)
    result, what, outcome = apply_battle(state, action, dice)
    return Outcome(state, result, who=str(action.get("ship", "")), what=what, outcome=outcome)


def battle_as_it_opens(state: State, content: Any) -> Battle:
    """The battle under way (or the last one, its ships as they are now), or the one the
    first order or second would open, the ships as built (to show it)."""
    return cast(Battle, state.get("battle") or start_battle(state, content))
