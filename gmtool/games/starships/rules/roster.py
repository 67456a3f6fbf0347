"""The combatants in a state: finding them by name, and who is still standing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.engine.system import State
from gmtool.errors import RulesError, unknown
from gmtool.games.starships.rules.content import SIDES
from gmtool.games.starships.state import Combatant as Combatant
from gmtool.games.starships.state import Weapon


def find(state: State, name: str) -> Combatant:
    """The combatant called ``name`` (any case); an unknown name lists the valid ones."""
    roster: dict[str, Combatant] = state["combatants"]
    if name in roster:
        return roster[name]
    for key, combatant in roster.items():
        if key.lower() == name.lower():
            return combatant
    raise unknown("combatant", name, list(roster))


def find_standing(state: State, name: str) -> Combatant:
    """The combatant called ``name``, who must be conscious (HP above 0)."""
    combatant = find(state, name)
    if is_down(combatant):
        raise RulesError(
            f"{combatant['name']} is unconscious (HP 0) and cannot act or be targeted",
            hint="a GM can restore HP with 'hp NAME +N'",
        )
    return combatant


def weapon_of(fighter: Combatant, kind: str) -> Weapon:
    """``fighter``'s melee or ranged weapon (``check_attack`` has made sure it has one)."""
    weapon = fighter["melee"] if kind == "melee" else fighter["ranged"]
    if weapon is None:
        raise RulesError(f"{fighter['name']} has no {kind} weapon")
    return weapon


def is_down(combatant: Mapping[str, Any]) -> bool:
    return int(combatant["hp"]) <= 0


def side_members(state: State, side: str) -> list[Combatant]:
    """Everyone on ``side``, in the order they were added."""
    return [c for c in state["combatants"].values() if c["side"] == side]


def standing(state: State, side: str) -> list[Combatant]:
    """Everyone on ``side`` still conscious, in the order they were added."""
    return [c for c in state["combatants"].values() if c["side"] == side and int(c["hp"]) > 0]


def other_side(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def set_hp(combatant: Combatant, hp: int, *, over_max: bool = False) -> None:
    """HP stays between 0 and the maximum (or above it, when the rules allow)."""
    ceiling = hp if over_max else int(combatant["max_hp"])
    combatant["hp"] = max(0, min(hp, ceiling))


def hp_table(state: State) -> dict[str, int]:
    return {name: int(c["hp"]) for name, c in state["combatants"].items()}


def momentum_table(state: State) -> dict[str, int]:
    return {name: int(c["momentum"]) for name, c in state["combatants"].items()}
