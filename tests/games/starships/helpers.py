"""Building Stars & Starships states and playing actions with entered dice."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Outcome, State
from gmtool.games.starships.game import SYSTEM
from gmtool.games.starships.rules.content import StarshipsContent


@lru_cache(maxsize=1)
def packaged_content() -> StarshipsContent:
    return SYSTEM.load_content({})


def block(**fields: Any) -> dict[str, Any]:
    """A plain stat block: 10 HP, Defense 10, no modifiers, a 1d6 Kinetic blade and a
    1d6 Energy pistol, front row; ``fields`` change any of it."""
    base: dict[str, Any] = {
        "hp": 10,
        "defense": 10,
        "might": 0,
        "dex": 0,
        "melee": {"dice": "1d6", "type": "Kinetic"},
        "ranged": {"dice": "1d6", "type": "Energy"},
        "row": "front",
    }
    base.update(fields)
    return base


def play(
    state: State, action: dict[str, Any], *faces: int, content: StarshipsContent | None = None
) -> Outcome:
    """Apply ``action`` to a copy of ``state`` with exactly ``faces`` entered."""
    door = DiceDoor.entered_faces(*faces)
    outcome = SYSTEM.apply(copy.deepcopy(state), action, door, content or packaged_content())
    door.finish()
    return outcome


def roster(
    party: dict[str, dict[str, Any]],
    enemies: dict[str, dict[str, Any]],
    content: StarshipsContent | None = None,
) -> State:
    """Exploration with the given party and enemies waiting."""
    content = content or packaged_content()
    state = SYSTEM.new_state(content, {"party": party}, DiceDoor(Rng(0)))
    for name, fields in enemies.items():
        action = {"type": "add", "name": name, "side": "enemies", **fields}
        state = play(state, action, content=content).state
    return state


def fight(
    party: dict[str, dict[str, Any]],
    enemies: dict[str, dict[str, Any]],
    *,
    first: str = "party",
    content: StarshipsContent | None = None,
) -> State:
    """An encounter begun, with ``first`` winning initiative 20 to 1."""
    state = roster(party, enemies, content)
    faces = (20, 1) if first == "party" else (1, 20)
    return play(state, {"type": "encounter_start"}, *faces, content=content).state


def duel(attacker: dict[str, Any], target: dict[str, Any], **kwargs: Any) -> State:
    """Ana (party, acting first) against Rex (enemies)."""
    return fight({"Ana": attacker}, {"Rex": target}, **kwargs)


def hit(
    state: State,
    weapon: str,
    *faces: int,
    by: str = "Ana",
    on: str = "Rex",
    content: StarshipsContent | None = None,
) -> Outcome:
    """``by`` attacks ``on`` with ``weapon``; ``faces`` are the d20 then any damage dice."""
    action = {"type": "attack", "attacker": by, "target": on, "weapon": weapon}
    return play(state, action, *faces, content=content)


def content_with(overrides: dict[str, Any]) -> StarshipsContent:
    return SYSTEM.load_content(overrides)
