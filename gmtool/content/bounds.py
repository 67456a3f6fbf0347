"""The bound on every number content and a campaign file's options can set.

A number past what any table could mean (a track a billion steps long, a deck of a
trillion cards) is not a setting but a slip, and the rules that loop over it would hang:
so before a model validates its data, every number in it is held to ``MAX_SETTING``, and
each one past it is a problem named ``file:line: field``. A model field that needs a
tighter bound the rules rely on says so itself (``Field(le=...)``). The packaged tables'
largest number is 2,100 (an FTL ship budget).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from gmtool.content.yamlfile import Document, Loc

MAX_SETTING = 1_000_000
"""The largest size of any number in content or a campaign file's options."""
UNBOUNDED = ("seed",)
"""Options that are not sizes: a seed is any 64-bit number."""


def out_of_bounds(data: Any, loc: Loc = ()) -> Iterator[tuple[Loc, Any]]:
    """(where, the number) for each number in ``data`` past MAX_SETTING, keys included; a
    number that is not finite is past it too."""
    todo: list[tuple[Any, Loc]] = [(data, loc)]
    while todo:
        value, where = todo.pop()
        if isinstance(value, dict):
            for key, inner in value.items():
                if _past(key):
                    yield (*where, key), key
                if key not in UNBOUNDED:
                    todo.append((inner, (*where, key)))
        elif isinstance(value, list | tuple):
            todo.extend((inner, (*where, index)) for index, inner in enumerate(value))
        elif _past(value):
            yield where, value


def _past(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return not math.isfinite(value) or abs(value) > MAX_SETTING


def bound_problems(data: Any, sources: Sequence[Document], prefix: Loc = ()) -> list[str]:
    """``file:line: field: ...`` for each number of ``data`` past the bound; ``sources``
    the documents it came from (most specific first), ``prefix`` where ``data`` sits in
    them (``("options",)`` in a campaign file)."""
    problems = []
    for where, value in out_of_bounds(data):
        place = ".".join(str(part) for part in where) or "(top)"
        located = (*prefix, *where)
        text = "content"
        for document in sources:
            line = document.line_of(located) if located[:1] in document.lines else None
            if line is not None:
                text = f"{document.path}:{line}"
                break
        else:
            if sources:
                text = sources[0].path
        problems.append(
            f"{text}: {'.'.join(str(p) for p in prefix) + '.' if prefix else ''}{place}:"
            f" {value} is past {MAX_SETTING:,}, the largest number any setting may be"
        )
    return problems
