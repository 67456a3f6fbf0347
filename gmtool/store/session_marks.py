"""The marks where a campaign's sessions begin and end (``engine.sessions`` reads them).

A mark stands between two entries of the log (``after_seq``: the last entry before it), so
it is never undone, redone or replayed, and the log holds only what happened at the table.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from gmtool.store.records import now_text
from gmtool.store.version import schema_version

MARKS_SINCE = 6
"""The schema version that keeps session marks; an older file has none yet."""


@dataclass(frozen=True)
class SessionMark:
    after_seq: int
    time: str
    mark: str
    """"start" or "end"."""
    how: str
    """"play", "serve" or "by hand"."""


def read_marks(conn: sqlite3.Connection) -> list[SessionMark]:
    """Every mark, in the order they were made."""
    if schema_version(conn) < MARKS_SINCE:
        return []
    rows = conn.execute(
        "SELECT after_seq, time, mark, how FROM session_marks ORDER BY after_seq, id"
    ).fetchall()
    return [SessionMark(int(a), str(t), str(m), str(h)) for a, t, m, h in rows]


def add_mark(conn: sqlite3.Connection, mark: str, how: str) -> SessionMark:
    """A mark after the latest entry (call inside a write transaction)."""
    last = conn.execute("SELECT coalesce(max(seq), 0) FROM entries").fetchone()[0]
    made = SessionMark(int(last), now_text(), mark, how)
    conn.execute(
        "INSERT INTO session_marks (after_seq, time, mark, how) VALUES (?, ?, ?, ?)",
        (made.after_seq, made.time, made.mark, made.how),
    )
    return made


def latest_mark(conn: sqlite3.Connection) -> SessionMark | None:
    if schema_version(conn) < MARKS_SINCE:
        return None
    row = conn.execute(
        "SELECT after_seq, time, mark, how FROM session_marks ORDER BY id DESC LIMIT 1"
    ).fetchone()
    return SessionMark(int(row[0]), str(row[1]), str(row[2]), str(row[3])) if row else None


def last_seq(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT coalesce(max(seq), 0) FROM entries").fetchone()[0])
