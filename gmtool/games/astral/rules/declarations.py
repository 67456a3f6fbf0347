"""What each character declares for a tick: parsed from ``"NAME ACTION [TARGET…]"`` and
checked against the rules before anything is rolled.

A declaration is a dict: ``{"who", "action"}`` plus ``"target"`` (attack, block, examine),
``"targets"`` and ``"to"`` (move), ``"task"`` (work) or ``"message"`` (speak).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.astral.rules.content import DISTANCES, AstralContent
from gmtool.games.astral.rules.lookups import (
    BEINGS,
    Entity,
    State,
    Task,
    check_distance_name,
    check_present,
    closeness,
    describe_kind,
    describe_lockout,
    distance,
    find,
    find_task,
    lockout_at_tick_end,
)
from gmtool.games.astral.rules.speech import choose_language

ACTIONS = ("attack", "block", "defend", "examine", "hesitate", "move", "rest", "speak", "work")
ONE_TARGET = ("attack", "block", "examine")
NO_TARGET = ("defend", "hesitate", "rest")
FREE_TEXT = {  # action: (key, what it needs, an example)
    "speak": ("message", "a message", "speak hello"),
    "work": ("task", "a task", "work TASK"),
}

Declaration = dict[str, Any]


def parse_declaration(text: str) -> Declaration:
    """``"Ana move Bo Orb to far"`` -> ``{"who": "Ana", "action": "move", ...}``.

    Entity names are single words (an apostrophe is part of a name, not a quote); a
    message or a task name is the rest of the line, with any quotes round it dropped.
    """
    head = text.split(None, 2)
    if len(head) < 2:
        raise UsageError(
            f"'{text}' needs a name and an action",
            hint='e.g. --act "Ana attack Bo" or --act "Ana rest"',
        )
    who, action = head[0], head[1].casefold()
    if action not in ACTIONS:
        raise unknown("action", head[1], ACTIONS)
    rest = head[2] if len(head) == 3 else ""
    if action in FREE_TEXT:
        key, what, example = FREE_TEXT[action]
        value = _unquote(rest.strip())
        if not value:
            raise UsageError(f"'{text}': {action} needs {what}", hint=f'--act "{who} {example}"')
        return {"who": who, "action": action, key: value}
    words = [_unquote(word) for word in rest.split()]
    declaration: Declaration = {"who": who, "action": action}
    if action in ONE_TARGET:
        if len(words) != 1:
            raise UsageError(
                f"'{text}': {action} takes one target, given {len(words)}",
                hint=f'e.g. --act "{who} {action} NAME"',
            )
        declaration["target"] = words[0]
    elif action in NO_TARGET:
        if words:
            raise UsageError(f"'{text}': {action} takes no target", hint=f'--act "{who} {action}"')
    else:
        declaration.update(_parse_move(text, words))
    return declaration


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1].strip()
    return text


def _parse_move(text: str, rest: list[str]) -> Declaration:
    lowered = [word.casefold() for word in rest]
    if "to" in lowered:
        cut = lowered.index("to")
        targets, where = rest[:cut], rest[cut + 1 :]
    else:
        targets, where = rest[:-1], rest[-1:]
    if not targets or len(where) != 1 or where[0].casefold() not in DISTANCES:
        raise UsageError(
            f"'{text}': move needs targets and a distance",
            hint='e.g. --act "Ana move Bo Orb to far" (touching, near, far, away)',
        )
    return {"targets": targets, "to": where[0].casefold()}


def check_declarations(
    state: State, content: AstralContent, raw: Sequence[Mapping[str, Any] | str]
) -> tuple[dict[str, Declaration], list[Declaration]]:
    """Every declaration checked, names made canonical: (action by character, speeches)."""
    actions: dict[str, Declaration] = {}
    speeches: list[Declaration] = []
    for item in raw:
        given = parse_declaration(item) if isinstance(item, str) else dict(item)
        declaration = _check_one(state, content, given)
        who = declaration["who"]
        if declaration["action"] == "speak":
            spoken = sum(1 for s in speeches if s["who"] == who)
            if spoken >= content.speech.per_tick:
                raise RulesError(
                    f"{who} speaks more than once this tick",
                    hint="a character may SPEAK once per tick; a reply waits a tick",
                )
            speeches.append(declaration)
        elif who in actions:
            raise RulesError(
                f"{who} declared two actions this tick ({actions[who]['action']} and "
                f"{declaration['action']})",
                hint="one action per character per tick; speaking comes on top",
            )
        else:
            actions[who] = declaration
    return actions, speeches


def _check_one(state: State, content: AstralContent, given: dict[str, Any]) -> Declaration:
    action = str(given.get("action", "")).casefold()
    if action not in ACTIONS:
        raise unknown("action", str(given.get("action", "")), ACTIONS)
    actor = find(state, str(given.get("who", "")), kinds=BEINGS)
    who = actor["name"]
    check_present(state, actor, action)
    if actor["condition"] == "unconscious":
        raise RulesError(
            f"{who} is unconscious and cannot act",
            hint="it wakes when the PCs move Away, or when disturbed",
        )
    declaration: Declaration = {"who": who, "action": action}
    if action in ("attack", "block", "examine"):
        declaration["target"] = check_target(state, content, who, action, given.get("target"))
    elif action == "move":
        declaration.update(_check_move(state, who, given))
    elif action == "work":
        declaration["task"] = _check_work(state, content, who, str(given.get("task", "")))
    elif action == "speak":
        message = str(given.get("message") or "").strip()
        if not message:
            raise UsageError(f"{who} speaks an empty message", hint="say something")
        language = given.get("language")
        declaration["language"], declaration["message"] = choose_language(
            state, content, who, message, None if language is None else str(language)
        )
    return declaration


def check_target(state: State, content: AstralContent, who: str, action: str, name: Any) -> str:
    """The target ``name`` of ``who``'s attack, block or examine, spelt canonically; refused
    with the reason ``target_refusal`` gives."""
    target = find(state, str(name or ""), kinds=TARGET_KINDS[action])
    refusal = target_refusal(state, content, who, action, target)
    if refusal is not None:
        raise refusal
    return str(target["name"])


TARGET_KINDS = {"attack": BEINGS, "block": BEINGS, "examine": ("pc", "npc", "object")}
"""What each one-target action may be aimed at."""


def target_refusal(
    state: State, content: AstralContent, who: str, action: str, target: Entity
) -> RulesError | None:
    """Why ``who`` may not declare ``action`` (attack, block, examine) at ``target``, or
    None when it may: the one reading of the rules both the menu (``action_menu`` offers
    the targets with none) and the tick's check (``check_target`` raises it) use."""
    other = str(target["name"])
    if target["kind"] not in TARGET_KINDS[action]:
        return RulesError(
            f"{other} is {describe_kind(target)}, which cannot be the target of {action}",
            hint=f"{action} a being: a PC or an NPC",
        )
    if other == who:
        return RulesError(f"{who} cannot {action} itself", hint=f"name another entity to {action}")
    if target["condition"] == "gone":
        try:
            check_present(state, target, f"be the target of {who}'s {action}")
        except RulesError as error:
            return error
    between = distance(state, who, other)
    if between == "away":
        return RulesError(
            f"{other} is Away from {who}: entities that are Away cannot interact "
            "or perceive each other",
            hint=f"move {who} closer first",
        )
    reach = getattr(content.combat.reach, action)
    if closeness(between) > closeness(reach):
        return RulesError(
            f"{who} is {between} from {other}; {action} reaches {reach} or closer",
            hint=f"move {who} closer first",
        )
    if (
        action in ("attack", "block")
        and target["condition"] == "unconscious"
        and not content.combat.unconscious_can_be_attacked
    ):
        return RulesError(
            f"{other} is unconscious and out of the fight",
            hint=f"use 'disturb' if {who} handles it",
        )
    return None


