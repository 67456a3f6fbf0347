"""The GM's move that waits for the players' screens (``gmtool serve``): an Originem scene
whose rollers roll on their phones, an Astral tick the player characters declare there.

The GM's command keeps the move here, beside the log rather than in it (it is not yet
played), with the version of the state it was checked on; the server asks each seat in
turn and plays it once answered. It lives as long as that state does: the server and the
command both take it for gone once the state has changed. At most one is kept.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from gmtool.store.records import now_text
from gmtool.store.version import schema_version

ASKED_SINCE = 7
"""The schema version that keeps asked moves; an older file has none."""


@dataclass(frozen=True)
class AskedMove:
    id: int
    version: str
    """The version of the state the move was checked on (``Head.version``)."""
    action: dict[str, Any]
    time: str


def read_asked(conn: sqlite3.Connection) -> AskedMove | None:
    if schema_version(conn) < ASKED_SINCE:
        return None
    row = conn.execute(
        "SELECT id, version, action, time FROM asked_moves ORDER BY id DESC LIMIT 1"
    ).fetchone()
    if row is None:
        return None
    action = json.loads(row[2])
    return AskedMove(int(row[0]), str(row[1]), action if isinstance(action, dict) else {}, row[3])


def keep_asked(conn: sqlite3.Connection, version: str, action: dict[str, Any]) -> AskedMove:
    """The move kept in place of any other (call inside a write transaction)."""
    conn.execute("DELETE FROM asked_moves")
    made = now_text()
    cursor = conn.execute(
        "INSERT INTO asked_moves (version, action, time) VALUES (?, ?, ?)",
        (version, json.dumps(action), made),
    )
    return AskedMove(int(cursor.lastrowid or 0), version, dict(action), made)


def drop_asked(conn: sqlite3.Connection, asked_id: int) -> bool:
    """Forget move ``asked_id`` (call inside a write transaction); False when it was gone."""
    if schema_version(conn) < ASKED_SINCE:
        return False
    return conn.execute("DELETE FROM asked_moves WHERE id = ?", (asked_id,)).rowcount > 0
