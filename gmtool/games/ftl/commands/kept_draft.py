"""The ship a ``gmtool ftl ship new`` left unfinished (Ctrl-C at its menu), kept so the
next ``ship new`` of the same file offers to carry on with it.

A draft is one JSON file in ``GMTOOL_HOME/drafts/``, named from the ship file's absolute
path; it is written under a temporary name and renamed into place (a crash leaves the old
draft or the new one, never half of one), and removed once the ship is saved.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from gmtool.store.home import ensure_folder, home


def draft_path(ship_file: Path) -> Path:
    where = str(ship_file.expanduser().absolute())
    digest = hashlib.sha256(where.encode("utf-8")).hexdigest()[:16]
    return home() / "drafts" / f"ftl-ship-{digest}.json"


def load(ship_file: Path) -> dict[str, Any] | None:
    """The draft kept for ``ship_file``, or None (none kept, or one that cannot be read:
    it is not offered, and the next Ctrl-C replaces it)."""
    try:
        doc = json.loads(draft_path(ship_file).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    data = doc.get("draft") if isinstance(doc, dict) else None
    return data if isinstance(data, dict) and data.get("name") else None


def keep(ship_file: Path, data: dict[str, Any]) -> Path:
    """Keep ``data`` as the draft of ``ship_file``; where it is."""
    path = draft_path(ship_file)
    ensure_folder(path.parent)
    built = path.with_name(f".{path.name}.new-{os.getpid()}")
    doc = {"ship_file": str(ship_file.expanduser().absolute()), "draft": data}
    try:
        built.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        os.replace(built, path)
    finally:
        built.unlink(missing_ok=True)
    return path


def drop(ship_file: Path) -> None:
    with contextlib.suppress(OSError):
        draft_path(ship_file).unlink()
