"""The ship file: rooms on a grid, systems and their levels, weapons, drones, augments,
crew, reactor power and supplies.

``read_ship`` checks the shape (types, unknown fields) with ``file:line`` errors; whether the
ship obeys the building rules is ``checks.ship_problems``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import ConfigDict, Field

from gmtool.content.schema import Model, validate
from gmtool.content.yamlfile import Document, load_yaml
from gmtool.errors import ContentError
from gmtool.systems.ftl.content import parse_size
from gmtool.systems.ftl.geometry import Rect

SPACE = "space"
"""The door target meaning the outside of the ship."""

SHIP_FIELDS = (
    "name",
    "rooms",
    "systems",
    "slots",
    "weapons",
    "drones",
    "augments",
    "crew",
    "reactor",
    "missiles",
    "drone_parts",
    "fuel",
)


class ShipModel(Model):
    # Strict: a ship file says 3, not "3", and a name is text, not a number.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Room(ShipModel):
    id: str = Field(min_length=1)
    at: list[int] = Field(min_length=2, max_length=2)
    size: str
    system: str | list[str] | None = None
    doors: list[str] = []

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


class CrewMember(ShipModel):
    race: str
    name: str | None = None
    skills: dict[str, int] = {}
    room: str | None = None


class Ship(ShipModel):
    name: str = Field(min_length=1)
    rooms: list[Room] = Field(min_length=1)
    systems: dict[str, int] = {}
    slots: str
    weapons: list[str] = []
    drones: list[str] = []
    augments: list[str] = []
    crew: list[CrewMember] = []
    reactor: int = Field(default=0, ge=0)
    missiles: int = Field(default=0, ge=0)
    drone_parts: int = Field(default=0, ge=0)
    fuel: int = Field(default=0, ge=0)

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
    return ship.model_dump(mode="json", exclude_none=True)
