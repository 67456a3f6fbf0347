"""Opening a campaign's database: WAL mode, a busy timeout, the schema version; and
SQLite's errors turned into ones a user can act on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from gmtool.errors import StoreError
from gmtool.store.schema import SCHEMA_VERSION, migrate

BUSY_TIMEOUT_MS = 5000
"""How long a command waits for another one writing to the same campaign."""


def connect(path: Path, name: str) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"campaign '{name}' was written by a newer gmtool (schema {version})",
                hint="upgrade gmtool",
            )
        if version < SCHEMA_VERSION:
            migrate(conn)
    except sqlite3.DatabaseError as error:
        raise store_error(error, name, path) from None
    return conn


def store_error(error: sqlite3.DatabaseError, name: str, path: Path) -> StoreError:
    text = str(error)
    if "locked" in text or "busy" in text:
        return StoreError(
            f"campaign '{name}' is locked by another gmtool command ({path})",
            hint="wait for it to finish, or close the other session, then try again",
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreError(
            f"campaign '{name}' is not a readable database ({path}: {text})",
            hint="restore the file from a backup, or create a new campaign",
        )
    return StoreError(f"campaign '{name}': database error: {text} ({path})")
