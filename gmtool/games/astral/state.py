"""The stored state of an Astral campaign, as types mypy checks every key of.

The state is saved as JSON; these ``TypedDict``s are its shape as the rules write it, so a
key the state does not have is an error before anything runs. They describe the dict and
change nothing in it: a campaign written before reads the same. (``rules/lookups.py``
holds the small functions that find things in it: an entity by name, a distance, a timer.)
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from gmtool.engine.system import State

ActionType = Literal[
    "add", "set", "distance", "tick", "task_new", "salvage", "disturb", "mark_final_attack"
]
"""Every action the rules take (``game.AstralSystem.apply`` answers each)."""

Declared = Literal[
    "attack", "block", "defend", "examine", "hesitate", "move", "rest", "speak", "work"
]
"""What a character may declare for a tick."""

Kind = Literal["pc", "npc", "object"]
Condition = Literal["active", "gone", "unconscious"]
TaskStatus = Literal["open", "succeeded", "partial", "failed"]


class Entity(TypedDict):
    name: str
    kind: Kind
    aura: int | None
    starting_aura: int | None
    tn: int | None
    """An NPC's target number (PCs roll for their CV instead)."""
    knowledge: list[str]
    languages: NotRequired[list[str]]
    condition: Condition


class Task(TypedDict):
    name: str
    by: str
    ticks: int
    done: int
    tn: int | None
    knowledge: str | None
    status: TaskStatus
    salvaged: bool


class GoneTimer(TypedDict):
    """A PC gone from the scene, back in ``ticks``."""

    kind: Literal["gone"]
    who: str
    ticks: int


class LockoutTimer(TypedDict):
    """A character who moved Away, kept from the others for ``ticks`` (or until the final
    attack)."""

    kind: Literal["lockout"]
    who: str
    away_from: list[str]
    ticks: int
    waits_for_final_attack: bool


class AstralState(TypedDict):
    tick: int
    entities: list[Entity]
    distances: dict[str, dict[str, str]]
    """Every pair's distance, both ways round."""
    timers: list[GoneTimer | LockoutTimer]
    tasks: list[Task]
    fight_on: bool


def typed(state: State) -> AstralState:
    """The engine's state dict seen as an Astral state (the same dict, not a copy)."""
    return cast(AstralState, state)
