"""The copy of a campaign ``campaign rebuild`` keeps before it changes anything.

The copy is taken through SQLite's backup while the rebuild holds the campaign's write lock,
so it is the file exactly as the rebuild found it. It is written under a temporary name
(``.NAME.db.before-rebuild-TIME.new-PID``, removed by the next rebuild when its process was
killed), then linked to a name no other copy has (``NAME.db.before-rebuild-TIME``, with
``-2``, ``-3``... for a second copy in the same second), readable by its owner only.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from datetime import datetime
from pathlib import Path
from urllib.parse import quote

from gmtool.errors import StoreError
from gmtool.store.home import PRIVATE_FILE
from gmtool.store.publish import clear_abandoned as clear_temporary
from gmtool.store.publish import remove_database, sync_folder, temporary_path

KEPT = "before-rebuild"


def clear_abandoned(path: Path) -> None:
    """Remove the temporary copies left by rebuilds that were killed."""
    clear_temporary(path.parent)


def refuse_read_only(name: str, path: Path) -> None:
    """A campaign whose file or folder may not be written is not rebuilt (not even by a
    user whom the system would let write it anyway)."""
    try:
        mode = path.stat().st_mode
    except OSError as error:
        raise StoreError(f"campaign '{name}' cannot be read ({path}: {error})") from None
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
    if not writable or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise StoreError(
            f"campaign '{name}' is read-only; rebuild changed nothing ({path})",
            hint="make the file and its folder writable (chmod u+w), then rebuild",
        )


def backup_into(path: Path, built: Path, *, journal: str) -> None:
    """SQLite's backup of the database at ``path`` into ``built``, a new owner-only file,
    left in ``journal`` mode (one file once closed). Errors as SQLite and the OS raise them."""
    os.close(os.open(built, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
    source = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(built)
        try:
            source.backup(target)
            target.execute(f"PRAGMA journal_mode = {journal}")
        finally:
            target.close()
    finally:
        source.close()


def keep_copy(name: str, path: Path) -> Path:
    """Copy the database at ``path`` (its committed state) to a new, unique name beside it;
    the caller holds the write lock, so nothing changes meanwhile."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    final = path.with_name(f"{path.name}.{KEPT}-{stamp}")
    built = temporary_path(final)
    remove_database(built)
    try:
        backup_into(path, built, journal="DELETE")
        _sync(built)
        kept = _link_unique(built, final)
        sync_folder(path.parent)
    except (sqlite3.DatabaseError, OSError) as error:
        if disk_full(error):
            raise full_error(name, path) from None
        raise StoreError(
            f"campaign '{name}': the copy kept before a rebuild cannot be written; rebuild"
            f" changed nothing ({built}: {error})",
            hint="make the campaigns folder writable, then rebuild",
        ) from None
    finally:
        remove_database(built)
    return kept


def _sync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _link_unique(built: Path, final: Path) -> Path:
    """Give ``built`` the name ``final``, or ``final-2``, ``final-3``... the first one free."""
    for number in range(1, 1000):
        name = final if number == 1 else final.with_name(f"{final.name}-{number}")
        try:
            os.link(built, name)
        except FileExistsError:
            continue
        return name
    raise StoreError(f"too many copies named {final.name}* already", hint="remove old ones")


def disk_full(error: BaseException) -> bool:
    import errno

    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    return "full" in str(error)


def full_error(name: str, path: Path) -> StoreError:
    size = 0
    with contextlib.suppress(OSError):
        size = path.stat().st_size
    return StoreError(
        f"campaign '{name}': the disk is full; rebuild changed nothing (it needs about"
        f" {max(1, size * 2 // 1_000_000)} MB free) ({path.parent})",
        hint="free some disk space, then rebuild again",
    )
