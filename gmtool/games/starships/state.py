"""The stored state of a Stars & Starships campaign, as types mypy checks every key of.

The state is saved as JSON; these ``TypedDict``s are its shape as ``game.new_state`` and
the rules write it, so a key the state does not have is an error before anything runs.
They describe the dict and change nothing in it: a campaign written before reads the same.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from gmtool.engine.system import State

ActionType = Literal[
    "add",
    "remove",
    "encounter_start",
    "encounter_end",
    "attack",
    "row",
    "gadget",
    "stream",
    "momentum_spend",
    "end_turn",
    "hp",
]
"""Every action the rules take (``game.HANDLERS`` is keyed by them)."""

Mode = Literal["exploration", "encounter", "game_over"]
Row = Literal["front", "back"]


class Weapon(TypedDict):
    dice: str
    """Its damage, in dice notation (``"1d8"``)."""
    type: str
    """Its damage type, for affinities."""


class Combatant(TypedDict):
    name: str
    side: str
    """``"party"`` or ``"enemies"``."""
    hp: int
    max_hp: int
    defense: int
    might: int
    dex: int
    melee: Weapon | None
    ranged: Weapon | None
    affinities: dict[str, str]
    row: Row
    momentum: int
    skip_turns: int


class Encounter(TypedDict):
    round: int
    first: str
    side: str
    """The side whose turns are being taken."""
    order: str
    queue: list[str]
    """Who acts now (first) and after, this side's turn."""
    done: list[str]
    last_actor: str | None
    initiative: list[list[int]]


class StarshipsState(TypedDict):
    mode: Mode
    combatants: dict[str, Combatant]
    encounter: Encounter | None
    encounters: int
    last_outcome: str | None


def typed(state: State) -> StarshipsState:
    """The engine's state dict seen as a Stars & Starships state (the same dict)."""
    return cast(StarshipsState, state)
