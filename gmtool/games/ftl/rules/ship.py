"""The ship file: rooms on a grid, systems and their levels, weapons, drones, augments,
crew, reactor power and supplies.

``read_ship`` checks the shape (types, unknown fields) with ``file:line`` errors; whether the
ship obeys the building rules is ``checks.ship_problems``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from gmtool.content.model import Field, Limits, Model
from gmtool.content.yamlfile import Document, load_yaml
from gmtool.errors import ContentError
from gmtool.games.ftl.rules.content import parse_size
from gmtool.games.ftl.rules.geometry import Rect

SPACE = "space"
"""The door target meaning the outside of the ship."""


# Strict: a ship file says 3, not "3" (or true), and a name is text, not a number.
Int = Annotated[int, Limits(strict=True)]
Text = Annotated[str, Limits(strict=True)]


class Room(Model):
    id: Text = Field(min_length=1)
    at: list[Int] = Field(min_length=2, max_length=2)
    size: Text
    system: Text | list[Text] | None = None
    doors: list[Text] = Field(default_factory=list)

    @property
    def systems(self) -> list[str]:
        if self.system is None:
            return []
        return [self.system] if isinstance(self.system, str) else list(self.system)

    @property
    def rect(self) -> Rect | None:
        """Where the room lies; None when its size is not WIDTHxHEIGHT."""
        size = parse_size(self.size)
        if size is None:
            return None
        return Rect(self.at[0], self.at[1], size[0], size[1])


class CrewMember(Model):
    race: Text
    name: Text | None = None
    skills: dict[str, Int] = Field(default_factory=dict)
    room: Text | None = None


class Ship(Model):
    name: Text = Field(min_length=1)
    rooms: list[Room] = Field(min_length=1)
    systems: dict[str, Int] = Field(default_factory=dict)
    slots: Text
    weapons: list[Text] = Field(default_factory=list)
    drones: list[Text] = Field(default_factory=list)
    augments: list[Text] = Field(default_factory=list)
    crew: list[CrewMember] = Field(default_factory=list)
    reactor: Int = Field(default=0, ge=0)
    missiles: Int = Field(default=0, ge=0)
    drone_parts: Int = Field(default=0, ge=0)
    fuel: Int = Field(default=0, ge=0)

    def room(self, room_id: str) -> Room | None:
        return next((room for room in self.rooms if room.id == room_id), None)

    def crew_label(self, index: int) -> str:
        member = self.crew[index]
        return member.name or f"crew {index + 1} ({member.race})"


def read_ship(path: Path) -> tuple[Ship, Document]:
    """A ship file parsed and shape-checked; ContentError lists every shape problem."""
    document = load_yaml(path)
    return ship_from_data(document.data, document), document


def ship_from_data(data: Any, document: Document | None = None, where: str = "ship") -> Ship:
    """Build a ``Ship`` from plain data (a file's, or a campaign's options)."""
    if not isinstance(data, Mapping):
        place = f"{document.path}:1" if document else where
        raise ContentError([f"{place}: (top): a ship file is a mapping with name, rooms, slots..."])
    from gmtool.content.schema import validate

    sources = [document] if document is not None else [Document(where, data)]
    try:
        return validate(Ship, dict(data), sources)
    except ContentError as error:
        if document is None:
            error.problems = [_prefixed(where, problem) for problem in error.problems]
        raise ContentError(error.problems) from None


def _prefixed(where: str, problem: str) -> str:
    """``ship: rooms.1.at: ...`` -> ``options.ships.Red.rooms.1.at: ...`` for data with no file."""
    head, _, rest = problem.partition(": ")
    return f"{where}.{rest}" if head == where else problem


def ship_document(ship: Ship) -> dict[str, Any]:
    """The ship as plain JSON-ready data (what a campaign's state keeps)."""
    document: dict[str, Any] = _without_nones(ship.model_dump())
    return document


def _without_nones(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_nones(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nones(item) for item in value]
    return value
