"""A new database is built under a temporary name and put in place whole.

``campaign new`` (and ``campaign rebuild``) write the database as ``.NAME.db.new-PID``
beside where it belongs, then link it to ``NAME.db`` in one step: a process killed on the
way leaves either nothing under the campaign's name or a whole campaign, never a file
without tables that blocks the name. A temporary file left by a killed process is removed
by the next command that builds one.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from gmtool.errors import StoreError, UsageError

SIDE_FILES = ("-wal", "-shm", "-journal")


def temporary_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.new-{os.getpid()}")


def remove_database(path: Path) -> None:
    for suffix in ("", *SIDE_FILES):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def clear_abandoned(folder: Path) -> None:
    """Remove temporary databases whose process is gone (killed while building one)."""
    import re

    temporary = re.compile(r"\..+\.db(\.before-rebuild-[0-9-]+)?\.new-(\d+)(-wal|-shm|-journal)?")
    with contextlib.suppress(OSError):
        for path in folder.glob(".*.db*.new-*"):
            found = temporary.fullmatch(path.name)
            if found and not _running(int(found.group(2))):
                path.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: still running
        return True
    return True


def publish(built: Path, path: Path, name: str) -> None:
    """Give the whole database ``built`` its name ``path`` in one step, refusing if another
    command created the campaign meanwhile. ``built`` must be closed (no -wal file)."""
    if any(Path(f"{built}{suffix}").exists() for suffix in SIDE_FILES):
        raise StoreError(f"campaign '{name}' was not fully written ({built})")
    try:
        os.link(built, path)
    except FileExistsError:
        raise UsageError(
            f"campaign '{name}' already exists", hint="pick another name (see gmtool campaign list)"
        ) from None
    except OSError:  # a file system without hard links: a rename that checks first
        if path.exists():
            raise UsageError(f"campaign '{name}' already exists") from None
        os.replace(built, path)
    finally:
        built.unlink(missing_ok=True)
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make the new name itself survive a power cut, as the data inside already does."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
