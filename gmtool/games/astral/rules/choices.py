"""What the rules allow right now, for menus: each character's actions and their targets,
and who will roll for a set of declarations."""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.astral.rules.content import DISTANCES, AstralContent
from gmtool.games.astral.rules.declarations import (
    TARGET_KINDS,
    move_refusal,
    target_refusal,
    task_refusal,
)
from gmtool.games.astral.rules.lookups import BEINGS, State, distance, timers_of, within
from gmtool.games.astral.rules.tick import declare, dice_rollers, resolve_tick

ALWAYS_OFFERED = ("hesitate", "defend", "rest")


def actors(state: State) -> list[str]:
    """Every being that can declare an action this tick."""
    return [
        e["name"] for e in state["entities"] if e["kind"] in BEINGS and e["condition"] == "active"
    ]


def action_menu(
    state: State, content: AstralContent, who: str, kinds: Collection[str] | None = None
) -> dict[str, list[str]]:
    """Each action ``who`` may declare, with its possible targets (tasks for work).

    Actions that need a target and have none are left out; ``kinds``: just the actions of
    those names, the others' targets not even looked for.
    """
    others = [e for e in state["entities"] if e["name"] != who and e["condition"] != "gone"]

    def aimed(action: str) -> list[str]:
        return [
            e["name"]
            for e in others
            if e["kind"] in TARGET_KINDS[action]
            and target_refusal(state, content, who, action, e) is None
        ]

    def movable(other: str) -> bool:
        """Some distance other than the one now is open to a move from ``other``."""
        now = distance(state, who, other)
        return any(move_refusal(state, who, other, to) is None for to in DISTANCES if to != now)

    candidates: dict[str, Callable[[], list[str]]] = {
        "attack": lambda: aimed("attack"),
        "block": lambda: aimed("block"),
        "examine": lambda: aimed("examine"),
        "move": lambda: [e["name"] for e in others if movable(e["name"])],
        "work": lambda: [
            t["name"] for t in state["tasks"] if task_refusal(content, who, t) is None
        ],
    }
    menu: dict[str, list[str]] = {
        action: [] for action in ALWAYS_OFFERED if kinds is None or action in kinds
    }
    for action, targets_of in candidates.items():
        if kinds is None or action in kinds:
            targets = targets_of()
            if targets:
                menu[action] = targets
    return menu


def rollers(
    state: State, content: AstralContent, declarations: Sequence[Mapping[str, Any] | str]
) -> dict[str, list[str]]:
    """What each character rolls for these declarations, in order (the referee's timer
    rolls aside): ``{"Ana": ["2d6 for CV", "2d6 for task Unseal"]}``."""
    actions, _ = declare(state, content, declarations)
    rolls: dict[str, list[str]] = {}
    for who, dice, what in dice_rollers(state, content, actions):
        rolls.setdefault(who, []).append(f"{dice} for {what}")
    return rolls


def referee_rolls(
    state: State,
    content: AstralContent,
    declarations: Sequence[Mapping[str, Any] | str],
    dice: DiceDoor,
) -> list[str]:
    """The referee's timer rolls (a PC gone, an Away lockout) that these declarations lead
    to with these dice, found by resolving the tick on a copy: ``["2d6 for Cy gone"]``.

    The timers come after every other roll, so the referee's own faces cannot change them.
    """
    if content.timers.roller != "referee":
        return []
    action = {"type": "tick", "declarations": list(declarations)}
    resolve_tick(copy.deepcopy(state), action, dice, content)
    referee = content.timers.referee_name
    return [f"{roll.expression} for {roll.label}" for roll in dice.rolls if roll.who == referee]


def disturbers(state: State, content: AstralContent, npc: str) -> list[str]:
    """The PCs close enough to disturb the unconscious ``npc``."""
    reach = content.combat.reach.disturb
    return [
        e["name"]
        for e in state["entities"]
        if e["kind"] == "pc" and e["condition"] == "active" and within(state, e["name"], npc, reach)
    ]


def extras(state: State) -> dict[str, list[str]]:
    """What else the GM may do now: salvageable tasks, unconscious NPCs, the final attack."""
    waiting = any(t["waits_for_final_attack"] for t in timers_of(state, "lockout"))
    return {
        "salvage": [
            t["name"] for t in state["tasks"] if t["status"] == "partial" and not t["salvaged"]
        ],
        "disturb": [e["name"] for e in state["entities"] if e["condition"] == "unconscious"],
        "final_attack": ["yes"] if state["fight_on"] or waiting else [],
    }


def check_new_name(state: State, content: AstralContent, name: str) -> None:
    """Raise the error adding an entity called ``name`` would meet, so a menu can ask for
    another name at once."""
    from gmtool.games.astral.rules.entities import _check_new_name

    _check_new_name(state, name, content)
