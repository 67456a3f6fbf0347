"""Reading a campaign's log: the entries undo, redo and ``campaign verify`` replay, and the
rows ``gmtool log`` shows, pages and exports (with the SQL for its filters).

``LogReading`` is the part of ``CampaignStore`` that reads the log; ``live_actions`` is the
same reading on a bare connection, for ``campaign verify`` and ``rebuild``, which read a
file they do not trust inside one transaction of their own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from gmtool.store.connection import guarded, store_error
from gmtool.store.log_names import has_names, is_one_name
from gmtool.store.records import (
    ENTRY_COLUMNS,
    REVEAL,
    SECRET,
    DamagedRow,
    Entry,
    entry_from_row,
    reveal_what,
)

NO_END = 2**63 - 1
"""Past the last entry: SQLite's largest integer."""

LOG_COLUMNS = "seq, time, kind, who, what, outcome, mission, scene, dice, voided"
"""What the log prints: no action, no result, and the dice left as the JSON text stored."""


KEY_SQL = "replace(replace(lower({}), ' ', '_'), '-', '_')"
"""A mission's or scene's key, the same for its title and its id ("Map Out Ancient Forest",
map_out_ancient_forest): the expression of the indexes ``entries_mission_key`` and
``entries_scene_key``, which ``--mission`` and ``--scene`` look up."""

BY_NAME = "entry_names AS named CROSS JOIN entries ON entries.seq = named.seq"
"""The entries of one name, found in ``entry_names`` (``log_names``) in log order: a filter
by who reads only the entries it shows."""


def log_query(
    *,
    who: str | None,
    mission: str | None,
    scene: str | None,
    last: int | None,
    columns: str = ENTRY_COLUMNS,
    newest_first: bool = False,
    by_name: bool = False,
    key_of: Callable[[str], str] | None = None,
) -> tuple[str, list[Any]]:
    """The query and its parameters: entries by ``who`` (one of several names counts), of a
    mission or scene (by title or id), all in log order (or ``newest_first``) or the
    ``last`` N newest first. Newest first, the rows come from the end of an index (the
    primary key, or the filter's own), so a reader that stops early reads no more of the
    log than it used. ``by_name``: the campaign keeps ``entry_names``; ``key_of``: SQLite's
    ``KEY_SQL`` of a value, so a filter by mission or scene reads only its key's entries."""
    where: list[str] = []
    params: list[Any] = []
    source, order = "entries", "seq"
    if who is not None and by_name and is_one_name(who):
        source, order = BY_NAME, "named.seq"
        columns = ", ".join(f"entries.{column.strip()}" for column in columns.split(","))
        where.append("named.name = ?")
        params.append(who)
    elif who is not None:
        # An entry by several people lists them as "Ana, Cy": match any one of them.
        where.append(
            "(who = ? COLLATE NOCASE OR who LIKE ?1 || ', %' ESCAPE '\\'"
            " OR who LIKE '%, ' || ?1 ESCAPE '\\'"
            " OR who LIKE '%, ' || ?1 || ', %' ESCAPE '\\')".replace("?1", "?")
        )
        literal = who.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params += [who, literal, literal, literal]
    for column, value in (("mission", mission), ("scene", scene)):
        if value is not None:
            # The title as shown ("Map Out Ancient Forest") or its id (map_out_ancient_forest).
            key = KEY_SQL.format(column)
            wanted = value.casefold().replace(" ", "_").replace("-", "_")
            matches = f"({column} = ? COLLATE NOCASE OR {key} = ?)"
            params += [value, wanted]
            if key_of is not None and "\0" not in value:  # (NOCASE stops at a NUL)
                # Either way of matching gives one of these keys: look them up first.
                keys = list(dict.fromkeys([key_of(value), wanted]))
                marks = "= ?" if len(keys) == 1 else "IN (?, ?)"
                matches = f"{key} {marks} AND {matches}"
                params[-2:-2] = keys
            where.append(f"({matches})")
    sql = f"SELECT {columns} FROM {source}"
    if where:
        sql += " WHERE " + " AND ".join(where)
    if last is None:
        return sql + (f" ORDER BY {order} DESC" if newest_first else f" ORDER BY {order}"), params
    params.append(min(last, NO_END))  # SQLite's integers stop there
    return sql + f" ORDER BY {order} DESC LIMIT ?", params


def live_actions(conn: sqlite3.Connection, *, after: int = 0, before: int = NO_END) -> list[Entry]:
    """The actions still in force (not undone) between two entries, in log order: what a
    replay applies again."""
    rows = conn.execute(
        f"SELECT {ENTRY_COLUMNS} FROM entries WHERE seq > ? AND seq < ? AND voided = 0"
        " AND kind = 'action' ORDER BY seq",
        (after, before),
    ).fetchall()
    return [entry_from_row(row) for row in rows]


