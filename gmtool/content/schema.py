"""Validate YAML data against a pydantic model; every problem becomes ``file:line: field: message``.

pydantic is imported here, so only commands that read content pay for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gmtool.content.yamlfile import Document
from gmtool.errors import ContentError

M = TypeVar("M", bound=BaseModel)


class Model(BaseModel):
    """Base for content models: unknown keys are errors (a typo should not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def validate(model: type[M], data: Any, sources: Sequence[Document]) -> M:
    """Build ``model`` from ``data``; raise ContentError listing every problem with its line.

    ``sources`` are the documents ``data`` came from, most specific (overrides) first.
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ContentError([_describe(e, sources) for e in error.errors()]) from None


def _describe(error: Any, sources: Sequence[Document]) -> str:
    loc = tuple(error["loc"])
    field = ".".join(str(part) for part in loc) or "(top)"
    where = sources[0].path if sources else "content"
    # The first document that holds the problem's top-level key is where it comes from
    # (content may span several files, and a campaign's overrides come first).
    holders = [doc for doc in sources if not loc or loc[:1] in doc.lines] or list(sources[:1])
    for doc in holders:
        line = doc.line_of(loc)
        if line is not None:
            where = f"{doc.path}:{line}"
            break
    message = error["msg"]
    if error["type"] == "extra_forbidden":
        message = "unknown field (check its spelling)"
    return f"{where}: {field}: {message}"
