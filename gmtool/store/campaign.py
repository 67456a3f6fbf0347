"""One campaign's SQLite database: the append-only log, the head state, and snapshots.

Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``); the database runs in
WAL mode with a busy timeout, so a second writer waits instead of failing at once, and a
killed process leaves every committed entry in place.

A campaign is opened read-only, so a command that only reads works on a file it may not
write; the first write opens it for writing. Opening checks the seal and the last links of
the checksum chain (``seals``); a write to a campaign that fails that check is refused.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gmtool.errors import ContentError, StoreError, UsageError
from gmtool.store import damage_mark, seals
from gmtool.store.asked_moves import AskedMove, drop_asked, keep_asked, read_asked
from gmtool.store.connection import (
    begin_writing,
    connect,
    damaged_error,
    guarded,
    store_error,
)
from gmtool.store.home import (
    campaign_path,
    create_private,
    ensure_folder,
    existing_campaign_path,
    make_private,
)
from gmtool.store.log_names import add_entry_names
from gmtool.store.log_reading import LogReading
from gmtool.store.publish import clear_abandoned, publish, remove_database, temporary_path
from gmtool.store.records import (
    GAME_COLUMNS,
    DamagedRow,
    GameRow,
    game_from_row,
    load_hex,
    load_json,
    now_text,
)
from gmtool.store.session_marks import SessionMark, add_mark, last_seq, latest_mark, read_marks
from gmtool.store.version import schema_version

if TYPE_CHECKING:
    from gmtool.store.watch import Watch


@dataclass(frozen=True)
class Head:
    """The state at the head of the log, as read, and the text it was read from."""

    state: dict[str, Any]
    text: str

    @cached_property
    def version(self) -> str:
        """A short digest of the state as stored: it changes with every action, undo and
        redo that changes the state, and never with a free roll (which writes no state).
        Worked out only when asked for, from the text already read."""
        import hashlib

        return hashlib.blake2b(self.text.encode(), digest_size=8).hexdigest()


CHAIN_SLICE = 200
"""How many links of the log every write checks besides the last ones, going round the log
from the start slice after slice (``seals.slice_problem``): a log of up to this many
entries is checked whole before every write, a longer one once every so many writes (a
million entries, 5,000 writes). bench/page_check.py measures what a slice costs a write."""
CHECKED_TO = "chain_checked_to"
"""The meta row of the entry the last slice ended at (moved in the write's own
transaction: a write refused leaves it, so the next write checks the same slice)."""

SNAPSHOT_EVERY = 50
"""A snapshot of the state is kept after this many live actions, so rebuilding the state
on undo replays at most this many entries, however long the log grows."""


def _stored(value: dict[str, Any], what: str) -> str:
    """``value`` as the JSON text kept in the database; a value JSON cannot hold (YAML reads
    ``2024-01-01`` as a date) is the campaign file's problem, said before any file exists."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError) as error:
        raise ContentError([f"{what}: {error} (write such values in quotes, as text)"]) from None


