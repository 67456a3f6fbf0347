"""Load Originem's packaged YAML, lay a campaign's ``content:`` over it, validate it.

Packaged files: ``tables/originem/{classes,enemies,missions,nova,rules}.yaml`` (each under
its own top key) and one scene table per file in ``scenes/originem/`` (the file's stem is
the scene type). A campaign's overrides have the same shape:
``{"missions": {...}, "scenes": {"exploration": {...}}, ...}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from gmtool.content.paths import packaged
from gmtool.content.schema import Model, validate
from gmtool.content.yamlfile import Document, Loc, deep_merge, load_yaml, parse_yaml
from gmtool.errors import ContentError
from gmtool.games.originem.rules.checks import band_problems, cross_check
from gmtool.games.originem.rules.models import (
    ClassesFile,
    EnemiesFile,
    MissionsFile,
    NovaFile,
    OriginemContent,
    RulesFile,
    ScenesSection,
)

_UNFILED = "campaign content"

SECTIONS: dict[str, type[Model]] = {
    "classes": ClassesFile,
    "enemies": EnemiesFile,
    "missions": MissionsFile,
    "nova": NovaFile,
    "rules": RulesFile,
}


def table_paths() -> dict[str, Path]:
    """Section name -> its packaged YAML file."""
    return {name: packaged("tables", "originem", f"{name}.yaml") for name in SECTIONS}


def scene_paths() -> dict[str, Path]:
    """Scene type -> its packaged table file."""
    folder = packaged("scenes", "originem")
    return {path.stem: path for path in sorted(folder.glob("*.yaml"))}


@lru_cache(maxsize=1)
def _packaged_documents() -> tuple[dict[str, Document], dict[str, Document]]:
    tables = {name: load_yaml(path) for name, path in table_paths().items()}
    scenes = {name: load_yaml(path) for name, path in scene_paths().items()}
    return tables, scenes


def rebase(doc: Document, old: Loc, new: Loc) -> Document:
    """The part of ``doc`` under ``old``, its lines re-keyed under ``new`` (no root line,
    so a document only claims the keys it really holds)."""
    lines: dict[Loc, int] = {}
    for loc, line in doc.lines.items():
        if loc[: len(old)] == old:
            rest = loc[len(old) :]
            for end in range(1, len(new) + 1):
                lines.setdefault(new[:end], line)
            lines[new + rest] = line
    lines.pop((), None)
    return Document(doc.path, doc.data, lines)


def load_content(overrides: Mapping[str, Any] | Document | None = None) -> OriginemContent:
    """The packaged content with ``overrides`` (a campaign's ``content:``) laid over it.

    ``overrides`` may be the campaign file's Document, so problems name its lines.
    """
    campaign: Document | None = None
    file_document = getattr(overrides, "document", None)  # content.yamlfile.Overrides
    if isinstance(file_document, Document):
        overrides = file_document
    if isinstance(overrides, Document):
        campaign = overrides
        overrides = _content_of(overrides.data)
    elif overrides:
        campaign = _as_document(overrides)
    overrides = dict(overrides or {})
    tables, scene_docs = _packaged_documents()
    unknown_keys = sorted(set(overrides) - set(SECTIONS) - {"scenes"})
    if unknown_keys:
        valid = ", ".join([*SECTIONS, "scenes"])
        raise ContentError(
            [
                f"{_where(campaign, ('content', key))}content.{key}: unknown section "
                f"(valid: {valid})"
                for key in unknown_keys
            ]
        )

    merged: dict[str, Any] = {}
    sources: dict[Loc, list[Document]] = {}
    problems: list[str] = []
    for name, model in SECTIONS.items():
        data = deep_merge(tables[name].data, {name: overrides[name]} if name in overrides else {})
        docs = _sources(campaign, (name,), rebase(tables[name], (), ()))
        sources[(name,)] = docs
        merged[name] = _validated(model, data, docs, problems, name)
    scene_overrides = overrides.get("scenes") or {}
    if not isinstance(scene_overrides, Mapping):
        raise ContentError(
            [
                f"{_where(campaign, ('content', 'scenes'))}content.scenes: "
                "must be a mapping of scene type to table"
            ]
        )
    merged["scenes"] = {}
    for scene in sorted(set(scene_docs) | set(scene_overrides)):
        base = scene_docs[scene].data if scene in scene_docs else {}
        data = deep_merge(base, scene_overrides.get(scene, {}))
        packaged_docs = [rebase(scene_docs[scene], (), ("scenes", scene))] if base else []
        docs = _sources(campaign, ("scenes", scene), *packaged_docs)
        sources[("scenes", scene)] = docs
        table = _validated(ScenesSection, {"scenes": {scene: data}}, docs, problems, "scenes")
        if table is not None:
            merged["scenes"][scene] = table[scene]
    if problems:
        # The scene tables that did validate can still be checked band by band.
        problems += band_problems(merged["scenes"], sources)
        raise ContentError(_without_made_up_lines(problems))
    content = OriginemContent(**merged)
    cross_problems = cross_check(content, sources)
    if cross_problems:
        raise ContentError(_without_made_up_lines(cross_problems))
    return content


def _where(campaign: Document | None, loc: Loc) -> str:
    """``file:line: `` of ``loc`` in the campaign file, when the file is known."""
    if campaign is None or campaign.path == _UNFILED:
        return ""
    return f"{campaign.path}:{campaign.line_of(loc) or 1}: "


def _as_document(overrides: Mapping[str, Any]) -> Document:
    """Overrides given without their file, so problems in them can still be told apart
    from problems in the packaged files (their made-up lines are dropped afterwards)."""
    import yaml

    text = yaml.safe_dump({"content": dict(overrides)}, sort_keys=False)
    return parse_yaml(text, _UNFILED)


def _without_made_up_lines(problems: list[str]) -> list[str]:
    """``campaign content:7: missions.x: ...`` -> ``content.missions.x: ...`` (the path in
    the campaign file)."""
    pattern = re.compile(rf"^{re.escape(_UNFILED)}:\d+: ")
    return [pattern.sub("content.", problem) for problem in problems]


def _content_of(data: Any) -> Mapping[str, Any]:
    if isinstance(data, Mapping) and isinstance(data.get("content"), Mapping):
        content: Mapping[str, Any] = data["content"]
        return content
    return {}


def _sources(campaign: Document | None, loc: Loc, *packaged_docs: Document) -> list[Document]:
    docs: list[Document] = []
    if campaign is not None:
        part = rebase(campaign, ("content", *loc), loc)
        if part.lines:
            docs.append(part)
    docs.extend(packaged_docs)
    return docs


def _validated(
    model: type[Model], data: Any, docs: list[Document], problems: list[str], key: str
) -> Any:
    try:
        return getattr(validate(model, data, docs), key)
    except ContentError as error:
        problems.extend(error.problems)
        return None
