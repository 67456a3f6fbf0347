"""Where the packaged data folders are: inside the wheel, or at the repository root."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
DATA_FOLDERS = ("scenes", "tables", "campaigns")


def data_root() -> Path:
    """The folder holding ``scenes/``, ``tables/`` and ``campaigns/``."""
    bundled = _PACKAGE / "_data"
    return bundled if bundled.is_dir() else _PACKAGE.parent


def packaged(*parts: str) -> Path:
    """A path inside the packaged data, e.g. ``packaged("tables", "originem", "classes.yaml")``."""
    return data_root().joinpath(*parts)
