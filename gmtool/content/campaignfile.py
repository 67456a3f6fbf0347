"""Campaign files: ``system``, optional ``name``, ``options`` and ``content`` mappings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.content.yamlfile import Overrides
from gmtool.errors import ContentError, UsageError

ALLOWED_KEYS = ("content", "description", "name", "options", "system")


def resolve_campaign_file(path: Path) -> Path:
    """``path`` itself, else the bundled campaign file of that name (so
    ``--from campaigns/originem-demo.yaml`` or ``--from originem-demo`` work anywhere)."""
    from gmtool.content.paths import packaged

    if path.is_file():
        return path
    for name in (path.name, f"{path.name}.yaml"):
        bundled = packaged("campaigns", name)
        if bundled.is_file():
            return bundled
    bundled_names = sorted(p.stem for p in packaged("campaigns").glob("*.yaml"))
    raise UsageError(
        f"campaign file '{path}' does not exist",
        hint=f"check the path, or name a bundled one: {', '.join(bundled_names)}",
    )


def read_campaign_file(path: Path) -> dict[str, Any]:
    """A campaign file: ``system``, optional ``name``, ``options`` and ``content`` mappings."""
    from gmtool.content.yamlfile import load_yaml

    path = resolve_campaign_file(path)
    doc = load_yaml(path)
    data = doc.data
    if not isinstance(data, dict):
        raise ContentError([f"{path}:1: (top): a campaign file is a mapping with 'system:'"])
    for key in data:
        if key not in ALLOWED_KEYS:
            line = doc.line_of((key,)) or 1
            allowed = ", ".join(ALLOWED_KEYS)
            raise ContentError([f"{path}:{line}: {key}: unknown field (allowed: {allowed})"])
    for key in ("options", "content"):
        if not isinstance(data.get(key) or {}, dict):
            line = doc.line_of((key,)) or 1
            raise ContentError([f"{path}:{line}: {key}: must be a mapping"])
    data["content"] = Overrides(data.get("content") or {}, doc)
    return data
