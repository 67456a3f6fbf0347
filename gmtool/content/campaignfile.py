"""Campaign files: ``system``, optional ``name``, ``options`` and ``content`` mappings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.content.yamlfile import Document, Overrides
from gmtool.errors import ContentError, UsageError

ALLOWED_KEYS = ("content", "description", "name", "options", "system")
TEXT_KEYS = {"system": "the name of a system, e.g. originem", "name": "text", "description": "text"}


def resolve_campaign_file(
    path: Path, *, given_as: str = "campaign file", system: str | None = None
) -> Path:
    """``path`` itself, else the bundled campaign file of that name (so
    ``--from campaigns/originem-demo.yaml`` or ``--from originem-demo`` work anywhere). A
    path into any other folder is never swapped for a bundled file: a typo in the folder
    would otherwise start the demo instead of the GM's own copy.

    A missing file is named in the error as ``given_as`` (what the user gave: "the --content
    file"), and the bundled files offered instead are those of ``system`` when it is given."""
    from gmtool.content.paths import packaged
    from gmtool.content.yamlfile import kind_of, path_text

    try:
        kind = kind_of(path)
    except ContentError as error:
        raise UsageError(error.problems[0], hint="check the path of the campaign file") from None
    if kind == "file":
        return path
    if not path.is_absolute() and path.parent in (Path("."), Path("campaigns")):
        for name in (path.name, f"{path.name}.yaml"):
            bundled = packaged("campaigns", name)
            if bundled.is_file():
                return bundled
    if kind == "folder":
        raise UsageError(
            f"{given_as} '{path_text(path)}' is a folder", hint="name a campaign file in it"
        )
    bundled_names = _bundled_campaign_names(system)
    fix = "check the path" if system is None else f"give a campaign file with 'system: {system}'"
    raise UsageError(
        f"{given_as} '{path_text(path)}' does not exist",
        hint=f"{fix}, or name a bundled one: {', '.join(bundled_names) or 'none'}",
    )


def _bundled_campaign_names(system: str | None) -> list[str]:
    """The bundled campaign files' names, only those playing ``system`` when it is given
    (read only to word an error, so reading every file is no cost at the table)."""
    from gmtool.content.paths import packaged
    from gmtool.content.yamlfile import load_yaml

    names = []
    for path in sorted(packaged("campaigns").glob("*.yaml")):
        data = load_yaml(path).data if system is not None else None
        if system is None or (isinstance(data, dict) and data.get("system") == system):
            names.append(path.stem)
    return names


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
    from gmtool.content.bounds import bound_problems

    too_large = bound_problems(data.get("options") or {}, [doc], ("options",))
    if too_large:
        raise ContentError(too_large)
    data["content"] = Overrides(data.get("content") or {}, doc)
    return data


def read_campaign_file_of(
    path: Path, system: str, *, given_as: str = "campaign file"
) -> dict[str, Any]:
    """``read_campaign_file`` for a command of one system: a file that plays another system
    is refused with one line (its content would only fail as unknown fields). A missing
    file is named as ``given_as`` (see ``resolve_campaign_file``)."""
    from gmtool.content.yamlfile import path_text

    data = read_campaign_file(resolve_campaign_file(path, given_as=given_as, system=system))
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
