"""The Astral rule system: the one object the engine talks to."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, get_args

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Move, Outcome, State
from gmtool.errors import GmtoolError, RulesError, UsageError, unknown
from gmtool.games.astral.rules import content as astral_content
from gmtool.games.astral.rules.choices import actors
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.entities import add_entity, set_entity, set_pair_distance
from gmtool.games.astral.rules.knockouts import disturb, mark_final_attack
from gmtool.games.astral.rules.lookups import empty_state, find
from gmtool.games.astral.rules.options import declarations, follow, gm_moves, pcs
from gmtool.games.astral.rules.status import status_document
from gmtool.games.astral.rules.tasks import new_task, salvage
from gmtool.games.astral.rules.tick import resolve_tick
from gmtool.games.astral.state import ActionType

ACTION_TYPES: tuple[ActionType, ...] = get_args(ActionType)
OPTION_KEYS = ("entities", "distances", "tasks")
IGNORED_OPTIONS = ("title", "seed")
ENTITY_FIELDS = ("kind", "aura", "tn", "knowledge", "languages", "at")
TASK_FIELDS = ("by", "ticks", "tn", "knowledge")


class AstralSystem:
    """Ticks on the Astral Plane: combat values, Aura, relative distances, timers, tasks."""

    name = "astral"
    title = "Astral"
    short_title = "Astral"
    has_secrets = False

    def load_content(self, overrides: Mapping[str, Any]) -> AstralContent:
        return astral_content.CONTENT.load(overrides)

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        """Entities, distances and tasks from a campaign file's ``options:``."""
        for key in options:
            if key not in OPTION_KEYS + IGNORED_OPTIONS:
                raise UsageError(
                    f"option '{key}' is not used by Astral",
                    hint=f"Astral options: {', '.join(OPTION_KEYS)}",
                )
        state = empty_state()
        for where, action in _setup_actions(options):
            try:
                state = self.apply(state, action, dice, content).state
            except GmtoolError as error:
                raise type(error)(error.message, where=where, hint=error.hint) from None
        return state

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
        kind = action.get("type")
        if kind == "add":
            return add_entity(state, action, content)
        if kind == "set":
            return set_entity(state, action, content)
        if kind == "distance":
            return set_pair_distance(state, action, content)
        if kind == "tick":
            return resolve_tick(state, action, dice, content)
        if kind == "task_new":
            return new_task(state, action, content)
        if kind == "salvage":
            return salvage(state, action, dice, content)
        if kind == "disturb":
            return disturb(state, action, dice, content)
        if kind == "mark_final_attack":
            return mark_final_attack(state, action, content)
        raise unknown("Astral action", str(kind), ACTION_TYPES)

    def status(self, state: State, *, now: float | None = None) -> dict[str, Any]:
        return status_document(state)

    # -- the declaration every front end asks -----------------------------------------
    # The moves hang on the campaign's content (reaches, dice, who may work a task): it
    # is given, or the packaged content is read.

    def seats(self, state: State) -> list[str]:
        """The player characters: the GM declares for the NPCs."""
        return pcs(state)

    def options(
        self,
        state: State,
        seat: str | None,
        *,
        content: AstralContent | None = None,
        kinds: Collection[str] | None = None,
        dice: bool = True,
    ) -> list[Move]:
        """The GM's moves, or what character ``seat`` may declare for the next tick (any
        character: the GM asks the NPCs' too). ``kinds``: the moves of those names alone
        (a forecast's), the same as they are in the whole list; ``dice`` False: the
        declarations without their dice, worked out by checking each (a forecast's,
        which rolls through the door), answered by ``rules.options.follow_without_dice``."""
        rules = content or self.load_content({})
        if seat is None:
            return gm_moves(state, rules, kinds)
        return declarations(state, rules, seat, kinds, dice=dice)

    follow = follow
    """``follow(state, move, choice, answer, content=...)``: ``move`` with ``answer`` to its
    first ``choice`` folded in, and what is asked next (``rules/options.py``)."""

    def view(self, state: State, seat: str | None, *, content: Any = None) -> dict[str, Any]:
        """The table sees what ``status`` shows (no secrets); a PC also their own line and
        whether the next tick waits for their declaration."""
        table = self.status(state)
        if seat is None:
            return table
        entity = find(state, seat, kinds=("pc",))
        own = next(row for row in table["entities"] if row["name"] == entity["name"])
        return {**table, "seat": {**own, "turn": entity["name"] in self.to_move(state)}}

    def asked_of(self, state: State, action: Action, *, content: Any = None) -> list[str]:
        """The player characters whose phones a tick asked of them (``Game.ask``) waits
        for: those able to act that the GM has not declared for, in the order they are
        asked; none for another move."""
        if action.get("type") != "tick":
            return []
        given = [d for d in action.get("declarations") or [] if isinstance(d, Mapping)]
        declared = {d.get("who") for d in given if d.get("action") != "speak"}
        return [name for name in self.to_move(state) if name not in declared]

    def to_move(self, state: State, *, content: Any = None) -> list[str]:
        """The PCs able to act: the next tick waits for each one's declaration (the NPCs'
        are the GM's)."""
        able = actors(state)
        return [name for name in self.seats(state) if name in able]


def _setup_actions(options: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The campaign file's options as the actions the table would use, each with its key."""
    actions: list[tuple[str, dict[str, Any]]] = []
    entities = _mapping(options, "entities", "e.g. entities: {Ana: {kind: pc}}")
    for name, details in entities.items():
        where = f"options.entities.{name}"
        fields = _fields(where, details, ENTITY_FIELDS)
        actions.append((where, {"type": "add", "name": str(name), **fields}))
    distances = options.get("distances") or []
    if not isinstance(distances, list):
        raise RulesError(
            "distances must be a list", where="options.distances", hint='e.g. ["Ana Wisp far"]'
        )
    for index, line in enumerate(distances):
        where = f"options.distances[{index}]"
        parts = (
            line.split() if isinstance(line, str) else list(line) if isinstance(line, list) else []
        )
        if len(parts) != 3:
            raise RulesError(
                f"distance '{line}' must name two entities and a distance",
                where=where,
                hint='e.g. "Ana Wisp far"',
            )
        actions.append(
            (where, {"type": "distance", "a": parts[0], "b": parts[1], "distance": parts[2]})
        )
    tasks = _mapping(options, "tasks", "e.g. tasks: {Unseal: {by: Ana, ticks: 3}}")
    for name, details in tasks.items():
        where = f"options.tasks.{name}"
        fields = _fields(where, details, TASK_FIELDS)
        actions.append((where, {"type": "task_new", "name": str(name), **fields}))
    return actions


def _mapping(options: Mapping[str, Any], key: str, example: str) -> Mapping[str, Any]:
    value = options.get(key) or {}
    if not isinstance(value, Mapping):
        raise RulesError(
            f"options.{key} must map each name to its details", where="campaign file", hint=example
        )
    return value


def _fields(where: str, details: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    if details is None:
        return {}
    if not isinstance(details, Mapping):
        raise RulesError(
            "the details must be a mapping", where=where, hint=f"fields: {', '.join(allowed)}"
        )
    for key in details:
        if key not in allowed:
            raise RulesError(
                f"unknown field '{key}'", where=where, hint=f"fields: {', '.join(allowed)}"
            )
    return dict(details)


SYSTEM = AstralSystem()
