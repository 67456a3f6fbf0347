"""A campaign file put back as an older gmtool left it, to test the migrations from it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

UNDO_SCHEMA_4 = (
    "DROP TABLE entry_names",
    "DROP TABLE log_names",
    "DROP INDEX entries_mission_key",
    "DROP INDEX entries_scene_key",
    "CREATE INDEX entries_who ON entries (who)",
)
"""What schema 4 (the log's name and key indexes) added, taken away again."""
UNDO_SCHEMA_5 = ("DROP INDEX entries_voided",)
"""What schema 5 (the seal over the voided entries) added, taken away again."""
UNDO_SCHEMA_6 = ("DROP TABLE session_marks",)
"""What schema 6 (the marks where sessions begin and end) added, taken away again."""
UNDO_SCHEMA_7 = ("DROP TABLE asked_moves",)
"""What schema 7 (the GM's move waiting for the players' screens) added, taken away again."""


def as_schema(path: Path, version: int, *more: str) -> None:
    """Put the campaign at ``path`` back to schema ``version`` (3 at the oldest here; a
    test going further back adds its own statements in ``more``)."""
    assert version >= 1
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        from gmtool.store.seals import reseal, seal_problem

        sealed = seal_problem(conn) is None
        if version < 7:
            for statement in UNDO_SCHEMA_7:
                conn.execute(statement)
        if version < 6:
            for statement in UNDO_SCHEMA_6:
                conn.execute(statement)
        if version < 5:
            for statement in UNDO_SCHEMA_5:
                conn.execute(statement)
        if version < 4:
            for statement in UNDO_SCHEMA_4:
                conn.execute(statement)
        for statement in more:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")
        if sealed and version >= 2:
            reseal(conn)  # by the rule of that version
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
