"""Campaign files: ``system``, optional ``name``, ``options`` and ``content`` mappings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.content.yamlfile import Document, Overrides
from gmtool.errors import ContentError, UsageError

ALLOWED_KEYS = ("content", "description", "name", "options", "system")
TEXT_KEYS = {"system": "the name of a system, e.g. originem", "name": "text", "description": "text"}


def resolve_campaign_file(path: Path) -> Path:
    """``path`` itself, else the bundled campaign file of that name (so
    ``--from campaigns/originem-demo.yaml`` or ``--from originem-demo`` work anywhere). A
    path into any other folder is never swapped for a bundled file: a typo in the folder
    would otherwise start the demo instead of the GM's own copy."""
    from gmtool.content.paths import packaged
    from gmtool.content.yamlfile import kind_of, path_text

    try:
        if kind_of(path) == "file":
            return path
    except ContentError as error:
        raise UsageError(error.problems[0], hint="check the path of the campaign file") from None
    if not path.is_absolute() and path.parent in (Path("."), Path("campaigns")):
        for name in (path.name, f"{path.name}.yaml"):
            bundled = packaged("campaigns", name)
            if bundled.is_file():
                return bundled
    bundled_names = sorted(p.stem for p in packaged("campaigns").glob("*.yaml"))
    raise UsageError(
        f"campaign file '{path_text(path)}' does not exist",
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
    for key, kind in TEXT_KEYS.items():
        if key in data and not isinstance(data[key], str):
            line = doc.line_of((key,)) or 1
            raise ContentError([f"{path}:{line}: {key}: must be {kind} (in quotes if need be)"])
    data["content"] = Overrides(data.get("content") or {}, doc)
    return data


def read_campaign_file_of(path: Path, system: str) -> dict[str, Any]:
    """``read_campaign_file`` for a command of one system: a file that plays another system
    is refused with one line (its content would only fail as unknown fields)."""
    from gmtool.content.yamlfile import path_text

    data = read_campaign_file(path)
    if data.get("system") != system:
        raise UsageError(
            f"{path_text(path)} plays {data.get('system') or 'no system'}, not {system}",
            hint=f"name a campaign file with 'system: {system}'",
        )
    return data


def locate_problem(document: Document | None, problem: str) -> str:
    """``options.party.Ana: row: ...`` -> ``file:line: options.party.Ana: row: ...`` when the
    campaign file holds that path (problems from a system's options or content name their
    place as a dotted path, since the system sees plain mappings)."""
    if document is None or names_a_file(problem):
        return problem
    parts = problem.split(": ")
    if not parts[0].startswith(("options", "content")):
        return problem
    loc: list[str | int] = [int(p) if p.isdigit() else p for p in parts[0].split(".")]
    candidates = [loc + [parts[1]], loc] if len(parts) > 2 else [loc]
    for candidate in candidates:
        line = document.lines.get(tuple(candidate))
        if line is not None:
            return f"{document.path}:{line}: {problem}"
    line = document.line_of(loc)
    return f"{document.path}:{line}: {problem}" if line else f"{document.path}: {problem}"


def names_a_file(problem: str) -> bool:
    """Whether a problem already starts with its ``file:line``."""
    first = problem.split(": ", 1)[0]
    return first.rsplit(":", 1)[0].endswith((".yaml", ".yml"))
