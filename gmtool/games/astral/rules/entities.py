"""Adding and changing entities, and the GM setting a distance by hand."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.astral.rules.content import DISTANCES, AstralContent
from gmtool.games.astral.rules.knockouts import wake_left_npcs
from gmtool.games.astral.rules.lookups import (
    State,
    check_distance_name,
    closeness,
    describe_lockout,
    distance,
    find,
    lift_lockouts,
    lockout,
    set_distance,
)

KINDS = ("pc", "npc", "object")
NAME_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_.'-]*")
RESERVED = {"to", *DISTANCES}


def add_entity(state: State, action: Mapping[str, Any], content: AstralContent) -> Outcome:
    name = str(action.get("name", "")).strip()
    _check_new_name(state, name, content)
    kind = str(action.get("kind", "pc"))
    if kind not in KINDS:
        raise unknown("kind of entity", kind, KINDS)
    aura, tn, knowledge = action.get("aura"), action.get("tn"), action.get("knowledge")
    if kind == "object":
        given = [
            key
            for key in ("aura", "tn", "knowledge", "languages")
            if action.get(key) not in (None, [], "")
        ]
        if given:
            raise RulesError(
                f"{name} is an object: objects have no {', '.join(given)}",
                hint="drop those options, or add it as --npc",
            )
        entity: dict[str, Any] = {
            "name": name,
            "kind": kind,
            "aura": None,
            "starting_aura": None,
            "tn": None,
            "knowledge": [],
            "condition": "active",
        }
    else:
        if kind == "pc" and tn is not None:
            raise RulesError(
                f"{name} is a player character: PCs roll 2d6 for their CV and have no TN",
                hint="add --npc to give it a TN",
            )
        rules = content.characters.pc if kind == "pc" else content.characters.npc
        start = _positive(name, "aura", rules.starting_aura if aura is None else aura)
        entity = {
            "name": name,
            "kind": kind,
            "aura": start,
            "starting_aura": start,
            "tn": None if kind == "pc" else _tn(name, _npc_tn(tn, content)),
            "knowledge": _knowledge(name, knowledge or [], content),
            "condition": "active",
        }
        if action.get("languages"):
            entity["languages"] = _languages(name, action["languages"])
    at = check_distance_name(str(action.get("at") or content.distances.default))
    others = [e["name"] for e in state["entities"]]
    state["entities"].append(entity)
    state["distances"][name] = {}
    for other in others:
        set_distance(state, name, other, at)
    result = {"event": "added", "entity": entity, "distance_to_others": at}
    text = f"{name} joins, {at} to all"
    return Outcome(state, result, who=name, what=f"add {kind}", outcome=text)


def set_entity(state: State, action: Mapping[str, Any], content: AstralContent) -> Outcome:
    entity = find(state, str(action.get("name", "")))
    name = entity["name"]
    changed: dict[str, Any] = {}
    force = bool(action.get("force"))
    for key in ("aura", "starting_aura", "tn", "knowledge", "languages"):
        if action.get(key) is None:
            continue
        if entity["kind"] == "object":
            raise RulesError(f"{name} is an object and has no {key}")
        if key == "tn" and entity["kind"] != "npc":
            raise RulesError(f"{name} is a player character: only NPCs have a TN")
        value = action[key]
        if key == "knowledge":
            value = _knowledge(name, value, content)
        elif key == "languages":
            value = _languages(name, value)
        elif key == "tn":
            value = _tn(name, value)
        elif key == "aura" and force:
            value = _whole(name, key, value)
        else:
            value = _positive(name, key, value)
        entity[key] = value
        changed[key] = value
    if not changed:
        raise UsageError(
            f"nothing to change for {name}",
            hint="give --aura, --starting-aura, --tn, --knowledge or --languages",
        )
    aura, most = entity["aura"], entity["starting_aura"]
    if aura is not None and most is not None and aura > most and not force:
        raise RulesError(
            f"{name}'s Aura would be {entity['aura']}, above their starting Aura of "
            f"{entity['starting_aura']}",
            hint=(
                f"give --aura {entity['starting_aura']} as well, or add --force"
                if "starting_aura" in changed and "aura" not in changed
                else "Aura returns to full, not beyond; add --force to allow it anyway"
            ),
        )
    text = ", ".join(f"{k} {v}" for k, v in changed.items())
    return Outcome(
        state,
        {"event": "changed", "name": name, "changed": changed},
        who=name,
        what="set",
        outcome=text,
    )


def set_pair_distance(state: State, action: Mapping[str, Any], content: AstralContent) -> Outcome:
    a = find(state, str(action.get("a", "")))["name"]
    b = find(state, str(action.get("b", "")))["name"]
    if a == b:
        raise RulesError(f"{a} cannot be at a distance from itself", hint="name two entities")
    value = check_distance_name(str(action.get("distance", "")))
    timer = lockout(state, a, b)
    events: list[dict[str, Any]] = []
    if timer is not None and value != "away":
        if not action.get("force"):
            raise RulesError(
                f"{a} and {b} moved Away and cannot come back for {describe_lockout(timer)}",
                hint="wait, mark the final attack, or use --force to overrule",
            )
        lift_lockouts(state, a, b)
        events.append({"event": "lockout_lifted", "pair": [a, b]})
    before = distance(state, a, b)
    set_distance(state, a, b, value)
    events.insert(0, {"event": "distance", "pair": [a, b], "before": before, "after": value})
    if closeness(value) > closeness(before):
        events.extend(wake_left_npcs(state, content, candidates=None))
    result = {"events": events, "distances": state["distances"]}
    return Outcome(state, result, who=f"{a}, {b}", what="distance", outcome=f"{before} -> {value}")


def _check_new_name(state: State, name: str, content: AstralContent) -> None:
    if not NAME_PATTERN.fullmatch(name):
        raise UsageError(
            f"'{name}' is not a usable name",
            hint="start with a letter; use letters, digits, - _ . ' (no spaces)",
        )
    if name.casefold() in RESERVED or name.casefold() == content.timers.referee_name.casefold():
        raise UsageError(f"'{name}' is a reserved word", hint="choose another name")
    for entity in state["entities"]:
        if entity["name"].casefold() == name.casefold():
            raise RulesError(
                f"there is already an entity called {entity['name']}", hint="choose another name"
            )


def _npc_tn(tn: Any, content: AstralContent) -> Any:
    return content.characters.npc.target_number if tn is None else tn


def _positive(name: str, what: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        what = what.replace("_", " ")
        problem = f"{name}'s {what} must be a whole number of at least 1, not {value}"
        if what == "aura":
            raise RulesError(
                problem, hint="0 or less knocks a character out; add --force to set it anyway"
            )
        raise RulesError(problem)
    return value


def _whole(name: str, what: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name}'s {what} must be a whole number, not {value}")
    return value


def _languages(name: str, given: Any) -> list[str]:
    """``"Common, Elvish"`` or a list: the languages ``name`` knows (no repeats)."""
    items = given.split(",") if isinstance(given, str) else given
    if not isinstance(items, list):
        raise RulesError(f"{name}'s languages must be a list, not {given}")
    cleaned: list[str] = []
    for item in items:
        text = str(item).strip()
        if text and text.casefold() not in (c.casefold() for c in cleaned):
            cleaned.append(text)
    return cleaned


def _tn(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{name}'s TN must be a whole number of 0 or more, not {value}")
    return value


def _knowledge(name: str, areas: Any, content: AstralContent) -> list[str]:
    if isinstance(areas, str):
        areas = [part for part in areas.split(",")]
    if not isinstance(areas, list):
        raise RulesError(
            f"{name}'s Knowledge must be a list of areas, not {areas}",
            hint="e.g. knowledge: [runes, dreams]",
        )
    cleaned: list[str] = []
    for area in areas:
        text = str(area).strip()
        if text and text.casefold() not in (c.casefold() for c in cleaned):
            cleaned.append(text)
    limit = content.characters.pc.knowledge_areas
    if len(cleaned) > limit:
        raise RulesError(
            f"{name} has {len(cleaned)} areas of Knowledge; characters choose {limit}",
            hint=f"keep {limit}: {', '.join(cleaned[:limit])}",
        )
    return cleaned
