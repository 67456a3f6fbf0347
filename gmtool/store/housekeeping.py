"""Campaign files as wholes: delete (to the trash), restore, rename, copy.

Every change is one step a crash cannot leave half done: the database is first brought to
one file (its write-ahead log folded in), then given its new name with a link or a rename;
a copy is written under a temporary name and linked in place (``publish``). A campaign
another process holds open (``gmtool play`` or ``gmtool serve`` on it) is not moved.

The trash is ``GMTOOL_HOME/trash/``: each deletion a folder of its own, named by the time,
holding the campaign's file as it was, so deleting the same name twice keeps both.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import datetime
from pathlib import Path

from gmtool.errors import StoreError, UsageError
from gmtool.store.backup import backup_into
from gmtool.store.home import (
    campaign_path,
    current_campaign,
    current_file,
    ensure_folder,
    existing_campaign_path,
    home,
    set_current_campaign,
)
from gmtool.store.publish import (
    SIDE_FILES,
    clear_abandoned,
    publish,
    remove_database,
    sync_folder,
    temporary_path,
)

DMS_BYTE = 128
"""The byte of a WAL database's ``-shm`` file every open connection holds a shared lock
on (SQLite's "dead man switch"): a lock there means some process has the campaign open."""


def trash_dir() -> Path:
    return home() / "trash"


SHARED_RANGE = (0x40000000 + 2, 510)
"""The bytes of the database file a reading connection locks (SQLite's shared range)."""


def held_by(path: Path) -> int | None:
    """The id of another process that has the database at ``path`` open (the lock every
    open connection keeps on its ``-shm`` file, or a reader's on the file itself), or None
    (also when the platform cannot say)."""
    try:
        import fcntl  # noqa: F401 (POSIX only)
    except ImportError:  # no POSIX locks here: nothing to ask
        return None
    return _locker(Path(f"{path}-shm"), DMS_BYTE, 1) or _locker(path, *SHARED_RANGE)


def _locker(path: Path, start: int, length: int) -> int | None:
    """The process holding a lock that would stop a write lock on those bytes of ``path``."""
    import fcntl
    import struct

    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        layout = "hhqqi4x"  # struct flock on Linux: type, whence, start, len, pid
        asked = struct.pack(layout, fcntl.F_WRLCK, os.SEEK_SET, start, length, 0)
        answer = fcntl.fcntl(descriptor, fcntl.F_GETLK, asked)
        kind, _, _, _, pid = struct.unpack(layout, answer)
    except (OSError, struct.error):
        return None
    finally:
        os.close(descriptor)
    return int(pid) if kind != fcntl.F_UNLCK and pid > 0 else None


def refuse_held(name: str, path: Path, doing: str) -> None:
    """Refuse ``doing`` a campaign another process has open."""
    pid = held_by(path)
    if pid is not None:
        raise StoreError(
            f"campaign '{name}' is open in another gmtool (process {pid}); {doing} changed nothing",
            hint="leave 'gmtool play' or stop 'gmtool serve' on it first, then try again",
        )


def fold_log(name: str, path: Path) -> None:
    """Fold the write-ahead log into the database file, so that one rename moves all of
    it: the last connection to close removes the ``-wal`` and ``-shm`` files, so any left
    after ours closes belong to another process that has the campaign open."""
    try:
        conn = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise StoreError(
            f"campaign '{name}' cannot be made one file ({path}: {error})",
            hint="another command may be writing it; try again",
        ) from None
    for suffix in SIDE_FILES:
        if Path(f"{path}{suffix}").exists():
            raise StoreError(
                f"campaign '{name}' is open in another gmtool ({path}{suffix} is in use)",
                hint="leave 'gmtool play' or stop 'gmtool serve' on it first, then try again",
            )


def _free(name: str) -> Path:
    path = campaign_path(name)
    if path.exists():
        raise UsageError(
            f"campaign '{name}' already exists", hint="pick another name (see gmtool campaign list)"
        )
    return path


def delete(name: str) -> Path:
    """Move campaign ``name`` into the trash; the file's new place."""
    path = existing_campaign_path(name)
    refuse_held(name, path, "delete")
    fold_log(name, path)
    folder = trash_dir() / datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    ensure_folder(folder)
    target = folder / path.name
    try:
        os.replace(path, target)
    except OSError as error:
        raise StoreError(
            f"campaign '{name}' cannot be moved to the trash ({error.strerror or error})",
            hint=f"make {trash_dir()} writable",
        ) from None
    sync_folder(path.parent)
    sync_folder(folder)
    if current_campaign() == name:
        with contextlib.suppress(OSError):
            current_file().unlink()
    return target


def trashed() -> list[tuple[str, Path]]:
    """What the trash holds, newest first: (campaign name, its file)."""
    with contextlib.suppress(OSError):
        found = [
            (file.stem, file)
            for folder in sorted(trash_dir().iterdir(), reverse=True)
            if folder.is_dir()
            for file in folder.glob("*.db")
        ]
        return found
    return []


def restore(name: str, as_name: str | None = None) -> str:
    """Bring campaign ``name`` back from the trash (the latest one deleted under that name),
    as ``as_name`` when given; the name it has now."""
    found = [file for stem, file in trashed() if stem == name]
    if not found:
        names = sorted({stem for stem, _ in trashed()})
        raise UsageError(
            f"no campaign '{name}' in the trash",
            hint=f"in the trash: {', '.join(names)}" if names else "the trash is empty",
        )
    target_name = as_name or name
    target = _free(target_name)
    ensure_folder(target.parent)
    _link_or_move(found[0], target, target_name)
    with contextlib.suppress(OSError):
        found[0].parent.rmdir()
    return target_name


def rename(name: str, new: str) -> Path:
    """Give campaign ``name`` the name ``new`` (the current campaign follows it)."""
    path = existing_campaign_path(name)
    target = _free(new)
    refuse_held(name, path, "rename")
    fold_log(name, path)
    _link_or_move(path, target, new)
    if current_campaign() == name:
        set_current_campaign(new)
    return target


def copy(name: str, new: str) -> Path:
    """A copy of campaign ``name`` (log, content, state, dice) named ``new``. A campaign
    open elsewhere may be copied: the copy is one moment's, whatever is written meanwhile."""
    path = existing_campaign_path(name)
    target = _free(new)
    clear_abandoned(target.parent)
    built = temporary_path(target)
    remove_database(built)
    try:
        write_copy(path, built)
        publish(built, target, new)
    finally:
        remove_database(built)
    return target


def write_copy(path: Path, built: Path) -> None:
    """The database at ``path``, copied whole through SQLite's backup into the new file
    ``built`` (one file once closed: its write-ahead log is folded in on closing)."""
    try:
        backup_into(path, built, journal="WAL")  # as every campaign is kept
    except (sqlite3.DatabaseError, OSError) as error:
        raise StoreError(
            f"the campaign at {path} cannot be copied ({error})",
            hint="free some disk space, or make the campaigns folder writable",
        ) from None


def _link_or_move(source: Path, target: Path, name: str) -> None:
    """``source`` under the name ``target``, never over another file: linked, then the old
    name removed (a crash between leaves both names, never neither)."""
    try:
        os.link(source, target)
    except FileExistsError:
        raise UsageError(f"campaign '{name}' already exists") from None
    except OSError:  # no hard links here: a rename, checked first
        if target.exists():
            raise UsageError(f"campaign '{name}' already exists") from None
        os.replace(source, target)
    else:
        source.unlink()
    sync_folder(target.parent)
    sync_folder(source.parent)
