"""The JSON Schema of each kind of content file, from the same models that validate it
(``content.schema``), so that a GM's editor completes and checks a file as it is written.

A game names its kinds in its package (``CONTENT_KINDS``: kind -> the model, as
``"module:Class"``, and the sections of it a file of that kind holds, or None for the
whole model); every game has ``tables`` (any of its table files). The campaign file is
shared: its ``content:`` is the game's tables with nothing required (a campaign lays only
what it changes over the packaged files). The packaged YAML files name theirs in a
``# yaml-language-server: $schema=...`` line (``schemas/`` at the repository's root).
"""

from __future__ import annotations

import copy
import importlib
from typing import Any

from gmtool.errors import UsageError

DRAFT = "https://json-schema.org/draft/2020-12/schema"
CAMPAIGN = "campaign"
CampaignKeys = ("system", "name", "description", "options", "content")


def kinds() -> dict[str, list[str]]:
    """Each kind of file and the games that have one, in the registry's order."""
    from gmtool.games import GAMES, package

    found: dict[str, list[str]] = {CAMPAIGN: list(GAMES)}
    for name in GAMES:
        for kind in getattr(package(name), "CONTENT_KINDS", {}):
            found.setdefault(kind, []).append(name)
    return found


def file_name(kind: str, system: str) -> str:
    """The file under ``schemas/`` that holds this schema."""
    return f"{CAMPAIGN}-{system}.json" if kind == CAMPAIGN else f"{system}-{kind}.json"


def schema(kind: str, system: str | None = None) -> dict[str, Any]:
    """The JSON Schema of a ``kind`` file (of ``system``, when several games have one)."""
    known = kinds()
    if kind not in known:
        raise UsageError(f"unknown file kind '{kind}'", hint=f"valid: {', '.join(known)}")
    systems = known[kind]
    if system is None and kind == CAMPAIGN:
        return _campaign(None)
    if system is None and len(systems) == 1:
        system = systems[0]
    if system is None or system not in systems:
        raise UsageError(
            f"which game's {kind}? ({', '.join(systems)})",
            hint=f"pass --system {'|'.join(systems)}",
        )
    if kind == CAMPAIGN:
        return _campaign(system)
    return _kind(system, kind)


def _declared(system: str, kind: str) -> tuple[Any, tuple[str, ...] | None]:
    from gmtool.games import package

    where, sections = package(system).CONTENT_KINDS[kind]
    module, _, attribute = str(where).partition(":")
    return getattr(importlib.import_module(module), attribute), sections


def _model_schema(model: Any) -> dict[str, Any]:
    from gmtool.content.schema import adapter

    return copy.deepcopy(adapter(model).json_schema())


def _kind(system: str, kind: str) -> dict[str, Any]:
    model, sections = _declared(system, kind)
    body = _model_schema(model)
    if sections is not None:
        body["properties"] = {k: v for k, v in body.get("properties", {}).items() if k in sections}
        body["required"] = [k for k in body.get("required", []) if k in sections]
    if kind == "tables":  # each table file holds some of the sections
        body.pop("required", None)
    body["title"] = f"{system} {kind} file"
    return {"$schema": DRAFT, **body}


def _campaign(system: str | None) -> dict[str, Any]:
    from gmtool.games import GAMES

    content: dict[str, Any] = {"type": "object"}
    defs: dict[str, Any] = {}
    if system is not None:
        tables = _kind(system, "tables")
        defs = tables.pop("$defs", {})
        tables.pop("$schema", None)
        content = _optional(tables)
        defs = {name: _optional(body) for name, body in defs.items()}
    doc: dict[str, Any] = {
        "$schema": DRAFT,
        "title": f"{system or 'gmtool'} campaign file",
        "type": "object",
        "properties": {
            "system": {"enum": [system] if system else list(GAMES)},
            "name": {"type": "string"},
            "description": {"type": "string"},
            "options": {"type": "object"},
            "content": content,
        },
        "required": ["system"],
        "additionalProperties": False,
    }
    if defs:
        doc["$defs"] = defs
    return doc


def _optional(body: Any) -> Any:
    """``body`` with nothing required anywhere in it (a campaign's overrides)."""
    if isinstance(body, dict):
        return {k: _optional(v) for k, v in body.items() if k != "required"}
    if isinstance(body, list):
        return [_optional(item) for item in body]
    return body


SPECIAL_FILES = {
    "tables/originem/missions.yaml": ("mission", "originem"),
    "tables/originem/enemies.yaml": ("enemy-list", "originem"),
    "tables/starships/enemies.yaml": ("enemy-list", "starships"),
    "tables/zauberer/board.yaml": ("board", "zauberer"),
}
"""The packaged files of a kind of their own; the others of ``tables/GAME/`` are the
game's ``tables``, those of ``scenes/originem/`` scene tables."""


def kind_of_packaged(relative: str, data: Any) -> tuple[str, str] | None:
    """(kind, game) of a packaged YAML file, by its path under the root (and, for a file
    in ``campaigns/``, its keys: a campaign file names its system, a ship file has rooms)."""
    parts = relative.split("/")
    if relative in SPECIAL_FILES:
        return SPECIAL_FILES[relative]
    if parts[0] == "tables" and len(parts) == 3:
        return ("tables", parts[1])
    if parts[0] == "scenes" and len(parts) == 3 and parts[1] == "originem":
        return ("scene-table", "originem")
    if parts[0] == "campaigns" and isinstance(data, dict):
        if "system" in data:
            return (CAMPAIGN, str(data["system"]))
        if "rooms" in data:
            return ("ship", "ftl")
    return None


def header(relative: str, kind: str, system: str) -> str:
    """The line that names a packaged file's schema, relative to the file."""
    up = "../" * (relative.count("/"))
    return f"# yaml-language-server: $schema={up}schemas/{file_name(kind, system)}"


def write_all(folder: Any) -> list[str]:
    """Write every schema into ``folder`` (a checkout's ``schemas/``); the names written.
    Run ``python -m gmtool.content.jsonschema`` after changing a content model."""
    import json
    from pathlib import Path

    written = []
    for kind, systems in kinds().items():
        for system in systems:
            name = file_name(kind, system)
            text = json.dumps(schema(kind, system), indent=2, ensure_ascii=False) + "\n"
            (Path(folder) / name).write_text(text, encoding="utf-8")
            written.append(name)
    return written


if __name__ == "__main__":
    from gmtool.content.paths import packaged

    for written in write_all(packaged("schemas")):
        print(f"schemas/{written}")
