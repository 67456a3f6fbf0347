"""The stored state of an Originem game, as types mypy checks every key of.

The state is saved as JSON (the campaign's log keeps one a move); these ``TypedDict``s are
its shape, as ``rules/setup.py`` writes it, so a lookup of a key the state does not have
is an error before anything runs. A campaign written before reads the same: they describe
the dict, they change nothing in it.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, cast

from gmtool.engine.system import State

ActionType = Literal[
    "mission_start",
    "scene",
    "runaway",
    "combat_start",
    "combat_initiative",
    "combat_attack",
    "combat_enemy_attack",
    "combat_heal",
    "combat_end_turn",
    "combat_end",
    "nova_start",
    "nova_pause",
    "nova_resume",
    "nova_penalty",
    "nova_adjust",
    "nova_set",
    "nova_out",
    "crew_add",
    "crew_remove",
]
"""Every action the rules take (``game.HANDLERS`` is keyed by them)."""

Turn = Literal["initiative", "crew", "enemies", "heal"]
MissionState = Literal["locked", "not_started", "under_way", "complete"]
Ended = Literal["won", "lost"]


# "class" is a Python keyword: these two are written in TypedDict's call form.
Crew = TypedDict("Crew", {"name": str, "class": str, "class_title": str, "hp": int, "max_hp": int})
"""One crew member: their class (its key in ``tables/originem/classes``) and HP."""

Mission = TypedDict(
    "Mission",
    {
        "title": str,
        "aliases": NotRequired[list[str]],
        "kind": str,
        "knowledge": int,
        "class": str | None,
        "scenes": list[str],
        "done": list[bool],
        "state": MissionState,
    },
)
"""One mission: its scene slots in order, which of them are ``done``, where it stands."""


class Enemy(TypedDict):
    name: str
    tier: str
    tier_title: str
    hp: int
    max_hp: int


class Fight(TypedDict):
    mission: str | None
    gm_die: str
    crew: list[str]
    """The crew members in the fight, by name."""
    enemies: list[Enemy]
    first: str | None
    round: int
    turn: Turn
    acted: list[str]
    to_act: list[str]


class Clock(TypedDict):
    """The NOVA counter (``rules/nova.py``): seconds left at the last mark."""

    length_seconds: float
    remaining: float
    running: bool
    since: float | None
    started: bool
    zero_ends_game: bool
    touched: NotRequired[float]
    """The time of the last move (a campaign written before has none: ``since`` stands in)."""


class Knowledge(TypedDict):
    have: int
    need: int


class Engaged(TypedDict):
    """A runaway failed: the fight it leads to belongs to this mission."""

    mission: str | None


class OriginemState(TypedDict):
    system: Literal["originem"]
    crew: list[Crew]
    missions: dict[str, Mission]
    knowledge: Knowledge
    nova: Clock
    bonus: dict[str, int]
    combat: Fight | None
    engaged: Engaged | None
    ended: Ended | None
    ended_reason: str


def typed(state: State) -> OriginemState:
    """The engine's state dict seen as an Originem state (the same dict, not a copy)."""
    return cast(OriginemState, state)