def _check_move(state: State, who: str, given: Mapping[str, Any]) -> Declaration:
    targets = given.get("targets") or ([given["target"]] if given.get("target") else [])
    if not targets:
        raise UsageError(f"{who} moves relative to nobody", hint='e.g. "Ana move Bo to far"')
    to = check_distance_name(str(given.get("to", "")))
    canonical: list[str] = []
    for name in targets:
        other = find(state, str(name))["name"]
        if other == who:
            raise RulesError(f"{who} cannot move relative to itself")
        check_present(state, find(state, other), f"be moved to by {who}")
        refusal = move_refusal(state, who, other, to)
        if refusal is not None:
            raise refusal
        if other not in canonical:
            canonical.append(other)
    if all(distance(state, who, other) == to for other in canonical):
        raise RulesError(
            f"{who} is already {to} from {', '.join(canonical)}",
            hint="a move must change a distance",
        )
    return {"targets": canonical, "to": to}


def move_refusal(state: State, who: str, other: str, to: str) -> RulesError | None:
    """Why ``who`` may not move to ``to`` from ``other`` (present, not itself), or None when
    it may: an Away lockout still running when the tick's moves land keeps them apart. The
    menu offers as a move's targets those some distance is open to."""
    timer = lockout_at_tick_end(state, who, other)
    if timer is not None and closeness(to) < closeness("away"):
        return RulesError(
            f"{who} and {other} moved Away and cannot come back for {describe_lockout(timer)}",
            hint="choose another action this tick",
        )
    return None


def _check_work(state: State, content: AstralContent, who: str, name: str) -> str:
    task = find_task(state, name)
    refusal = task_refusal(content, who, task)
    if refusal is not None:
        raise refusal
    return str(task["name"])


def task_refusal(content: AstralContent, who: str, task: Task) -> RulesError | None:
    """Why ``who`` may not work on ``task``, or None when it may (the menu's reading and
    the check's)."""
    if content.tasks.only_owner_works and task["by"] != who:
        return RulesError(
            f"task {task['name']} is {task['by']}'s, not {who}'s",
            hint="each character works on their own chosen task",
        )
    if task["status"] != "open":
        return RulesError(
            f"task {task['name']} is already finished ({task['status']})",
            hint="start a new task with 'task new'",
        )
    return None
