"""What stops every write to a campaign found damaged, in every process.

A page SQLite cannot read may lie anywhere in the file, far from the rows a write checks;
writing on would bury the damage under entries a rebuild can no longer reach. So the first
"malformed" any gmtool command meets (a read's included), and whatever the watch of a
session that stays open finds (``watch``: SQLite's quick check, a link of the chain), is
written beside the database as ``NAME.db.damaged``, and every write looks for that file
first (one ``stat``) and refuses while it is there. ``campaign verify`` removes it when the
file proves whole, as a restored backup does, and ``campaign rebuild`` when it has mended
the file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

MALFORMED = ("malformed", "corrupt")
"""Words of SQLite's errors that say the file's pages are damaged."""


def mark_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.damaged")


UNREADABLE = (*MALFORMED, "not a database", "decode")
"""Words of SQLite's errors that say the file cannot be read as gmtool wrote it (text that
is not UTF-8 where a row held text, say)."""


def is_malformed(text: str) -> bool:
    return any(word in text for word in MALFORMED)


def is_unreadable(text: str) -> bool:
    return any(word in text for word in UNREADABLE)


def mark(path: Path, problem: str) -> None:
    """Note that SQLite found ``path`` damaged (best effort: a folder that cannot be
    written holds a campaign nothing can write either)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(mark_path(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(problem + "\n")


def marked(path: Path) -> str | None:
    """What SQLite said when it found the file damaged, or None."""
    try:
        text = mark_path(path).read_text(encoding="utf-8", errors="replace").strip()
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"its damage mark cannot be read ({error.strerror or error})"
    if "checksum" in text or text.startswith(FOUND):  # said whole by a session's ``watch``
        return text
    return said_by_sqlite(text or "malformed")


FOUND = "SQLite found the file damaged"


def said_by_sqlite(text: str) -> str:
    return f"{FOUND} ({text})"


def page_problem(conn: sqlite3.Connection, most: int = 5, *, indexes: bool = False) -> str | None:
    """What SQLite's ``quick_check`` of every page finds (its first ``most`` problems), or
    None when it finds nothing. With ``indexes``, its ``integrity_check``, which also reads
    every index against its table (about three times as long)."""
    pragma, named = ("integrity_check", "integrity") if indexes else ("quick_check", "quick")
    rows = conn.execute(f"PRAGMA {pragma}({most})").fetchall()
    problems = [str(row[0]) for row in rows if row[0] != "ok"]
    return f"SQLite's {named} check: {'; '.join(problems)}" if problems else None


def clear(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        mark_path(path).unlink()
