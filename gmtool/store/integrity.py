"""What ``campaign verify`` and ``campaign rebuild`` read from a database, row by row as
stored, without trusting any of it: SQLite's own integrity check, the chain's links, the
snapshots with their hashes, and the raw rows a rebuild copies."""

from __future__ import annotations

import sqlite3
from typing import Any

from gmtool.store import seals
from gmtool.store.log_names import add_all_names, names_problem

MAX_REPORTED = 20
"""A badly damaged file can have thousands of problems; the first ones say enough."""

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
    """What a rebuild starts from, exactly as stored (the entries counted)."""
    return {
        "game": conn.execute(f"SELECT {RAW_GAME_COLUMNS} FROM game").fetchone(),
        "entries": int(conn.execute("SELECT count(*) FROM entries").fetchone()[0]),
        "meta": conn.execute("SELECT key, value FROM meta").fetchall(),
        "last_rng": conn.execute(
            "SELECT rng FROM entries WHERE rng IS NOT NULL ORDER BY seq DESC LIMIT 1"
        ).fetchone(),
    }


def write_rebuilt(
    conn: sqlite3.Connection,
    *,
    rng: str,
    state: str,
    since_snapshot: int,
    snapshot_states: dict[int, str],
) -> None:
    """Write the rebuilt head state and snapshots over the old ones, the index of names and
    every index again from the rows, and seal the game row (inside the caller's
    transaction; the entries, the seat links and the rest stay as they are)."""
    conn.execute(
        "UPDATE game SET rng = ?, state = ?, redo = '[]', since_snapshot = ? WHERE id = 1",
        (rng, state, since_snapshot),
    )
    conn.execute("DELETE FROM snapshots")
    for seq, text in snapshot_states.items():
        conn.execute("INSERT INTO snapshots (seq, state) VALUES (?, ?)", (seq, text))
        seals.hash_snapshot(conn, seq)
    conn.execute("DELETE FROM entry_names")
    conn.execute("DELETE FROM log_names")
    add_all_names(conn)
    conn.execute("REINDEX")
    seals.reseal(conn)
