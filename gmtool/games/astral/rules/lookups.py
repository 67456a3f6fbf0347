"""Finding things in the Astral state and changing them a little: an entity or a task by
name, the distance between two, the timers that keep them apart. The state's shape is
``gmtool/games/astral/state.py``."""

from __future__ import annotations

from typing import Any

from gmtool.errors import RulesError, unknown
from gmtool.games.astral.rules.content import DISTANCES
from gmtool.games.astral.state import Entity as Entity
from gmtool.games.astral.state import Task as Task

State = dict[str, Any]

BEINGS = ("pc", "npc")


def empty_state() -> State:
    return {
        "tick": 0,
        "entities": [],
        "distances": {},
        "timers": [],
        "tasks": [],
        "fight_on": False,
    }


def names(state: State, kinds: tuple[str, ...] = ("pc", "npc", "object")) -> list[str]:
    return [e["name"] for e in state["entities"] if e["kind"] in kinds]


_INDEX: tuple[list[Entity], int, dict[str, Entity]] = ([], 0, {})
"""The entities of the list last looked in, by name: ``(list, its length, index)``."""


def by_name(state: State) -> dict[str, Entity]:
    """The state's entities by name as spelt, made once for its list of entities: entities
    are only ever added (``add``), never renamed, replaced or taken out, so an index of
    the same list at the same length is the list's."""
    global _INDEX
    entities: list[Entity] = state["entities"]
    known, length, index = _INDEX
    if known is entities and length == len(entities):
        return index
    index = {entity["name"]: entity for entity in entities}
    _INDEX = (entities, len(entities), index)
    return index


def find(state: State, name: str, *, kinds: tuple[str, ...] = ("pc", "npc", "object")) -> Entity:
    """The entity called ``name`` (any case); an unknown name lists the valid ones."""
    entities: list[Entity] = state["entities"]
    # Names differ in more than case (``entities``), so the one spelt as given is the one:
    # the rules and menus give names as spelt, found at once; a GM may type any case.
    found = by_name(state).get(name)
    if found is None:
        wanted = name.casefold()
        found = next((e for e in entities if e["name"].casefold() == wanted), None)
    if found is None:
        kind = "character" if set(kinds) <= set(BEINGS) else "entity"
        raise unknown(kind, name, names(state, kinds))
    if found["kind"] not in kinds:
        raise RulesError(
            f"{found['name']} is {describe_kind(found)}, which cannot do that",
            hint=f"choose one of: {', '.join(names(state, kinds)) or 'none yet'}",
        )
    return found


def describe_kind(entity: Entity) -> str:
    return {"pc": "a player character", "npc": "an NPC", "object": "an object"}[entity["kind"]]


def distance(state: State, a: str, b: str) -> str:
    return str(state["distances"][a][b])


def set_distance(state: State, a: str, b: str, value: str) -> None:
    state["distances"][a][b] = value
    state["distances"][b][a] = value


def closeness(value: str) -> int:
    """0 for touching up to 3 for away."""
    return DISTANCES.index(value)


def within(state: State, a: str, b: str, reach: str) -> bool:
    return closeness(distance(state, a, b)) <= closeness(reach)


def check_distance_name(text: str) -> str:
    value = text.casefold()
    if value not in DISTANCES:
        raise unknown("distance", text, DISTANCES)
    return value


def timers_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [t for t in state["timers"] if t["kind"] == kind]


def lockout_parties(timer: dict[str, Any]) -> tuple[str, list[str]]:
    """Who moved Away and from whom (a state saved before lockouts were per character holds
    one ``pair`` per timer, the mover first)."""
    if "pair" in timer:
        return timer["pair"][0], [timer["pair"][1]]
    return timer["who"], timer["away_from"]


def lockouts_between(state: State, a: str, b: str) -> list[dict[str, Any]]:
    """Every lockout keeping ``a`` and ``b`` apart: ``a``'s from ``b``, ``b``'s from ``a``."""
    found = []
    for timer in timers_of(state, "lockout"):
        who, others = lockout_parties(timer)
        if (who == a and b in others) or (who == b and a in others):
            found.append(timer)
    return found


def lockout(state: State, a: str, b: str) -> dict[str, Any] | None:
    """The lockout that keeps ``a`` and ``b`` apart longest ("whichever is longer")."""
    found = lockouts_between(state, a, b)
    return max(found, key=lambda t: (t["waits_for_final_attack"], t["ticks"]), default=None)


def lift_lockouts(state: State, a: str, b: str) -> bool:
    """Take the pair out of every lockout holding it apart; a timer left with nobody goes."""
    found = lockouts_between(state, a, b)
    for timer in found:
        who, others = lockout_parties(timer)
        rest = [o for o in others if o not in (a, b)]
        if "pair" in timer or not rest:
            state["timers"].remove(timer)
        else:
            timer["away_from"] = rest
    return bool(found)


def lockout_at_tick_end(state: State, a: str, b: str) -> dict[str, Any] | None:
    """The lockout that still holds ``a`` and ``b`` apart when this tick's moves land.

    Timers count down before moves take effect, so a return declared in the lockout's last
    tick lands just as it runs out.
    """
    timer = lockout(state, a, b)
    if timer is None or (timer["ticks"] <= 1 and not timer["waits_for_final_attack"]):
        return None
    return timer


def gone_timer(state: State, who: str) -> dict[str, Any] | None:
    for timer in timers_of(state, "gone"):
        if timer["who"] == who:
            return timer
    return None


def count_ticks(number: int) -> str:
    """``1 tick``, ``2 ticks``."""
    return f"{number} tick" if number == 1 else f"{number} ticks"


def describe_lockout(timer: dict[str, Any]) -> str:
    parts = []
    if timer["ticks"] > 0:
        parts.append(f"{timer['ticks']} more tick{'s' if timer['ticks'] != 1 else ''}")
    if timer["waits_for_final_attack"]:
        parts.append("the final attack")
    return " and ".join(parts) or "now"


def check_present(state: State, entity: Entity, doing: str) -> None:
    """Gone PCs are out of the Astral: nothing can be done with or by them."""
    if entity["condition"] == "gone":
        timer = gone_timer(state, entity["name"])
        left = timer["ticks"] if timer else 0
        raise RulesError(
            f"{entity['name']} is knocked out and gone from the Astral, so cannot {doing}",
            hint=f"{entity['name']} returns in {count_ticks(left)}",
        )


def find_task(state: State, name: str) -> Task:
    wanted = name.casefold()
    task: Task
    for task in state["tasks"]:
        if task["name"].casefold() == wanted:
            return task
    raise unknown("task", name, [t["name"] for t in state["tasks"]])


def canonical(state: State, name: str, *extra: str) -> str:
    """``name`` spelt as the entity (or one of ``extra``) it matches in any case, else as given."""
    for known in [*(e["name"] for e in state["entities"]), *extra]:
        if known.casefold() == name.strip().casefold():
            return str(known)
    return name.strip()