class LogReading:
    """Reading the log of a campaign's database (``CampaignStore`` is one)."""

    name: str
    path: Path
    conn: sqlite3.Connection

    @guarded
    def last_live_entry(self) -> Entry | None:
        row = self.conn.execute(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE voided = 0 ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        return entry_from_row(row) if row else None

    @guarded
    def entry(self, seq: int) -> Entry:
        row = self.conn.execute(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE seq = ?", (seq,)
        ).fetchone()
        if row is None:
            raise DamagedRow(f"entry #{seq} is missing")
        return entry_from_row(row)

    @guarded
    def find_entry(self, seq: int) -> Entry | None:
        """Entry ``seq``, or None when the log has none of that number."""
        row = self.conn.execute(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE seq = ?", (seq,)
        ).fetchone()
        return entry_from_row(row) if row else None

    @guarded
    def live_reveal_of(self, seq: int) -> int | None:
        """The live entry that shows secret roll ``seq`` to the table, if one does."""
        row = self.conn.execute(
            "SELECT seq FROM entries WHERE kind = ? AND what = ? AND voided = 0 LIMIT 1",
            (REVEAL, reveal_what(seq)),
        ).fetchone()
        return int(row[0]) if row else None

    @guarded
    def hidden_secret_rolls(self) -> list[Entry]:
        """The secret rolls in force that no reveal in force shows, in log order."""
        shown = {
            str(row[0])
            for row in self.conn.execute(
                "SELECT what FROM entries WHERE kind = ? AND voided = 0", (REVEAL,)
            )
        }
        rows = self.conn.execute(
            f"SELECT {ENTRY_COLUMNS} FROM entries WHERE kind = ? AND voided = 0 ORDER BY seq",
            (SECRET,),
        ).fetchall()
        found = [entry_from_row(row) for row in rows]
        return [entry for entry in found if reveal_what(entry.seq) not in shown]

    @guarded
    def live_actions_between(self, after: int, before: int) -> list[Entry]:
        return live_actions(self.conn, after=after, before=before)

    @guarded
    def entries(
        self,
        *,
        who: str | None = None,
        mission: str | None = None,
        scene: str | None = None,
        last: int | None = None,
    ) -> list[Entry]:
        sql, params = log_query(
            who=who, mission=mission, scene=scene, last=last, **self._filtering()
        )
        rows = self.conn.execute(sql, params).fetchall()
        if last is not None:
            rows.reverse()  # the last N, newest first, back in log order
        return [entry_from_row(row) for row in rows]

    def log_rows(
        self,
        *,
        who: str | None = None,
        mission: str | None = None,
        scene: str | None = None,
        last: int | None = None,
        newest_first: bool = False,
        columns: str = LOG_COLUMNS,
    ) -> Iterator[tuple[Any, ...]]:
        """The log's rows (``columns``, of ``LOG_COLUMNS``; dice as stored JSON text) in log
        order (or ``newest_first``), read from the cursor as they are used: an export of any
        length holds one row at a time, and a pager that stops early stops the reading."""
        sql, params = log_query(
            who=who,
            mission=mission,
            scene=scene,
            last=last,
            columns=columns,
            newest_first=newest_first,
            **self._filtering(),
        )
        if last is not None and not newest_first:
            sql = f"SELECT * FROM ({sql}) ORDER BY seq"
        try:
            # Not ``yield from``: that closes the cursor when the reader is dropped, and a
            # reader an error left behind (a pager that would not start) is dropped after
            # the command has closed its campaign, where closing a cursor is an error.
            for row in self.conn.execute(sql, params):  # noqa: UP028
                yield row
        except sqlite3.DatabaseError as error:
            raise store_error(error, self.name, self.path) from None

    @guarded
    def _filtering(self) -> dict[str, Any]:
        """How this campaign's log can be filtered: ``log_query``'s ``by_name``, ``key_of``."""
        return {"by_name": has_names(self.conn), "key_of": self._key_of}

    def _key_of(self, value: str) -> str:
        """``KEY_SQL`` of ``value``, worked out by SQLite (its ``lower()`` is the index's)."""
        return str(self.conn.execute(f"SELECT {KEY_SQL.format('?')}", (value,)).fetchone()[0])

    @guarded
    def spans_days(self) -> bool:
        """Whether the first and the latest entries were written on different days."""
        row = self.conn.execute(
            "SELECT (SELECT time FROM entries ORDER BY seq LIMIT 1),"
            " (SELECT time FROM entries ORDER BY seq DESC LIMIT 1)"
        ).fetchone()
        return str(row[0])[:10] != str(row[1])[:10]

    @guarded
    def count_entries(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM entries").fetchone()[0])
