"""The rows of a campaign's database as Python values: log entries and the game row."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any


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


def entry_from_row(row: tuple[Any, ...]) -> Entry:
    seq, time, kind, who, what, outcome, mission, scene, action, dice, result, voided = row
    return Entry(
        seq,
        time,
        kind,
        who,
        what,
        outcome,
        mission,
        scene,
        json.loads(action) if action else None,
        json.loads(dice),
        json.loads(result),
        bool(voided),
    )


def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")
