"""The checksum chain kept in the database: linking entries as they are written, sealing
the game row at the end of each write, and checking both (the last links on every open,
all of them on ``campaign verify``). The hashes themselves are in ``chain``."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from gmtool.store.chain import (
    ENTRY_HASHED,
    GENESIS_COLUMNS,
    QUICK_LINKS,
    SEALED_COLUMNS,
    entry_hash,
    genesis,
    seal,
    snapshot_hash,
)
from gmtool.store.version import schema_version

CHAINED_SINCE = 2
"""The schema version that added the chain; an older file (read-only, not yet migrated)
has no hashes to check."""
VOIDED_SEALED_SINCE = 5
"""The schema version from which the seal covers which entries are voided."""


def _genesis(conn: sqlite3.Connection) -> str:
    row = conn.execute(f"SELECT {GENESIS_COLUMNS} FROM game").fetchone()
    return genesis(tuple(row)) if row else ""


def _previous_hash(conn: sqlite3.Connection, seq: int) -> str:
    row = conn.execute(
        "SELECT hash FROM entries WHERE seq < ? ORDER BY seq DESC LIMIT 1", (seq,)
    ).fetchone()
    return str(row[0]) if row else _genesis(conn)


def link_entry(conn: sqlite3.Connection, seq: int) -> None:
    """Give entry ``seq`` (just written, the newest) its link in the chain."""
    row = conn.execute(f"SELECT {ENTRY_HASHED} FROM entries WHERE seq = ?", (seq,)).fetchone()
    link = entry_hash(_previous_hash(conn, seq), tuple(row))
    conn.execute("UPDATE entries SET hash = ? WHERE seq = ?", (link, seq))


def _last_hash(conn: sqlite3.Connection) -> str:
    row = conn.execute("SELECT hash FROM entries ORDER BY seq DESC LIMIT 1").fetchone()
    return str(row[0]) if row else _genesis(conn)


def voided_seqs(conn: sqlite3.Connection, *, scan: bool = False) -> list[int] | None:
    """The seqs of the voided entries, read through their index, or with ``scan`` from
    the rows themselves (what ``campaign verify`` trusts); None in a campaign whose seal
    does not cover them yet."""
    if schema_version(conn) < VOIDED_SEALED_SINCE:
        return None
    source = "entries NOT INDEXED" if scan else "entries INDEXED BY entries_voided"
    rows = conn.execute(f"SELECT seq FROM {source} WHERE voided != 0 ORDER BY seq")
    return [int(seq) for (seq,) in rows]


def _expected_seal(conn: sqlite3.Connection, *, scan: bool = False) -> tuple[str, str] | None:
    """(the seal the game row should carry, the one it carries); None without a game."""
    row = conn.execute(f"SELECT {SEALED_COLUMNS}, seal FROM game").fetchone()
    if row is None:
        return None
    return seal(_last_hash(conn), tuple(row[:-1]), voided_seqs(conn, scan=scan)), str(row[-1])


def reseal(conn: sqlite3.Connection) -> None:
    """Seal the game row as it now is (the last step of every write)."""
    expected = _expected_seal(conn)
    if expected is not None:
        conn.execute("UPDATE game SET seal = ?", (expected[0],))


def hash_snapshot(conn: sqlite3.Connection, seq: int) -> None:
    state = conn.execute("SELECT state FROM snapshots WHERE seq = ?", (seq,)).fetchone()[0]
    conn.execute("UPDATE snapshots SET hash = ? WHERE seq = ?", (snapshot_hash(seq, state), seq))


def snapshot_is_whole(seq: int, state: str, stored_hash: str) -> bool:
    return snapshot_hash(seq, state) == stored_hash


def quick_check(conn: sqlite3.Connection) -> str | None:
    """What is wrong with the seal or the last QUICK_LINKS links, or None: the cheap check
    a command makes when it opens a campaign."""
    rows = conn.execute(
        f"SELECT {ENTRY_HASHED}, hash FROM entries ORDER BY seq DESC LIMIT ?", (QUICK_LINKS + 1,)
    ).fetchall()
    rows.reverse()
    # The whole log is checked from the genesis; a longer one from the link before the last.
    start = rows.pop(0)[-1] if len(rows) > QUICK_LINKS else _genesis(conn)
    for _, problem in _broken(str(start), rows):
        return problem
    return seal_problem(conn)


def slice_problem(conn: sqlite3.Connection, after: int, most: int) -> tuple[str | None, int]:
    """Check the links of the ``most`` entries after entry ``after``, and the hashes of the
    snapshots among them: (what is wrong or None, the entry the next slice starts after: 0
    once this one reached the end of the log, so the check goes round again). Slice after
    slice, every link of the log is checked, however long it grows."""
    rows = conn.execute(
        f"SELECT {ENTRY_HASHED}, hash FROM entries WHERE seq > ? ORDER BY seq LIMIT ?",
        (after, most),
    ).fetchall()
    for _, problem in _broken(_previous_hash(conn, after + 1), rows):
        return problem, after
    last = int(rows[-1][0]) if rows else after
    lowest = after if after > 0 else -1  # the first slice holds the first snapshot (seq 0)
    snapshots = conn.execute(
        "SELECT seq, state, hash FROM snapshots WHERE seq > ? AND seq <= ? ORDER BY seq",
        (lowest, last),
    )
    for seq, state, stored in snapshots:
        if not snapshot_is_whole(seq, state, stored):
            return f"the snapshot at entry #{seq} does not match its checksum", after
    return None, last if len(rows) == most else 0


def broken_links(conn: sqlite3.Connection) -> Iterator[tuple[int, str]]:
    """(seq, problem) for every entry whose link does not hold, in log order."""
    rows = conn.execute(f"SELECT {ENTRY_HASHED}, hash FROM entries ORDER BY seq")
    return _broken(_genesis(conn), rows)


def _broken(previous: str, rows: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, str]]:
    """(seq, problem) for each of ``rows`` (ENTRY_HASHED, then the stored hash) whose link
    to the one before does not hold; ``previous`` is the hash the first one chains from."""
    for row in rows:
        if entry_hash(previous, tuple(row[:-1])) != row[-1]:
            yield int(row[0]), f"entry #{row[0]} does not match its checksum"
        previous = str(row[-1])


def seal_problem(conn: sqlite3.Connection, *, scan: bool = False) -> str | None:
    """What is wrong with the seal, or None; ``scan`` reads the voided entries from the rows
    themselves rather than through their index."""
    expected = _expected_seal(conn, scan=scan)
    if expected is None:
        return "the campaign has no game row"
    if expected[0] != expected[1]:
        return "the campaign's state does not match its checksum"
    return None


def rehash_all(conn: sqlite3.Connection) -> None:
    """Link every entry, hash every snapshot and seal the game: the migration that brings an
    older campaign into the chain (what it holds then is taken as it is)."""
    previous = _genesis(conn)
    rows = conn.execute(f"SELECT {ENTRY_HASHED} FROM entries ORDER BY seq").fetchall()
    for row in rows:
        previous = entry_hash(previous, tuple(row))
        conn.execute("UPDATE entries SET hash = ? WHERE seq = ?", (previous, row[0]))
    for (seq,) in conn.execute("SELECT seq FROM snapshots").fetchall():
        hash_snapshot(conn, seq)
    reseal(conn)
