"""The rows of a campaign's database as Python values: log entries and the game row."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

SECRET = "secret"
"""The kind of a secret GM roll (``gmtool roll --secret``): kept like any free roll, shown to
the table only as "the GM rolled" until a ``REVEAL`` entry shows it."""
REVEAL = "reveal"
"""The kind of the entry that shows the table a secret roll (``gmtool roll --reveal SEQ``)."""


def reveal_what(seq: int) -> str:
    """The ``what`` of the entry that reveals secret roll ``seq``."""
    return f"reveal #{seq}"


@dataclass(frozen=True)
class Entry:
    """One line of the log."""

    seq: int
    time: str
    kind: str
    who: str
    what: str
    outcome: str
    mission: str
    scene: str
    action: dict[str, Any] | None
    dice: list[dict[str, Any]]
    result: dict[str, Any]
    voided: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "time": self.time,
            "kind": self.kind,
            "who": self.who,
            "what": self.what,
            "dice": self.dice,
            "outcome": self.outcome,
            "mission": self.mission,
            "scene": self.scene,
            "voided": self.voided,
        }


@dataclass(frozen=True)
class GameRow:
    name: str
    system: str
    created: str
    options: dict[str, Any]
    overrides: dict[str, Any]
    rng: int
    state: dict[str, Any]
    redo: list[int]


ENTRY_COLUMNS = "seq, time, kind, who, what, outcome, mission, scene, action, dice, result, voided"


GAME_COLUMNS = "name, system, created, options, overrides, rng, state, redo"


class DamagedRow(Exception):
    """Raised when a row of the database does not hold what gmtool wrote there."""


def load_json(text: Any, what: str, shape: type | None = None) -> Any:
    """A JSON column's value; DamagedRow saying ``what`` it was when it is not JSON, or
    not of the ``shape`` gmtool writes there (a mapping, a list)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise DamagedRow(f"{what} is not readable") from None
    if shape is not None and not isinstance(value, shape):
        raise DamagedRow(f"{what} is not what gmtool writes there")
    return value


def load_hex(text: Any, what: str) -> int:
    try:
        return int(text, 16)
    except (TypeError, ValueError):
        raise DamagedRow(f"{what} is not readable") from None


def _check_words(place: str, words: tuple[Any, ...]) -> None:
    if not all(isinstance(text, str) for text in words):
        raise DamagedRow(f"{place} holds a value of the wrong kind")


def entry_from_row(row: tuple[Any, ...]) -> Entry:
    seq, time, kind, who, what, outcome, mission, scene, action, dice, result, voided = row
    place = f"entry #{seq}"
    _check_words(place, (time, kind, who, what, outcome, mission, scene))
    return Entry(
        seq,
        time,
        kind,
        who,
        what,
        outcome,
        mission,
        scene,
        load_json(action, f"the action of {place}", dict) if action else None,
        load_json(dice, f"the dice of {place}", list),
        load_json(result, f"the result of {place}", dict),
        bool(voided),
    )


def log_document(row: tuple[Any, ...]) -> dict[str, Any]:
    """A row of the log's columns (``store.log_reading.LOG_COLUMNS``) as ``Entry.to_json()``
    gives it: the words checked and the dice decoded, the action and result left unread."""
    seq, time, kind, who, what, outcome, mission, scene, dice, voided = row
    place = f"entry #{seq}"
    _check_words(place, (time, kind, who, what, outcome, mission, scene))
    return {
        "seq": seq,
        "time": time,
        "kind": kind,
        "who": who,
        "what": what,
        "dice": load_json(dice, f"the dice of {place}", list),
        "outcome": outcome,
        "mission": mission,
        "scene": scene,
        "voided": bool(voided),
    }


def game_from_row(row: tuple[Any, ...]) -> GameRow:
    name, system, created, options, overrides, rng, state, redo = row
    return GameRow(
        name,
        system,
        created,
        load_json(options, "the campaign's options", dict),
        load_json(overrides, "the campaign's content overrides", dict),
        load_hex(rng, "the dice generator's state"),
        load_json(state, "the campaign's state", dict),
        load_json(redo, "the list of undone entries", list),
    )


def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")
