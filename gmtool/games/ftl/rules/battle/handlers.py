"""The battle's actions as handlers for the FTL system's ``ACTIONS`` table.

The first battle action of a campaign starts the battle from the seats' ships (and their
missiles), reading the FTL content once; every later second reads only the state.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.actions import ORDERS, apply_battle
from gmtool.games.ftl.rules.battle.state import Battle

ACTION_TYPES = ("tick", *(f"order_{order}" for order in ORDERS))


def battle_action(state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
    if "battle" not in state:
        state["battle"] = start_battle(state, content)
    result, what, outcome = apply_battle(state, action, dice)
    return Outcome(state, result, who=str(action.get("ship", "")), what=what, outcome=outcome)


def battle_as_it_opens(state: State, content: Any) -> Battle:
    """The battle under way, or the one the first order or second would open (to show it)."""
    return state.get("battle") or start_battle(state, content)


def start_battle(state: State, content: Any) -> Battle:
    seats = list(state.get("seats") or [])
    if len(seats) != 2:
        raise RulesError(
            f"a battle needs two ships; this campaign has {len(seats)}",
            hint="gmtool campaign new NAME --system ftl --ship Red=FILE --ship Blue=FILE",
        )
    from gmtool.games.ftl.rules.battle.setup import new_battle  # only when a battle starts

    ships = {}
    storms = (state.get("map") or {}).get("ion_storms") or []
    fields = (state.get("map") or {}).get("asteroids") or []
    for seat in seats:
        player = state["players"][seat]
        ship = {
            **player["ship"],
            "missiles": player.get("missiles", 0),
            "drone_parts": player.get("drone_parts", 0),
        }
        if player.get("at") is not None and list(player["at"]) in storms:
            ship["reactor"] = int(ship.get("reactor", 0)) // 2  # "half your reactor power"
        ship["asteroid_field"] = player.get("at") is not None and list(player["at"]) in fields
        ships[seat] = ship
    # The content models' own dump gives the plain dicts and lists a battle keeps.
    return new_battle(ships, content.model_dump())
