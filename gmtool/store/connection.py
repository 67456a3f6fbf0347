"""Opening a campaign's database: WAL mode, a busy timeout, the schema version; and
SQLite's errors turned into ones a user can act on."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from gmtool.errors import StoreError
from gmtool.store.damage_mark import is_malformed, is_unreadable, mark
from gmtool.store.records import DamagedRow
from gmtool.store.schema import SCHEMA_VERSION, migrate
from gmtool.store.version import schema_version

BUSY_TIMEOUT_MS = 15_000
"""How long a command waits for another one writing to the same campaign. With 8 writers
at once on a 2-core machine the 99th percentile command took 0.9 s and the longest 1.5 s;
with the machine's cores also busy with other work, 4.6 s and 5.0 s (bench/durability.py).
Fifteen seconds leaves three times the worst of these."""
LOCK_POLL_MS = 40
"""While waiting for the write lock, how long SQLite waits before it is asked again. Its
own wait backs off to 100 ms between tries, so a command waiting among several can keep
missing the moment the lock is free; asking again every few milliseconds keeps waits in
line with the work ahead (bench/durability.py measures both)."""
SYNCHRONOUS = "FULL"
"""SQLite's ``synchronous`` setting for writes: FULL syncs the write-ahead log at every
commit, so an acknowledged command survives a power cut too, for a few milliseconds a
command at most (bench/durability.py; the README's "What a crash can lose")."""


def connect(
    path: Path, name: str, *, new: bool = False, readonly: bool = False
) -> sqlite3.Connection:
    """The campaign's database in WAL mode, its schema brought up to date. Only a ``new``
    campaign's (empty) file is given the tables; any other file without them is refused
    before anything is written to it. A ``readonly`` connection changes nothing, not even
    the schema, so a campaign on a read-only disk (or another user's) can still be read."""
    try:
        conn = _open(path, readonly)
    except (sqlite3.DatabaseError, UnicodeError) as error:  # a damaged schema's text
        raise store_error(error, name, path) from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        version = schema_version(conn)
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"campaign '{name}' was written by a newer gmtool (schema {version}, this "
                f"gmtool reads up to {SCHEMA_VERSION}) ({path})",
                hint="upgrade gmtool",
            )
        if version == 0 and not new:
            raise StoreError(
                f"campaign '{name}' is not a gmtool campaign: the file holds none of its"
                f" tables ({path})",
                hint="move the file out of the campaigns folder, or restore it from a backup",
            )
        if readonly:
            return conn
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        if version < SCHEMA_VERSION:
            migrate(conn)
    except BaseException as error:
        conn.close()
        if isinstance(error, sqlite3.DatabaseError | UnicodeError):
            raise store_error(error, name, path) from None
        raise
    return conn


def _open(path: Path, readonly: bool) -> sqlite3.Connection:
    """A connection to ``path``; read-only ones are opened as SQLite URIs with mode=ro."""
    timeout = BUSY_TIMEOUT_MS / 1000
    if not readonly:
        return sqlite3.connect(path, timeout=timeout, isolation_level=None)
    from urllib.parse import quote

    uri = f"file:{quote(str(path.absolute()))}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException as error:
        if "unable to open" not in str(error) and "readonly" not in str(error):
            conn.close()
            raise
        # A WAL database in a folder nobody may write to: its -shm file cannot be made.
        # Nothing can be writing it either, so it is read as it stands.
        conn.close()
        conn = sqlite3.connect(f"{uri}&immutable=1", uri=True, isolation_level=None)
    return conn


def begin_writing(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``: take the write lock, waiting up to BUSY_TIMEOUT_MS for a command
    writing the same campaign, in short waits (LOCK_POLL_MS) so the lock is seen soon."""
    import time

    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    conn.execute(f"PRAGMA busy_timeout = {min(LOCK_POLL_MS, BUSY_TIMEOUT_MS)}")
    try:
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                busy = "locked" in str(error) or "busy" in str(error)
                if not busy or time.monotonic() >= deadline:
                    raise
    finally:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def store_error(error: sqlite3.DatabaseError | UnicodeError, name: str, path: Path) -> StoreError:
    text = str(error)
    if "locked" in text or "busy" in text:
        return StoreError(
            f"campaign '{name}': another command is writing; try again ({path})",
            hint=f"it waited {BUSY_TIMEOUT_MS / 1000:g} s; if this persists, close the other"
            " session",
        )
    if isinstance(error, UnicodeError):
        text = f"cannot decode text that is not UTF-8 ({getattr(error, 'reason', error)})"
    if is_malformed(text):
        mark(path, text)
    if is_unreadable(text):
        return StoreError(
            f"campaign '{name}' is not a readable database ({path}: {text})",
            hint=f"'gmtool campaign verify {name}' says what is damaged; restore the file from"
            " a backup, or create a new campaign",
        )
    if "readonly" in text or "unable to open" in text:
        return StoreError(
            f"campaign '{name}' cannot be written ({path}: {text})",
            hint="make the file and its folder writable, or set GMTOOL_HOME to a writable folder",
        )
    return StoreError(f"campaign '{name}': database error: {text} ({path})")


def damaged_error(problem: str, name: str, path: Path) -> StoreError:
    return StoreError(
        f"campaign '{name}' is damaged: {problem} ({path})",
        hint=f"run 'gmtool campaign verify {name}' to see what; 'gmtool campaign rebuild"
        f" {name}' restores it when its log is whole, else restore the file from a backup",
    )


class _Database(Protocol):
    name: str
    path: Path


D = TypeVar("D", bound=_Database)
P = ParamSpec("P")
R = TypeVar("R")


def guarded(method: Callable[Concatenate[D, P], R]) -> Callable[Concatenate[D, P], R]:
    """Any SQLite error, or a row that does not hold what gmtool wrote, becomes a StoreError
    naming the campaign and its file (a damaged page may surface in any query)."""

    @functools.wraps(method)
    def guarded_method(store: D, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(store, *args, **kwargs)
        except (sqlite3.DatabaseError, UnicodeError) as error:
            raise store_error(error, store.name, store.path) from None
        except DamagedRow as error:
            raise damaged_error(str(error), store.name, store.path) from None

    return guarded_method
