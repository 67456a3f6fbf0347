"""Finding crew members, missions, classes and enemies by the names a GM types."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from gmtool.engine.system import State
from gmtool.errors import RulesError, unknown
from gmtool.games.originem.state import Crew, typed


def normalise(name: str) -> str:
    """``"Ship-Defense"``, ``"ship_defense"`` and ``" ship  defense"`` all read the same."""
    return _normalised(str(name))


@lru_cache(maxsize=1024)
def _normalised(text: str) -> str:
    """A campaign has a few dozen names, compared over and over: each is read once."""
    return " ".join(text.replace("_", " ").replace("-", " ").split()).casefold()


def same(a: str, b: str) -> bool:
    return a == b or normalise(a) == normalise(b)


def find_member(state: State, name: str) -> Crew:
    crew = typed(state)["crew"]
    for member in crew:
        if same(member["name"], name):
            return member
    raise unknown("crew member", name, [m["name"] for m in crew])


def find_able_member(state: State, name: str, *, down_can_roll: bool) -> Crew:
    """A crew member who may roll now (not down, unless the rulings allow it)."""
    member = find_member(state, name)
    if member["hp"] <= 0 and not down_can_roll:
        raise RulesError(
            f"{member['name']} is down (0 HP) and cannot roll",
            hint="heal them first (a Doctor's heal or a healing scene)",
        )
    return member


def find_mission(state: State, name: str) -> str:
    """The id of the mission called ``name`` (its id, its title or one of its aliases)."""
    for key, mission in state["missions"].items():
        names = [key, mission["title"], *mission.get("aliases", [])]
        if any(same(known, name) for known in names):
            return str(key)
    raise unknown("mission", name, [m["title"] for m in state["missions"].values()])


def find_key(collection: Mapping[str, Any], name: str, kind: str) -> str:
    """The key of ``collection`` called ``name`` (its key or its ``title``)."""
    for key, item in collection.items():
        if same(key, name) or same(getattr(item, "title", key), name):
            return key
    raise unknown(kind, name, list(collection))


def listing(names: Iterable[str]) -> str:
    items = list(names)
    return ", ".join(items) if items else "none"