class CampaignStore(LogReading):
    """The database of one campaign (its log is read through ``LogReading``)."""

    def __init__(
        self, name: str, conn: sqlite3.Connection, path: Path, *, writable: bool = True
    ) -> None:
        self.name = name
        self.conn = conn
        self.path = path
        self.writable = writable
        self.damage: str | None = None
        """What the quick check found wrong when the campaign was opened, or None (what a
        write finds later refuses that write, and each after it)."""
        self.creating = False
        self.watch: Watch | None = None
        """The check a session that stays open keeps running (``watch_pages``)."""

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(cls, name: str, *, check: bool = True) -> CampaignStore:
        """The campaign, read-only until its first write. ``check``: refuse a file without
        a game, and note what the quick check of the chain finds (``damage``)."""
        path = existing_campaign_path(name)
        store = cls(name, connect(path, name, readonly=True), path, writable=False)
        if check:
            try:
                store._check_readable()
                store.damage = store._quick_check()
            except BaseException:
                store.close()
                raise
        return store

    @classmethod
    def create(
        cls,
        name: str,
        *,
        system: str,
        options: dict[str, Any],
        overrides: dict[str, Any],
        rng: int,
        state: dict[str, Any],
        origin_rng: int | None = None,
    ) -> CampaignStore:
        """Write a new campaign under a temporary name, then put it in place whole.
        ``origin_rng`` is the generator's state before the first state was built (so a
        rebuild can build it again); ``rng`` is its state after."""
        row = (
            name,
            system,
            now_text(),
            _stored(options, "options"),
            _stored(overrides, "content"),
            format(rng, "x"),
            json.dumps(state),
        )
        path = campaign_path(name)
        ensure_folder(path.parent)
        clear_abandoned(path.parent)
        if path.exists():
            raise UsageError(
                f"campaign '{name}' already exists",
                hint="pick another name (see gmtool campaign list)",
            )
        built = temporary_path(path)
        remove_database(built)
        try:
            create_private(built)  # SQLite gives its -wal and -shm files the same mode
            store = cls(name, connect(built, name, new=True), built)
            store.creating = True  # nothing to check yet: the game row is being written
            try:
                with store.transaction():
                    store.conn.execute(
                        "INSERT INTO game (id, name, system, created, options, overrides, rng,"
                        " state) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                        row,
                    )
                    store.conn.execute(
                        "INSERT INTO snapshots (seq, state) VALUES (0, ?)", (row[-1],)
                    )
                    seals.hash_snapshot(store.conn, 0)
                    store.conn.execute(
                        "INSERT INTO meta (key, value) VALUES ('origin_rng', ?)",
                        (format(origin_rng if origin_rng is not None else rng, "x"),),
                    )
            finally:
                store.close()
            publish(built, path, name)
        except sqlite3.DatabaseError as error:
            raise store_error(error, name, path) from None
        except OSError as error:
            raise StoreError(
                f"campaign '{name}' cannot be written ({built}: {error.strerror or error})",
                hint="free some disk space, or make the campaigns folder writable",
            ) from None
        finally:
            remove_database(built)
        return cls.open(name)

    def close(self) -> None:
        """Close the database now. A connection left for the garbage collector stays open
        long after its last use: sqlite3's cache of statements and the connection refer to
        each other, so only a full collection frees the pair (and its three descriptors)."""
        if self.watch is not None:
            self.watch.stop()
        self.conn.close()

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @guarded
    def _check_readable(self) -> None:
        row = self.conn.execute("SELECT count(*) FROM game").fetchone()
        if row[0] != 1:
            raise StoreError(
                f"campaign '{self.name}' has no game in it ({self.path})",
                hint="the file is damaged; restore it from a backup or create a new campaign",
            )

    # -- transactions --------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One command = one transaction; any exception rolls everything back. Every write,
        from every front end, first makes the quick check again under the write lock (what
        another process did since this one opened the campaign counts) and checks the next
        slice of the chain (CHAIN_SLICE), and refuses a campaign that fails them, that
        SQLite has called malformed or that a session's watch found damaged (``damage_mark``,
        ``watch``). The last step seals the game row."""
        damage = self.damage or (self.watch and self.watch.found) or damage_mark.marked(self.path)
        if damage is not None:
            raise damaged_error(damage, self.name, self.path)
        self.open_for_writing()
        try:
            begin_writing(self.conn)
        except sqlite3.DatabaseError as error:
            raise store_error(error, self.name, self.path) from None
        try:
            self._check_under_lock()  # the mark again: it may have come while this waited
            yield
            self._guarded_reseal()
        except BaseException:
            self._rollback()
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.DatabaseError as error:
            self._rollback()
            raise store_error(error, self.name, self.path) from None

    def open_for_writing(self) -> None:
        """Swap the read-only connection for a writable one (migrating the schema)."""
        if self.writable:
            return
        make_private(self.path)  # before SQLite makes its side files with the file's mode
        conn = connect(self.path, self.name)
        self.conn.close()
        self.conn, self.writable = conn, True

    @guarded
    def _guarded_reseal(self) -> None:
        seals.reseal(self.conn)

    @guarded
    def _check_under_lock(self) -> None:
        if self.creating:
            return
        problem = damage_mark.marked(self.path)
        if problem is None and schema_version(self.conn) >= seals.CHAINED_SINCE:
            problem = seals.quick_check(self.conn) or self._check_slice()
        if problem is not None:
            # Only the write is refused: a screen held open still shows what it can.
            raise DamagedRow(problem)

    def _check_slice(self) -> str | None:
        """The next CHAIN_SLICE links of the log (``seals.slice_problem``), the mark of where
        they ended moved on when they hold."""
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (CHECKED_TO,)).fetchone()
        text = str(row[0]) if row else ""
        after = int(text) if text.isdecimal() and len(text) < 19 else 0  # else from the start
        problem, ended = seals.slice_problem(self.conn, after, CHAIN_SLICE)
        if problem is None and ended != after:
            self.conn.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (CHECKED_TO, str(ended))
            )
        return problem

    # -- the check of a session that stays open (``play``, ``serve``) ------------------
    def watch_pages(self, **options: Any) -> Watch:
        """Check the whole campaign now and every few minutes on a thread of its own, what
        a session that stays open (``play``, ``serve``) starts when it opens the campaign
        (``watch.Watch``, given ``options``): damage found stops every write."""
        from gmtool.store.watch import Watch

        if self.watch is None:
            self.watch = Watch(self.name, self.path, **options).start()
        return self.watch

    @guarded
    def _quick_check(self) -> str | None:
        if schema_version(self.conn) < seals.CHAINED_SINCE:
            return None  # read-only and not yet migrated: nothing to check against
        with self.reading():
            return seals.quick_check(self.conn)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """One read transaction: the rows read inside it are one moment's, whatever other
        commands commit meanwhile (the seal and the last entry must be read together)."""
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self._rollback()

    def _rollback(self) -> None:
        # SQLite may have rolled back already (after a disk error, say): nothing to undo then.
        if self.conn.in_transaction:
            with suppress(sqlite3.DatabaseError):
                self.conn.execute("ROLLBACK")

    # -- the game row --------------------------------------------------------
    @guarded
    def game(self) -> GameRow:
        return game_from_row(self.conn.execute(f"SELECT {GAME_COLUMNS} FROM game").fetchone())

    @guarded
    def system(self) -> str:
        row = self.conn.execute("SELECT system FROM game").fetchone()
        return str(row[0])

    @guarded
    def rng_state(self) -> int:
        row = self.conn.execute("SELECT rng FROM game").fetchone()
        return load_hex(row[0], "the dice generator's state")

    def head_state(self) -> dict[str, Any]:
        """The state at the head of the log; refused when the quick check found damage (a
        state that is not what gmtool wrote must not reach the rules)."""
        return self.head().state

    @guarded
    def head(self) -> Head:
        """The head state with its version, read in one query (see ``Head``)."""
        if self.damage is not None:
            raise DamagedRow(self.damage)
        text = self.conn.execute("SELECT state FROM game").fetchone()[0]
        state: dict[str, Any] = load_json(text, "the campaign's state", dict)
        return Head(state, text)

    # -- writing (call inside transaction()) ----------------------------------
    @guarded
    def append(
        self,
        *,
        kind: str,
        fields: dict[str, str],
        action: dict[str, Any] | None,
        dice: list[dict[str, Any]],
        result: dict[str, Any],
        rng: int,
        state: dict[str, Any] | None,
    ) -> int:
        """Add an entry; ``state`` is the new head state, or None when it did not change."""
        cursor = self.conn.execute(
            "INSERT INTO entries (time, kind, who, what, outcome, mission, scene, action, dice,"
            " result, rng) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                now_text(),
                kind,
                fields.get("who", ""),
                fields.get("what", ""),
                fields.get("outcome", ""),
                fields.get("mission", ""),
                fields.get("scene", ""),
                json.dumps(action) if action is not None else None,
                json.dumps(dice),
                json.dumps(result),
                format(rng, "x"),
            ),
        )
        seq = int(cursor.lastrowid or 0)
        seals.link_entry(self.conn, seq)
        add_entry_names(self.conn, seq, fields.get("who", ""))
        self.conn.execute("UPDATE game SET rng = ?, redo = '[]' WHERE id = 1", (format(rng, "x"),))
        if state is not None:
            self.advance_head(seq, state)
        return seq

    @guarded
    def advance_head(self, seq: int, state: dict[str, Any]) -> None:
        """``state`` is the head state once live entry ``seq`` is applied (logged or redone);
        every SNAPSHOT_EVERY such entries, it is also kept as a snapshot."""
        text = json.dumps(state)
        self.conn.execute(
            "UPDATE game SET state = ?, since_snapshot = since_snapshot + 1 WHERE id = 1", (text,)
        )
        since = self.conn.execute("SELECT since_snapshot FROM game").fetchone()[0]
        if since >= SNAPSHOT_EVERY:
            self.conn.execute(
                "INSERT OR REPLACE INTO snapshots (seq, state) VALUES (?, ?)", (seq, text)
            )
            seals.hash_snapshot(self.conn, seq)
            self.conn.execute("UPDATE game SET since_snapshot = 0 WHERE id = 1")

    @guarded
    def set_voided(self, seq: int, voided: bool, *, redo: list[int]) -> None:
        self.conn.execute(
            "UPDATE entries SET voided = ?, voided_at = ? WHERE seq = ?",
            (int(voided), now_text() if voided else None, seq),
        )
        self.conn.execute("UPDATE game SET redo = ? WHERE id = 1", (json.dumps(redo),))
        if voided:
            # Snapshots are a cache of the live log; those that include a voided entry go.
            self.conn.execute("DELETE FROM snapshots WHERE seq >= ?", (seq,))

    @guarded
    def set_head_state(self, state: dict[str, Any], since_snapshot: int) -> None:
        """Replace the head state, rebuilt from the latest snapshot and ``since_snapshot``
        live entries after it."""
        self.conn.execute(
            "UPDATE game SET state = ?, since_snapshot = ? WHERE id = 1",
            (json.dumps(state), since_snapshot),
        )

    # -- sessions ------------------------------------------------------------
    @guarded
    def session_marks(self) -> list[SessionMark]:
        return read_marks(self.conn)

    def mark_session(self, mark: str, how: str) -> bool:
        """Mark that a session begins (``start``) or ends (``end``) after the latest entry,
        in a transaction of its own; False (nothing written) when the latest mark already
        says so there, or when there is nothing to end."""
        with self.transaction():
            latest = latest_mark(self.conn)
            here = last_seq(self.conn)
            if latest is not None and latest.mark == mark and latest.after_seq == here:
                return False
            if mark == "end" and here == 0:
                return False
            add_mark(self.conn, mark, how)
            return True

    # -- the GM's move waiting for the players' screens -------------------------
    @guarded
    def asked_move(self) -> AskedMove | None:
        """The GM's move kept for the players' screens (``asked_moves``), or None."""
        return read_asked(self.conn)

    @guarded
    def keep_asked_move(self, version: str, action: dict[str, Any]) -> AskedMove:
        """Keep the GM's move for the players' screens (call inside ``transaction()``)."""
        return keep_asked(self.conn, version, action)

    def drop_asked_move(self, asked_id: int) -> bool:
        """Forget the GM's move ``asked_id``, in a transaction of its own."""
        with self.transaction():
            return self._drop_asked(asked_id)

    @guarded
    def _drop_asked(self, asked_id: int) -> bool:
        return drop_asked(self.conn, asked_id)

    # -- snapshots -----------------------------------------------------------
    @guarded
    def snapshot_before(self, seq: int) -> tuple[int, dict[str, Any]]:
        """The latest snapshot taken before entry ``seq``."""
        row = self.conn.execute(
            "SELECT seq, state, hash FROM snapshots WHERE seq < ? ORDER BY seq DESC LIMIT 1",
            (seq,),
        ).fetchone()
        if row is None:
            raise DamagedRow(f"no snapshot of the state is left before entry #{seq}")
        if not seals.snapshot_is_whole(row[0], row[1], row[2]):
            raise DamagedRow(f"the snapshot at entry #{row[0]} does not match its checksum")
        return int(row[0]), load_json(row[1], f"the snapshot at entry #{row[0]}", dict)
