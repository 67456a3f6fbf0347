"""What a live screen reads from a campaign: whether anything changed, and the log's names.

``gmtool serve`` watches ``PRAGMA data_version`` on a connection of its own: SQLite changes
it whenever another connection (any gmtool command, or the server's own moves) commits,
so a screen is redrawn when the campaign changed and never on a timer.
"""

from __future__ import annotations

from pathlib import Path

from gmtool.store.campaign import CampaignStore
from gmtool.store.connection import connect, guarded
from gmtool.store.log_names import log_names


class ChangeWatcher:
    """A read-only connection whose only job is to notice commits by others."""

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
        the names the log keeps (``log_names``), not from its entries."""
        written = log_names(self.store.conn)
        found = {part.strip() for name in written for part in name.split(",") if part.strip()}
        return sorted(found, key=str.casefold)
