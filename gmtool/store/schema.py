"""The campaign database's tables, and the migrations from one schema version to the next."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from gmtool.store.version import schema_version

SCHEMA_VERSION = 7

MIGRATIONS: dict[int, str] = {
    1: """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE game (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            name TEXT NOT NULL,
            system TEXT NOT NULL,
            created TEXT NOT NULL,
            options TEXT NOT NULL,      -- JSON: what new_state received
            overrides TEXT NOT NULL,    -- JSON: the campaign file's content overrides
            rng TEXT NOT NULL,          -- the dice generator's state, as hex
            state TEXT NOT NULL,        -- JSON: the state at the head of the log
            redo TEXT NOT NULL DEFAULT '[]',  -- JSON: undone entry seqs, last undone last
            since_snapshot INTEGER NOT NULL DEFAULT 0  -- live actions since the last snapshot
        );
        CREATE TABLE entries (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            time TEXT NOT NULL,
            kind TEXT NOT NULL,         -- 'roll' or 'action'
            who TEXT NOT NULL DEFAULT '',
            what TEXT NOT NULL DEFAULT '',
            outcome TEXT NOT NULL DEFAULT '',
            mission TEXT NOT NULL DEFAULT '',
            scene TEXT NOT NULL DEFAULT '',
            action TEXT,                -- JSON, for kind 'action'
            dice TEXT NOT NULL,         -- JSON list of rolls, faces and their source
            result TEXT NOT NULL,       -- JSON: what the command reported
            voided INTEGER NOT NULL DEFAULT 0,
            voided_at TEXT
        );
        CREATE INDEX entries_who ON entries (who);
        CREATE TABLE snapshots (seq INTEGER PRIMARY KEY, state TEXT NOT NULL);
    """,
    2: """
        ALTER TABLE entries ADD COLUMN rng TEXT;  -- the dice generator's state after it
        ALTER TABLE entries ADD COLUMN hash TEXT NOT NULL DEFAULT '';  -- its chain link
        ALTER TABLE snapshots ADD COLUMN hash TEXT NOT NULL DEFAULT '';
        ALTER TABLE game ADD COLUMN seal TEXT NOT NULL DEFAULT '';
    """,
    # The private links of ``gmtool serve``: one secret token per seat of the table.
    3: """
        CREATE TABLE seat_links (
            seat TEXT PRIMARY KEY,
            token TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL
        );
    """,
    # The log's filters by index (``log_names``): each name of an entry's who, every name
    # as written, and the keys ``--mission`` and ``--scene`` look up (``log_reading``).
    4: """
        CREATE TABLE entry_names (
            name TEXT NOT NULL COLLATE NOCASE,  -- one of the names of the entry's who
            seq INTEGER NOT NULL,               -- the entry
            PRIMARY KEY (name, seq)
        ) WITHOUT ROWID;
        CREATE TABLE log_names (name TEXT PRIMARY KEY) WITHOUT ROWID;  -- each as written
        DROP INDEX entries_who;  -- read only by the scans of who that these replace
        CREATE INDEX entries_mission_key
            ON entries (replace(replace(lower(mission), ' ', '_'), '-', '_'));
        CREATE INDEX entries_scene_key
            ON entries (replace(replace(lower(scene), ' ', '_'), '-', '_'));
    """,
    # The seal covers which entries are voided (``seals.voided_seqs``, read through this
    # index on every write): an undo or redo made by anything but gmtool breaks the seal.
    5: """
        CREATE INDEX entries_voided ON entries (seq) WHERE voided != 0;
    """,
    # Where the table's sessions begin and end (``session_marks``, read by
    # ``engine.sessions``): marks between entries, kept beside the log rather than in it, so
    # undo, redo and replay never meet them.
    6: """
        CREATE TABLE session_marks (
            id INTEGER PRIMARY KEY,
            after_seq INTEGER NOT NULL,  -- the mark stands after this entry (0: the start)
            time TEXT NOT NULL,
            mark TEXT NOT NULL CHECK (mark IN ('start', 'end')),
            how TEXT NOT NULL            -- 'play', 'serve' or 'by hand'
        );
    """,
    # The GM's move that waits for the players' screens (``asked_moves``, read by
    # ``gmtool serve``): kept beside the log until it is played, like the session marks.
    7: """
        CREATE TABLE asked_moves (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a new move, a new id
            version TEXT NOT NULL,       -- the version of the state it was checked on
            action TEXT NOT NULL,        -- JSON: the action, as the GM's command made it
            time TEXT NOT NULL
        );
    """,
}


def _chain_existing(conn: sqlite3.Connection) -> None:
    from gmtool.store.seals import rehash_all

    rehash_all(conn)


def _name_existing(conn: sqlite3.Connection) -> None:
    from gmtool.store.log_names import add_all_names

    add_all_names(conn)


def _seal_voided(conn: sqlite3.Connection) -> None:
    from gmtool.store.seals import reseal, seal_problem

    # The old seal is checked by the old rule before the new one replaces it: a campaign
    # damaged before the migration must stay damaged after it.
    conn.execute("PRAGMA user_version = 4")
    whole = seal_problem(conn) is None
    conn.execute("PRAGMA user_version = 5")
    if whole:
        reseal(conn)


STEPS: dict[int, Callable[[sqlite3.Connection], None]] = {
    2: _chain_existing,
    4: _name_existing,
    5: _seal_voided,
}
"""Work a migration does in Python after its SQL, in the same transaction."""


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the database up to SCHEMA_VERSION, one migration per transaction."""
    for target in range(schema_version(conn) + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in statements(MIGRATIONS[target]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")  # what the steps write for
            if target in STEPS:
                STEPS[target](conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def statements(script: str) -> list[str]:
    """The SQL statements of ``script``, split at the semicolons where SQLite says a
    statement ends (a trigger's body or a text value may hold others)."""
    found: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\n;"):
                found.append(pending.strip())
            pending = ""
    return found
