"""The schema version a campaign's database was written with.

Read by the migrations (``schema``) and by the parts that behave differently in a campaign
written before their tables existed (``log_names``; the seals' callers), so it sits below
all of them.
"""

from __future__ import annotations

import sqlite3


def schema_version(conn: sqlite3.Connection) -> int:
    """The schema version the database was written with (0: none of gmtool's tables)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])
