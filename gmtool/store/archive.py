"""A campaign as one file to keep or carry: ``campaign archive`` and ``campaign import``.

The archive is a zip holding:

- ``manifest.json``: what it is (``format``, ``version``), the campaign's name and system,
  how many entries its log holds, and the SHA-256 of the database inside;
- ``campaign.db``: the campaign's database, whole (log, content, state, dice), as one file;
- ``log.json``: the log as ``gmtool log --format json`` prints it, readable without gmtool;
- ``content.json``: the campaign's options and the content it lays over the packaged tables.

Importing checks the manifest, the checksum and the database's own chain before the
campaign gets its name (built under a temporary name, then linked in place), so a damaged
or foreign file is one line and nothing is written.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path
from typing import Any

from gmtool.errors import StoreError, UsageError
from gmtool.store.home import campaign_path, check_name, ensure_folder, existing_campaign_path

FORMAT = "gmtool campaign archive"
VERSION = 1
SUFFIX = ".gmtool.zip"
DATABASE = "campaign.db"
MANIFEST = "manifest.json"
MAX_DATABASE = 1 << 30
"""The largest database an archive may unpack to (1 GiB), so a forged size cannot fill
the disk."""


def write_archive(name: str, out: Path) -> dict[str, Any]:
    """Write campaign ``name`` to the archive ``out`` (under a temporary name, then moved
    in place); the manifest."""
    from gmtool.store.campaign import CampaignStore
    from gmtool.store.housekeeping import write_copy
    from gmtool.store.publish import remove_database, temporary_path

    path = existing_campaign_path(name)
    if out.exists():
        raise UsageError(f"{out} already exists", hint="give another file name, or move it away")
    built_db = temporary_path(path.with_name(f"{path.name}.archive"))
    remove_database(built_db)
    built = out.with_name(f".{out.name}.new-{os.getpid()}")
    try:
        write_copy(path, built_db)
        data = built_db.read_bytes()
        store = CampaignStore.open(name)
        try:
            game = store.game()
            log = [entry.to_json() for entry in store.entries()]
        finally:
            store.close()
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "name": name,
            "system": game.system,
            "created": game.created,
            "entries": len(log),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        content = {"options": game.options, "content": game.overrides}
        with zipfile.ZipFile(built, "x", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(MANIFEST, json.dumps(manifest, indent=2) + "\n")
            archive.writestr(DATABASE, data)
            archive.writestr("log.json", json.dumps(log, ensure_ascii=False, indent=1) + "\n")
            archive.writestr("content.json", json.dumps(content, ensure_ascii=False, indent=2))
        os.replace(built, out)
    except OSError as error:
        raise StoreError(
            f"the archive {out} cannot be written ({error.strerror or error})",
            hint="free some disk space, or write it to a folder you can write to",
        ) from None
    finally:
        remove_database(built_db)
        built.unlink(missing_ok=True)
    return manifest


def read_archive(source: Path, as_name: str | None = None) -> tuple[str, dict[str, Any]]:
    """Import the archive ``source`` as a campaign (its own name, or ``as_name``); the
    name and the manifest. A file that is not a whole gmtool archive is one line."""
    from gmtool.store.publish import clear_abandoned, publish, remove_database, temporary_path

    manifest, data = _unpack(source)
    name = check_name(as_name or str(manifest.get("name") or ""))
    path = campaign_path(name)
    if path.exists():
        raise UsageError(
            f"campaign '{name}' already exists",
            hint="import it under another name with --name NEW",
        )
    ensure_folder(path.parent)
    clear_abandoned(path.parent)
    built = temporary_path(path)
    remove_database(built)
    try:
        from gmtool.store.home import create_private

        create_private(built)
        built.write_bytes(data)
        _check_database(built, name, source)
        publish(built, path, name)
    except OSError as error:
        raise StoreError(
            f"campaign '{name}' cannot be written ({error.strerror or error})",
            hint="free some disk space, or make the campaigns folder writable",
        ) from None
    finally:
        remove_database(built)
    return name, manifest


def _foreign(source: Path, why: str) -> UsageError:
    return UsageError(
        f"{source} is not a gmtool campaign archive: {why}",
        hint="give a file written by 'gmtool campaign archive'",
    )


def _damaged(source: Path, why: str) -> StoreError:
    return StoreError(
        f"the campaign archive {source} is damaged: {why}; nothing was imported",
        hint="archive the campaign again from its source, or use another copy",
    )


def _unpack(source: Path) -> tuple[dict[str, Any], bytes]:
    try:
        archive = zipfile.ZipFile(source)
    except FileNotFoundError:
        raise UsageError(f"no file {source}", hint="check the path") from None
    except IsADirectoryError:
        raise UsageError(f"{source} is a folder", hint="give the archive's file") from None
    except (zipfile.BadZipFile, OSError, ValueError):
        raise _foreign(source, "it is not a zip file") from None
    with archive:
        try:
            names = archive.namelist()
            if MANIFEST not in names:
                raise _foreign(source, f"it has no {MANIFEST}")
            manifest = json.loads(_member(archive, MANIFEST, 1 << 20, source))
        except (zipfile.BadZipFile, ValueError, UnicodeDecodeError, EOFError, OSError):
            raise _damaged(source, f"its {MANIFEST} cannot be read") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise _foreign(source, f"its {MANIFEST} is not a gmtool archive's")
        if manifest.get("version") != VERSION:
            raise UsageError(
                f"{source} is a gmtool archive of version {manifest.get('version')!r}; this "
                f"gmtool reads version {VERSION}",
                hint="import it with the gmtool that wrote it",
            )
        if DATABASE not in names:
            raise _damaged(source, f"it has no {DATABASE}")
        try:
            data = _member(archive, DATABASE, MAX_DATABASE, source)
        except (zipfile.BadZipFile, EOFError, OSError, ValueError):
            raise _damaged(source, f"its {DATABASE} cannot be read") from None
    if hashlib.sha256(data).hexdigest() != manifest.get("sha256"):
        raise _damaged(source, "the database does not match its checksum")
    return manifest, data


def _member(archive: zipfile.ZipFile, member: str, limit: int, source: Path) -> bytes:
    info = archive.getinfo(member)
    if info.file_size > limit:
        raise _damaged(source, f"{member} says it is {info.file_size:,} bytes")
    with archive.open(info) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise _damaged(source, f"{member} is larger than it says")
    return data


def _check_database(built: Path, name: str, source: Path) -> None:
    """The unpacked database is a campaign whose chain holds (the quick check every
    command makes on opening)."""
    from gmtool.store.campaign import CampaignStore
    from gmtool.store.connection import connect

    try:
        conn = connect(built, name, readonly=True)
    except StoreError as error:
        raise _damaged(source, error.message) from None
    store = CampaignStore(name, conn, built, writable=False)
    try:
        store._check_readable()
        damage = store._quick_check()
    except StoreError as error:
        raise _damaged(source, error.message) from None
    finally:
        store.close()
    if damage:
        raise _damaged(source, damage)
    from gmtool.store.housekeeping import fold_log

    fold_log(name, built)  # the reading left -wal and -shm files: folded in, removed


def default_archive_name(name: str) -> Path:
    return Path(f"{name}{SUFFIX}")


__all__ = ["SUFFIX", "default_archive_name", "read_archive", "write_archive"]
