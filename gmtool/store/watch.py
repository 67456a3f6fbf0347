"""The check ``play`` and ``serve`` keep running while they hold a campaign open.

A session may stay open for hours on a file that gets damaged under it (a failing disk,
another program), and a write checks only the last links and one slice of the chain. So a
session also runs ``Watch``: a thread of its own, with a read-only connection of its own,
that when the campaign is opened and then every PAGES_EVERY seconds runs SQLite's
integrity check (every page, and every index against its table: damage to an index alone
is found too), the seal and every link of the checksum chain with every snapshot (slice
by slice, each slice in a short read transaction, resting as long again between
two, so the session's own work comes first). What it finds stops every write at once: it
is the session's own damage (``found``), and the campaign's damage mark (``damage_mark``),
which every write of every process reads first. The write is refused with one line
naming ``campaign verify``.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from gmtool.errors import GmtoolError
from gmtool.store import damage_mark, seals
from gmtool.store.version import schema_version

PAGES_EVERY = 300.0
"""How often (seconds) a session that stays open checks the whole campaign again."""
PAGE_PROBLEMS = 5
"""How many of the integrity check's problems are named in its one line."""
WATCH_SLICE = 5000
"""How many links of the chain one read transaction of the watch checks."""


class Watch:
    """The campaign ``name`` at ``path`` checked whole now and every ``every`` seconds.

    ``wait(seconds)`` is how the thread waits (its stop event's ``wait`` unless given):
    True when it is time to stop. A test gives one that returns at once, as a faked clock.
    """

    def __init__(
        self,
        name: str,
        path: Path,
        *,
        every: float = PAGES_EVERY,
        wait: Callable[[float], bool] | None = None,
    ) -> None:
        self.name = name
        self.path = path
        self.every = every
        self.found: str | None = None
        """What the watch found wrong, or None."""
        self.rounds = 0
        """How many rounds of the check have ended (a test, a bench waits for them)."""
        self._stop = threading.Event()
        self._wait = wait or self._stop.wait
        self._ended_round = threading.Condition()
        self._conn: sqlite3.Connection | None = None
        self._thread = threading.Thread(target=self._run, name="gmtool-watch", daemon=True)

    def start(self) -> Watch:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the watch, and the query it is in (SQLite's quick check of a long log takes
        seconds): a server stopping does not wait for it."""
        self._stop.set()
        conn = self._conn
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.interrupt()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def after_rounds(self, count: int, timeout: float | None = None) -> bool:
        """Wait until ``count`` rounds have ended (or the watch stopped); whether they have."""
        with self._ended_round:
            self._ended_round.wait_for(
                lambda: self.rounds >= count or not self._thread.is_alive(), timeout
            )
            return self.rounds >= count

    # -- the thread ----------------------------------------------------------------
    def _run(self) -> None:
        from gmtool.store.connection import connect

        try:
            while not self._stop.is_set():
                try:
                    self._conn = self._conn or connect(self.path, self.name, readonly=True)
                    problem = self.check(self._conn)
                except (sqlite3.DatabaseError, UnicodeError) as error:
                    text = str(error)
                    unreadable = isinstance(error, UnicodeError) or damage_mark.is_unreadable(text)
                    problem = damage_mark.said_by_sqlite(text) if unreadable else None
                except (GmtoolError, OSError):  # a file being put back, say: the next round
                    problem = None
                if problem is not None and not self._stop.is_set():
                    self.found = problem
                    damage_mark.mark(self.path, problem)  # every process's writes stop
                with self._ended_round:
                    self.rounds += 1
                    self._ended_round.notify_all()
                if problem is not None or self._wait(self.every):
                    return
        finally:
            if self._conn is not None:
                self._conn.close()
            with self._ended_round:
                self._ended_round.notify_all()

    def check(self, conn: sqlite3.Connection) -> str | None:
        """One round: what is wrong with the campaign, or None."""
        problem = damage_mark.page_problem(conn, PAGE_PROBLEMS, indexes=True)
        if problem is not None:
            return damage_mark.said_by_sqlite(problem)
        if schema_version(conn) < seals.CHAINED_SINCE:
            return None  # (not migrated yet: no chain to check)
        after = 0
        while True:
            started = time.monotonic()
            conn.execute("BEGIN")
            try:
                problem, after = seals.slice_problem(conn, after, WATCH_SLICE)
                if problem is None and after == 0:
                    problem = seals.quick_check(conn)  # the seal, as the log is now
            finally:
                if conn.in_transaction:  # (an interrupted query has rolled it back)
                    conn.execute("ROLLBACK")
            if problem is not None or after == 0:
                return problem
            if self._wait(time.monotonic() - started):
                return None
