"""Validate YAML data against a content model; every problem becomes ``file:line: field: message``.

pydantic is imported here, so only a command that validates content pays for it: a
rules command reads content the cache validated before (``gmtool.content.cache``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from gmtool.content.model import Model
from gmtool.content.yamlfile import Document
from gmtool.errors import ContentError

__all__ = ["Model", "validate"]

M = TypeVar("M")

_UNKNOWN_KEY = ("extra_forbidden", "unexpected_keyword_argument")


@cache
def adapter(model: Any) -> TypeAdapter[Any]:
    """pydantic's validator for a content model (built once per process)."""
    return TypeAdapter(model)


def validate(model: type[M], data: Any, sources: Sequence[Document]) -> M:
    """Build ``model`` from ``data``; raise ContentError listing every problem with its line.

    ``sources`` are the documents ``data`` came from, most specific (overrides) first.
    """
    from gmtool.content.bounds import bound_problems

    too_large = bound_problems(data, sources)
    if too_large:
        raise ContentError(too_large)
    try:
        validated: M = adapter(model).validate_python(data)  # type: ignore[arg-type]
    except ValidationError as error:
        raise ContentError([_describe(e, sources) for e in error.errors()]) from None
    return validated


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
    if error["type"] in _UNKNOWN_KEY:
        message = "unknown field (check its spelling)"
    return f"{where}: {field}: {message}"
