"""What a YAML file is to ``gmtool check``: a campaign file, a table of a system's content
(standing alone, as a GM keeps a copy to edit), a scene table, or nothing gmtool knows.

A standalone table is recognised by its top-level sections, the same as one of the
packaged files (``nova:`` is Originem's ``tables/originem/nova.yaml``), and validated as a
campaign's ``content:`` laid over the packaged content, so its problems name its lines.
A scene table is a file shaped like those in ``scenes/<system>/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gmtool.content.yamlfile import Document, Overrides, load_yaml

SCENE_KEY = "bands"
"""Every scene table has bands; no content section is called that."""


@dataclass(frozen=True)
class Kind:
    """A kind of table: ``system``'s file ``name`` (under ``scenes/`` when ``scene``)."""

    system: str
    name: str
    scene: bool = False


@cache
def packaged_kinds() -> dict[frozenset[str], list[Kind]]:
    """The top-level sections of every packaged table file, to the kinds that have them."""
    from gmtool.content.paths import data_root
    from gmtool.games import GAMES

    kinds: dict[frozenset[str], list[Kind]] = {}
    for system in GAMES:
        for path in sorted((data_root() / "tables" / system).glob("*.yaml")):
            data = load_yaml(path).data
            if isinstance(data, dict):
                kinds.setdefault(frozenset(data), []).append(Kind(system, path.stem))
    return kinds


def scene_systems() -> list[str]:
    from gmtool.content.paths import data_root
    from gmtool.games import GAMES

    return [name for name in GAMES if any((data_root() / "scenes" / name).glob("*.yaml"))]


def kinds_of(data: Any) -> list[Kind]:
    """The kinds of table ``data`` may be (several when systems share section names)."""
    if not isinstance(data, dict) or not data:
        return []
    if SCENE_KEY in data:
        return [Kind(system, "scene", scene=True) for system in scene_systems()]
    return packaged_kinds().get(frozenset(data), [])


def as_overrides(kind: Kind, path: Path, document: Document) -> Overrides:
    """The table as a campaign's ``content:``, its lines kept, for the system to validate."""
    inner: tuple[str, ...] = ("scenes", path.stem) if kind.scene else ()
    content: Any = document.data
    for key in reversed(inner):
        content = {key: content}
    lines = {("content", *inner, *loc): line for loc, line in document.lines.items()}
    return Overrides(content, Document(document.path, {"content": content}, lines))


def describe(kind: Kind) -> str:
    from gmtool.games import get_game

    title = str(getattr(get_game(kind.system), "title", kind.system))
    return f"{title} scene table" if kind.scene else f"{title} table ({kind.name})"
