"""A campaign's log split into the sessions the table played.

A session begins at a start mark (``gmtool play`` and ``gmtool serve`` make one as they
begin, ``gmtool session start`` by hand), at the first entry after an end mark (made as
they end, or by ``gmtool session end``), or at the first entry written more than
``session_gap_hours`` (tables/log.yaml) after the one before. The marks are kept beside
the log (``store.session_marks``), never in it.
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
    from gmtool.store.session_marks import SessionMark

NO_END = 2**63 - 1
"""After every entry."""

NOTE = "note"
"""The kind of a GM's note (``gmtool note``)."""
ROLLS = ("roll", "secret", "reveal")
"""The kinds of entries that are free rolls (a secret one, and the reveal of one)."""


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
        """The entries the session's story tells: those not undone."""
        return [e for e in self.entries if not e.voided]

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
            "rolls": sum(1 for e in live if e.kind in ROLLS),
            "moves": sum(1 for e in live if e.kind == "action"),
            "notes": sum(1 for e in live if e.kind == NOTE),
            "undone": sum(1 for e in self.entries if e.voided),
            "ended": self.ended,
        }


def split(
    entries: Iterable[Entry],
    marks: Iterable[SessionMark] = (),
    *,
    gap_hours: float | None = None,
) -> list[Session]:
    """The sessions of ``entries`` (in log order) as ``marks`` and the gaps divide them; a
    session with no entry is left out, unless it is the last (just begun)."""
    gap = (gap_hours if gap_hours is not None else log_settings()["session_gap_hours"]) * 3600
    pending = sorted(marks, key=lambda m: m.after_seq)
    sessions: list[Session] = []
    current: Session | None = None
    last_time: datetime | None = None

    def take_marks(before_seq: int) -> None:
        nonlocal current
        while pending and pending[0].after_seq < before_seq:
            mark = pending.pop(0)
            if mark.mark == "start":
                current = Session(len(sessions) + 1, mark.how)
                sessions.append(current)
            elif current is not None:
                current.ended = True

    for entry in entries:
        take_marks(entry.seq)
        when = _time(entry.time)
        if current is None or current.ended:
            current = Session(len(sessions) + 1, "first" if not sessions else "after an end")
            sessions.append(current)
        elif (
            current.entries
            and last_time is not None
            and when is not None
            and (when - last_time).total_seconds() > gap
        ):
            current = Session(len(sessions) + 1, "after a break")
            sessions.append(current)
        current.entries.append(entry)
        if when is not None:
            last_time = when
    take_marks(NO_END)
    kept = [s for i, s in enumerate(sessions) if s.entries or i == len(sessions) - 1]
    for number, session in enumerate(kept, start=1):
        session.number = number
    return kept


def of_game(game: Game, *, gap_hours: float | None = None) -> list[Session]:
    """The sessions of ``game``'s whole log."""
    return split(game.store.entries(), game.store.session_marks(), gap_hours=gap_hours)


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
    """Mark that a session begins (``how``: play, serve, by hand); False when one has just
    begun (nothing written since its mark)."""
    return game.store.mark_session("start", how)


def finish(game: Game, how: str) -> bool:
    """Mark that the session ends; False when it already has, or the log is empty."""
    return game.store.mark_session("end", how)
