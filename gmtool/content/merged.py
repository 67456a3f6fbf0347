"""The usual way content is read: a system's files merged in order, a campaign's
overrides laid over them, the result validated against the system's model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.content.schema import validate
from gmtool.content.yamlfile import Document, deep_merge, load_yaml, overrides_document
from gmtool.errors import ContentError

if TYPE_CHECKING:
    from gmtool.content.cache import ContentSpec


def merge_and_validate(spec: ContentSpec[Any], overrides: Mapping[str, Any]) -> Any:
    """Each file holds its own top-level sections; problems name the file and line that
    hold them, the campaign's overrides first."""
    documents: list[Document] = [load_yaml(path) for path in spec.paths()]
    data: dict[str, Any] = {}
    for document in documents:
        data = deep_merge(data, document.data or {})
        # Without its root line, a file claims only the sections it really holds.
        document.lines.pop((), None)
    if overrides:
        data = deep_merge(data, dict(overrides))
    sources = [overrides_document(overrides), *documents]
    content = validate(spec.model, data, sources)
    problems = spec.check(content, sources) if spec.check is not None else []
    if problems:
        raise ContentError(problems)
    return content
