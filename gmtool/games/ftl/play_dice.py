"""The dice of a second at the table: before a tick is played, the rolls it needs are
listed by name, die and purpose ("evade d20 for Blue dodges burst_laser_ii"), the table
types the faces of those it rolled, and gmtool rolls the rest.

The list comes from playing the tick on the state as it is with the faces given so far and
the campaign's generator for the others (what gmtool would roll now), then throwing that
play away; each answer may change what the later rolls are, so the list is shown again
until the table leaves the rest to gmtool (a blank answer).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.dice.rolled import Roll
from gmtool.engine.game import Game
from gmtool.errors import UsageError

SHOWN = 8
"""The most rolls listed at once (the rest are counted), so the question fits 80x24."""
QUESTION = (
    "Faces for rolls not given yet, by name (e.g. evade=7 fire=heads); Enter: gmtool rolls the rest"
)


class RestRolledDoor(DiceDoor):
    """Faces entered by roll name are taken first; once a name's faces are used up (or
    none were given) its rolls come from the generator. Each roll is logged as entered or
    rolled, as it was."""

    __slots__ = ()

    def _faces_for(self, who: str) -> Any:
        faces = super()._faces_for(who)
        if faces is not None and faces.left == 0:
            return None
        return faces


def rolls_needed(
    game: Game, action: Mapping[str, Any], given: Mapping[str, list[int]]
) -> list[Roll]:
    """Every roll ``action`` makes now with the faces ``given``, gmtool rolling the others
    (nothing is written)."""
    from gmtool.dice.rng import Rng

    door = RestRolledDoor(Rng(game.store.rng_state()), entered_by=dict(given) or None)
    state = copy.deepcopy(game.store.head().state)
    game.system.apply(state, action, door, game.content)
    door.finish()
    return door.rolls


def roll_words(roll: Roll) -> str:
    """``evade d20 for Blue dodges burst_laser_ii``; a d2 is a coin."""
    die = roll.expression.removeprefix("1")
    die = "coin" if die == "d2" else die
    face = f" = {_face(roll)}" if roll.source == "entered" else ""
    return f"{roll.who} {die}{face} for {roll.label}" if roll.label else f"{roll.who} {die}{face}"


def _face(roll: Roll) -> str:
    faces = [die.face for die in roll.dice]
    if roll.expression == "1d2":
        return "heads" if faces[0] == 1 else "tails"
    return ",".join(map(str, faces))


def rolls_list(rolls: Iterable[Roll]) -> list[str]:
    """The rolls in order, given ones with their face; the same roll for the same purpose
    told once with its count; at most ``SHOWN`` lines."""
    lines: list[str] = []
    last: tuple[str, str, str] | None = None
    count = 0
    for roll in rolls:
        key = (roll.who, roll.label, roll.source)
        if key == last and roll.source != "entered":
            count += 1
            lines[-1] = f"{roll_words(roll)} (x{count})"
            continue
        last, count = key, 1
        lines.append(roll_words(roll))
    if len(lines) > SHOWN:
        return [*lines[:SHOWN], f"... and {len(lines) - SHOWN} more"]
    return lines


def merged(given: Mapping[str, list[int]], more: Mapping[str, list[int]]) -> dict[str, list[int]]:
    """The faces given so far with ``more`` after them, name by name."""
    out = {name: list(faces) for name, faces in given.items()}
    for name, faces in more.items():
        out.setdefault(name, []).extend(faces)
    return out


def typed_faces(words: str) -> dict[str, list[int]]:
    """A typed answer's faces by roll name (``evade=7 12 fire=heads``)."""
    from gmtool.games.ftl.commands.battle import faces_by_name, words_to_items

    items = words_to_items(words)
    unnamed = [item for item in items if "=" not in item]
    if unnamed:
        raise UsageError(
            f"'{unnamed[0]}' names no roll", hint="write NAME=FACE, e.g. evade=7 or fire=heads"
        )
    return faces_by_name(items)


def door_for(game: Game, given: Mapping[str, list[int]]) -> DiceDoor:
    """The door the tick is played with: the faces given, the rest rolled."""
    from gmtool.dice.rng import Rng

    return RestRolledDoor(Rng(game.store.rng_state()), entered_by=dict(given) or None)
