"""What ``campaign verify`` and ``campaign rebuild`` read from a database, row by row as
stored, without trusting any of it: SQLite's own integrity check, the chain's links, the
snapshots with their hashes, and the raw rows a rebuild copies."""

from __future__ import annotations

import sqlite3
from typing import Any

from gmtool.store import seals
from gmtool.store.log_names import add_all_names, names_problem
from gmtool.store.records import ENTRY_COLUMNS

MAX_REPORTED = 20
"""A badly damaged file can have thousands of problems; the first ones say enough."""

RAW_ENTRY_COLUMNS = f"{ENTRY_COLUMNS}, voided_at, rng, hash"
RAW_GAME_COLUMNS = "name, system, created, options, overrides, rng, state"


def sqlite_problems(conn: sqlite3.Connection) -> list[str]:
    """What SQLite's ``integrity_check`` finds in the file's pages and indexes."""
    rows = conn.execute(f"PRAGMA integrity_check({MAX_REPORTED})").fetchall()
    return [f"SQLite: {row[0]}" for row in rows if row[0] != "ok"]


def chain_problems(conn: sqlite3.Connection) -> tuple[int, list[str]]:
    """(the number of entries, the broken links among them)."""
    problems = [problem for _, problem in seals.broken_links(conn)]
    count = int(conn.execute("SELECT count(*) FROM entries").fetchone()[0])
    return count, problems


def names_problems(conn: sqlite3.Connection) -> list[str]:
    """Whether the index of the log's names (``log_names``) holds what the entries give."""
    problem = names_problem(conn)
    return [problem] if problem else []


def snapshots(conn: sqlite3.Connection) -> tuple[dict[int, str], list[str]]:
    """The snapshots whose hash holds ({seq: state text}), and a problem for each other."""
    whole: dict[int, str] = {}
    problems: list[str] = []
    for seq, state, stored in conn.execute("SELECT seq, state, hash FROM snapshots ORDER BY seq"):
        if seals.snapshot_is_whole(seq, state, stored):
            whole[int(seq)] = state
        else:
            problems.append(f"the snapshot at entry #{seq} does not match its checksum")
    return whole, problems


def raw_rows(conn: sqlite3.Connection) -> dict[str, Any]:
    """Everything a rebuild copies, exactly as stored."""
    return {
        "game": conn.execute(f"SELECT {RAW_GAME_COLUMNS} FROM game").fetchone(),
        "entries": conn.execute(f"SELECT {RAW_ENTRY_COLUMNS} FROM entries ORDER BY seq").fetchall(),
        "meta": conn.execute("SELECT key, value FROM meta").fetchall(),
        "last_rng": conn.execute(
            "SELECT rng FROM entries WHERE rng IS NOT NULL ORDER BY seq DESC LIMIT 1"
        ).fetchone(),
    }


def write_rebuilt(
    conn: sqlite3.Connection,
    raw: dict[str, Any],
    *,
    rng: str,
    state: str,
    since_snapshot: int,
    snapshot_states: dict[int, str],
) -> None:
    """Fill a new, empty database with the rows of ``raw`` and the rebuilt state."""
    name, system, created, options, overrides, _rng, _state = raw["game"]
    conn.execute(
        "INSERT INTO game (id, name, system, created, options, overrides, rng, state, redo,"
        " since_snapshot) VALUES (1, ?, ?, ?, ?, ?, ?, ?, '[]', ?)",
        (name, system, created, options, overrides, rng, state, since_snapshot),
    )
    marks = ", ".join("?" * len(RAW_ENTRY_COLUMNS.split(",")))
    conn.executemany(f"INSERT INTO entries ({RAW_ENTRY_COLUMNS}) VALUES ({marks})", raw["entries"])
    add_all_names(conn)
    conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", raw["meta"])
    for seq, text in snapshot_states.items():
        conn.execute("INSERT INTO snapshots (seq, state) VALUES (?, ?)", (seq, text))
        seals.hash_snapshot(conn, seq)
    seals.reseal(conn)
