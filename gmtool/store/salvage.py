"""Copying what matters out of a database SQLite calls malformed, into a new one that then
takes its pages.

When a damaged page lies in what can be built again (an index, the index of names, a
snapshot), the rows that cannot be built again, the game row, every log entry, the meta
data and the seat links, are read with plain table scans (no index is trusted) and written
into a new database under a temporary name; ``campaign rebuild`` builds the rest there,
and SQLite's backup then copies the new database over the old one's pages inside the old
file, in one transaction: the file keeps its name, and a process killed on the way leaves
it as it was.
"""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from typing import Any

KEPT_TABLES = ("game", "entries", "meta", "seat_links")
"""The tables whose rows cannot be built again from others: all of them must be read."""
CACHE_TABLES = ("snapshots",)
"""Rows copied when they can be read (a rebuild keeps those whose hash holds)."""


def read_rows(conn: sqlite3.Connection) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """{table: (its columns, its rows)}, read in rowid order without any index; a table
    that cannot be read through raises SQLite's error, one of CACHE_TABLES is left out."""
    found = {}
    for table in (*KEPT_TABLES, *CACHE_TABLES):
        try:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table} NOT INDEXED").fetchall()
        except sqlite3.DatabaseError:
            if table in KEPT_TABLES:
                raise
            continue
        found[table] = (columns, rows)
    return found


def write_rows(
    conn: sqlite3.Connection, rows: dict[str, tuple[list[str], list[tuple[Any, ...]]]]
) -> None:
    """Put the rows read into the new, empty database ``conn`` (inside its transaction)."""
    for table, (columns, values) in rows.items():
        marks = ", ".join("?" * len(columns))
        conn.executemany(
            f"INSERT OR REPLACE INTO {table} ({', '.join(columns)}) VALUES ({marks})", values
        )


def copy_over(built: sqlite3.Connection, target: sqlite3.Connection) -> None:
    """Copy the database ``built`` over ``target``'s pages, in one transaction of the
    target's (SQLite's backup, which takes the target's write lock for its length)."""
    built.backup(target)
    with suppress(sqlite3.DatabaseError):
        target.execute("PRAGMA wal_checkpoint(PASSIVE)")
