"""What ``gmtool serve`` tells the other gmtool processes of the campaign it serves: that
it runs, which seats have opened their screens, and whom the GM's asked move
(``asked_moves``) waits for now.

It lives beside the database, not in it, so that it costs the log nothing and no screen is
redrawn for it: ``NAME.db.serving`` is locked (``flock``) for as long as the server runs,
so a server that died leaves no false word behind, and ``NAME.db.serving.json`` holds what
it says, replaced whole at each change (a reader never sees half of it). A ``gmtool play``
that leaves a move to the phones reads it to say who is still awaited.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.store.home import PRIVATE_FILE

LOCK_TRIES = 20
"""How many times a starting server tries for the lock (a reader holds it an instant)."""


def lock_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.serving")


def said_path(path: Path) -> Path:
    return path.with_name(f"{path.name}.serving.json")


@dataclass(frozen=True)
class Serving:
    """What a running server says of the campaign at ``path``."""

    phones: tuple[str, ...] = ()
    """The seats whose screen has been opened since it started."""
    asked: int = 0
    """The GM's asked move it is asking about (its id), 0: none."""
    asking: str = ""
    """The seat that move waits for now."""
    public: str = ""
    """What the table screen says of it ("the GM waits for Remmy's exploration roll")."""

    def to_json(self) -> dict[str, Any]:
        return {
            "phones": list(self.phones),
            "asked": self.asked,
            "asking": self.asking,
            "public": self.public,
        }


@dataclass
class ServingMark:
    """The mark a server holds while it serves the campaign at ``path`` (POSIX only: where
    the platform has no ``flock`` nothing is marked, and every reader hears "not served")."""

    path: Path
    said: Serving = field(default_factory=Serving)
    _descriptor: int | None = None

    def hold(self) -> bool:
        """Take the lock; False when another server holds it (or the platform cannot)."""
        try:
            import fcntl
        except ImportError:
            return False
        try:
            descriptor = os.open(lock_path(self.path), os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
        except OSError:
            return False
        for _ in range(LOCK_TRIES):
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                time.sleep(0.01)
                continue
            except OSError:
                break
            self._descriptor = descriptor
            self.say(Serving())
            return True
        os.close(descriptor)
        return False

    def say(self, said: Serving) -> None:
        """Tell the readers ``said`` (nothing is written when it is what they hear now)."""
        if self._descriptor is None or (said == self.said and said_path(self.path).exists()):
            return
        self.said = said
        final = said_path(self.path)
        draft = final.with_name(f"{final.name}.{os.getpid()}")
        with contextlib.suppress(OSError):  # best effort: the move itself is in the log
            descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                json.dump(said.to_json(), out)
            os.replace(draft, final)

    def release(self) -> None:
        if self._descriptor is None:
            return
        with contextlib.suppress(OSError):
            said_path(self.path).unlink(missing_ok=True)
            lock_path(self.path).unlink(missing_ok=True)
        os.close(self._descriptor)  # the lock goes with it
        self._descriptor = None


def serving(path: Path) -> Serving | None:
    """What the server of the campaign at ``path`` says, or None when none serves it."""
    try:
        import fcntl
    except ImportError:
        return None
    try:
        descriptor = os.open(lock_path(path), os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _said(path)  # held: a server runs
    except OSError:
        return None
    finally:
        os.close(descriptor)  # a lock of ours, if taken, goes with it
    return None


def said_mark(path: Path) -> tuple[int, int]:
    """A mark that changes whenever the server's word changes (a cheap look: one ``stat``
    of the file it replaces whole), (0, 0) while it says nothing."""
    try:
        found = said_path(path).stat()
    except OSError:
        return (0, 0)
    return (found.st_ino, found.st_mtime_ns)


def _said(path: Path) -> Serving:
    try:
        doc = json.loads(said_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Serving()
    if not isinstance(doc, dict):
        return Serving()
    phones = doc.get("phones")
    return Serving(
        phones=tuple(str(p) for p in phones) if isinstance(phones, list) else (),
        asked=doc["asked"] if isinstance(doc.get("asked"), int) else 0,
        asking=str(doc.get("asking") or ""),
        public=str(doc.get("public") or ""),
    )
