"""A campaign's log split into the sessions the table played.

A session begins at a ``session start`` mark (written by ``gmtool play``, ``gmtool serve``
and ``gmtool session start``), at the first entry after a ``session end`` mark, or at the
first entry written more than ``session_gap_hours`` (tables/log.yaml) after the one before.
Marks are entries of kind ``session``: chained, exported and shown like any other, but
never undone and never replayed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.game import Game
    from gmtool.store.records import Entry

MARK = "session"
"""The kind of a session's start and end marks."""
START = "session start"
END = "session end"
NOTE = "note"
"""The kind of a GM's note (``gmtool note``)."""


@cache
def log_settings() -> dict[str, Any]:
    """tables/log.yaml: the session gap, the notable rolls, the dice figures' thresholds."""
    from gmtool.content.paths import packaged
    from gmtool.content.yamlfile import load_yaml

    data: dict[str, Any] = load_yaml(packaged("tables", "log.yaml")).data
    return data


@dataclass
class Session:
    """One session: its number (from 1), how it began, and every entry written in it."""

    number: int
    began: str
    """"play", "serve", "by hand" (a start mark's source), "after a break", "first"."""
    entries: list[Entry] = field(default_factory=list)
    ended: bool = False

    @property
    def start(self) -> str:
        return self.entries[0].time if self.entries else ""

    @property
    def end(self) -> str:
        return self.entries[-1].time if self.entries else ""

    def live(self) -> list[Entry]:
        """The entries the session's story tells: not undone, not marks."""
        return [e for e in self.entries if not e.voided and e.kind != MARK]

    def to_json(self) -> dict[str, Any]:
        live = self.live()
        return {
            "session": self.number,
            "began": self.began,
            "start": self.start,
            "end": self.end,
            "first_seq": self.entries[0].seq if self.entries else None,
            "last_seq": self.entries[-1].seq if self.entries else None,
            "entries": len(live),
            "rolls": sum(1 for e in live if e.kind == "roll"),
            "moves": sum(1 for e in live if e.kind == "action"),
            "notes": sum(1 for e in live if e.kind == NOTE),
            "undone": sum(1 for e in self.entries if e.voided),
            "ended": self.ended,
        }


def split(entries: Iterable[Entry], *, gap_hours: float | None = None) -> list[Session]:
    """The sessions of ``entries`` (in log order); a session holding nothing but marks is
    left out, unless it is the last (just begun)."""
    gap = (gap_hours if gap_hours is not None else log_settings()["session_gap_hours"]) * 3600
    sessions: list[Session] = []
    current: Session | None = None
    last_time: datetime | None = None
    for entry in entries:
        when = _time(entry.time)
        if entry.kind == MARK and entry.what == START:
            current = Session(len(sessions) + 1, entry.outcome or "by hand")
            sessions.append(current)
        elif current is None or current.ended:
            current = Session(len(sessions) + 1, "first" if not sessions else "after an end")
            sessions.append(current)
        elif (
            last_time is not None and when is not None and (when - last_time).total_seconds() > gap
        ):
            current = Session(len(sessions) + 1, "after a break")
            sessions.append(current)
        current.entries.append(entry)
        if entry.kind == MARK and entry.what == END:
            current.ended = True
        if when is not None:
            last_time = when
    kept = [s for i, s in enumerate(sessions) if s.live() or i == len(sessions) - 1]
    for number, session in enumerate(kept, start=1):
        session.number = number
    return kept


def pick(sessions: list[Session], number: int | None) -> Session:
    """Session ``number`` (None: the latest); a number not in the log is one line."""
    if not sessions:
        raise UsageError("the log has no entries yet, so no session to show")
    if number is None:
        return sessions[-1]
    if not 1 <= number <= len(sessions):
        raise UsageError(
            f"no session {number}: the log has sessions 1 to {len(sessions)}",
            hint="see gmtool session list",
        )
    return sessions[number - 1]


def _time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def begin(game: Game, how: str) -> bool:
    """Mark that a session begins (``how``: play, serve, by hand), unless the latest entry
    already is such a mark. True when a mark was written."""
    last = game.store.last_entry()
    if last is not None and last.kind == MARK and last.what == START:
        return False
    game.mark(MARK, what=START, outcome=how)
    return True


def finish(game: Game, how: str) -> bool:
    """Mark that the session ends, unless it already has (or the log is empty)."""
    last = game.store.last_entry()
    if last is None or (last.kind == MARK and last.what == END):
        return False
    game.mark(MARK, what=END, outcome=how)
    return True
