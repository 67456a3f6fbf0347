"""The names each log entry involves, kept in tables of their own so that ``gmtool log
--who`` and the web's list of names read an index instead of every entry.

An entry by several people stores them in ``who`` as one text, "Ana, Cy"; ``--who Cy``
matches any one of them. A scan of ``who`` cannot use an index for that, so each name of
an entry (its ``who`` split at ", ") is also a row of ``entry_names`` (name, seq), written
in the same transaction as the entry, and each name as written is a row of
``log_names``. ``entry_names`` compares names as ``who = ? COLLATE NOCASE`` and ``LIKE``
do (ASCII letters whatever their case), so an index lookup finds exactly the entries the
text match finds. Schema 4 (``schema.py``) makes both tables, and fills them from the log
already written in the same transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from gmtool.store.version import schema_version

NAMES_SINCE = 4
"""The schema version that keeps the names tables (an older campaign opened read-only
has none, and its log is filtered by reading ``who``)."""

SEPARATOR = ", "
"""How ``who`` joins the names of an entry by several people."""


def names_in(who: Any) -> list[str]:
    """The names ``who`` holds, none empty, as the text match finds them; a value that is
    not text (a damaged row) holds none."""
    if not isinstance(who, str):
        return []
    if "\0" in who:
        # SQLite's LIKE reads a text only up to a NUL, and its = never finds a name in one:
        # only the names before the NUL of an entry by several people are found.
        who = who[: who.index("\0")]
        if SEPARATOR not in who:
            return []
    return [name for name in who.split(SEPARATOR) if name]


def is_one_name(who: str) -> bool:
    """Whether ``--who who`` can be looked up in ``entry_names``: one name, not empty, no
    NUL (any other filter reads ``who`` itself, as before these tables)."""
    return bool(who) and SEPARATOR not in who and "\0" not in who


def has_names(conn: sqlite3.Connection) -> bool:
    return schema_version(conn) >= NAMES_SINCE


def add_entry_names(conn: sqlite3.Connection, seq: int, who: Any) -> None:
    """Index the names of entry ``seq`` (inside the transaction that writes it)."""
    names = names_in(who)
    if names:
        _insert(conn, ((name, seq) for name in names))


def add_all_names(conn: sqlite3.Connection) -> None:
    """Index the names of every entry of the log (a migration, a rebuild)."""
    rows = conn.execute("SELECT seq, who FROM entries WHERE who != '' ORDER BY seq")
    _insert(conn, ((name, seq) for seq, who in rows for name in names_in(who)))


def _insert(conn: sqlite3.Connection, pairs: Iterable[tuple[str, int]]) -> None:
    written: set[str] = set()

    def noting() -> Iterator[tuple[str, int]]:
        for name, seq in pairs:
            written.add(name)
            yield name, seq

    conn.executemany("INSERT OR IGNORE INTO entry_names (name, seq) VALUES (?, ?)", noting())
    conn.executemany("INSERT OR IGNORE INTO log_names (name) VALUES (?)", ((n,) for n in written))


def log_names(conn: sqlite3.Connection) -> list[str]:
    """Every name written in the log's ``who``, each as written (so "Ana" and "ana" are
    two), in no particular order."""
    if has_names(conn):
        rows = conn.execute("SELECT name FROM log_names")
        return [name for (name,) in rows]
    rows = conn.execute("SELECT DISTINCT who FROM entries WHERE who != ''")
    return list({name for (who,) in rows for name in names_in(who)})


def names_problem(conn: sqlite3.Connection) -> str | None:
    """Where the names tables and the log disagree (``campaign verify``), or None: each
    entry's names as its who gives them, no names of an entry the log lacks, and every
    name written. ``campaign rebuild`` makes the tables again from the log."""
    if not has_names(conn):
        return None
    stored = conn.execute("SELECT seq, name FROM entry_names ORDER BY seq")
    waiting = next(stored, None)
    written: set[str] = set()
    for seq, who in conn.execute("SELECT seq, who FROM entries ORDER BY seq"):
        names = names_in(who)
        written.update(names)
        found = set()
        while waiting is not None and waiting[0] <= seq:
            if waiting[0] < seq:
                return _lacking(waiting[0])
            found.add(_compared(waiting[1]))
            waiting = next(stored, None)
        if found != {_compared(name) for name in names}:
            return f"the index of the log's names does not hold entry #{seq}'s names"
    if waiting is not None:
        return _lacking(waiting[0])
    if set(log_names(conn)) != written:
        return "the list of the log's names is not the names its entries give"
    return None


def _lacking(seq: int) -> str:
    return f"the index of the log's names holds entry #{seq}, which the log lacks"


def _compared(name: str) -> bytes:
    """``name`` as ``entry_names`` tells names apart (SQLite's NOCASE: ASCII letters
    whatever their case, nothing after a NUL, though the length counts)."""
    text = name.encode("utf-8")
    return text.partition(b"\0")[0].lower() + b"\0" + str(len(text)).encode()
