"""Where campaigns live: ``$GMTOOL_HOME`` or the platform's user data folder."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gmtool.errors import StoreError, UsageError, unknown

PRIVATE_FILE = 0o600
"""Campaign files, their backups and side files: readable by their owner only (they hold
the seats' secret links)."""
PRIVATE_FOLDER = 0o700

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
MAX_NAME = 64


def home() -> Path:
    configured = os.environ.get("GMTOOL_HOME")
    if configured:
        return Path(configured).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("gmtool", appauthor=False))


def campaigns_dir() -> Path:
    return home() / "campaigns"


def check_name(name: str) -> str:
    """A campaign name is a plain file name: letters, digits, '-', '_', '.'."""
    if _NAME.fullmatch(name) and ".." not in name and len(name) <= MAX_NAME:
        return name
    hint = "use letters a-z, digits, '-', '_' or '.', starting with a letter or digit"
    if not name:
        raise UsageError("a campaign name cannot be empty", hint=hint)
    if len(name) > MAX_NAME:
        raise UsageError(
            f"campaign name '{name[:24]}...' is {len(name)} characters long; "
            f"the limit is {MAX_NAME}",
            hint="pick a shorter name",
        )
    if any(part in name for part in ("/", "\\", "..")) or name.startswith("."):
        raise UsageError(f"campaign name '{name}' may not contain path characters", hint=hint)
    raise UsageError(f"campaign name '{name}' may only use letters a-z, digits, - _ .", hint=hint)


def campaign_path(name: str) -> Path:
    return campaigns_dir() / f"{check_name(name)}.db"


def list_campaigns() -> list[str]:
    folder = campaigns_dir()
    try:
        return sorted(p.stem for p in folder.glob("*.db") if _NAME.fullmatch(p.stem))
    except OSError:
        return []


def existing_campaign_path(name: str) -> Path:
    path = campaign_path(name)
    try:
        found = path.is_file()
    except OSError as error:  # GMTOOL_HOME too long, or not a folder one can look into
        raise StoreError(
            f"cannot look into the storage folder {path.parent}: {error.strerror or error}",
            hint="set GMTOOL_HOME to a folder you can read",
        ) from None
    if not found:
        raise unknown("campaign", name, list_campaigns())
    return path


def current_file() -> Path:
    return home() / "current"


def current_campaign() -> str | None:
    """The campaign last created or chosen with ``campaign use``."""
    path = current_file()
    try:
        name = path.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    except UnicodeDecodeError:
        name = ""
    if not name:
        return None
    try:
        return check_name(name)
    except UsageError:
        raise StoreError(
            f"the current campaign's name in {path} is not a campaign name",
            hint="choose one with 'gmtool campaign use NAME' or pass -c NAME",
        ) from None


def set_current_campaign(name: str) -> None:
    path = current_file()
    with _writing(path.parent):
        make_private_folder(path.parent)
        path.write_text(name + "\n", encoding="utf-8")


@contextmanager
def _writing(folder: Path) -> Iterator[None]:
    """Turn a failure to write into the storage folder into one line the user can act on."""
    try:
        yield
    except OSError as error:
        raise StoreError(
            f"cannot write to the storage folder {folder}: {error.strerror or error}",
            hint="make it writable, or set GMTOOL_HOME to a folder you can write to",
        ) from None


def ensure_folder(folder: Path) -> None:
    """Make the campaigns folder, or say in one line why it cannot be made."""
    with _writing(home()):
        make_private_folder(folder)


def make_private_folder(folder: Path) -> None:
    """``folder`` and any missing folder above it, made readable by their owner only
    (folders that already exist are left as they are)."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        os.chmod(made, PRIVATE_FOLDER)  # whatever the umask


def make_private(path: Path) -> None:
    """Keep a campaign file from other users' eyes (an older one was 0644); best effort."""
    import contextlib

    with contextlib.suppress(OSError):
        if path.stat().st_mode & 0o077:
            os.chmod(path, PRIVATE_FILE)


def create_private(path: Path) -> None:
    """An empty file at ``path`` readable by its owner only, for SQLite to fill."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))
