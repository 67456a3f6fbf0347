"""What a live screen reads from a campaign: whether anything changed, and the log's names.

``gmtool serve`` watches ``PRAGMA data_version`` on a connection of its own: SQLite changes
it whenever another connection (any gmtool command, or the server's own moves) commits,
so a screen is redrawn when the campaign changed and never on a timer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.store.campaign import CampaignStore
from gmtool.store.connection import connect, guarded
from gmtool.store.log_names import has_names, log_names
from gmtool.store.records import SECRET


class ChangeWatcher:
    """A read-only connection whose job is to notice commits by others (the check of the
    whole campaign while ``serve`` runs is the store's ``watch_pages``)."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.conn = connect(path, name, readonly=True)

    @guarded
    def data_version(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def close(self) -> None:
        self.conn.close()


class LogHead:
    """The head of one campaign's log, for questions that must not outlive it."""

    def __init__(self, store: CampaignStore) -> None:
        self.store = store
        self.name = store.name
        self.path = store.path

    @guarded
    def marker(self) -> tuple[int, int]:
        """The newest entry and the newest live one: a new entry, an undo or a redo
        changes it."""
        row = self.store.conn.execute(
            "SELECT coalesce(max(seq), 0), coalesce(max(CASE WHEN voided = 0 THEN seq END), 0)"
            " FROM entries"
        ).fetchone()
        return int(row[0]), int(row[1])

    @guarded
    def names(self) -> list[str]:
        """Everyone named in the log's ``who`` (an entry by "Ana, Bo" names both), read from
        the names the log keeps (``log_names``), not from its entries; a name found only in
        the GM's secret rolls is the GM's, and is left out."""
        written = public_names(self.store.conn, log_names(self.store.conn))
        found = {part.strip() for name in written for part in name.split(",") if part.strip()}
        return sorted(found, key=str.casefold)


def public_names(conn: Any, names: list[str]) -> list[str]:
    """``names`` but those found only in secret rolls: each looked up in the index of the
    log's names, stopping at its first entry that is not one."""
    if not has_names(conn):
        return names
    found = []
    for name in names:
        row = conn.execute(
            "SELECT 1 FROM entry_names AS named CROSS JOIN entries ON entries.seq = named.seq"
            " WHERE named.name = ? AND entries.kind != ? LIMIT 1",
            (name, SECRET),
        ).fetchone()
        if row is not None:
            found.append(name)
    return found
