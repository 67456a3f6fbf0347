"""YAML files read safely, remembering the line of every key so errors can name it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gmtool.errors import ContentError

Loc = tuple[str | int, ...]


@dataclass
class Document:
    """A parsed YAML file: its data and the 1-based line of each key path."""

    path: str
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Sequence[str | int]) -> int | None:
        """The line of the deepest known part of ``loc`` (None if the file lacks it)."""
        for end in range(len(loc), -1, -1):
            line = self.lines.get(tuple(loc[:end]))
            if line is not None:
                return line
        return None


@cache
def _loader_class() -> Any:
    """The safe loader (C when present) that also refuses a key given twice in one mapping:
    plain YAML keeps the last one silently, hiding a designer's slip."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            _refuse_duplicate_keys(node)
            return super().construct_mapping(node, deep=deep)

    return Loader


def _refuse_duplicate_keys(node: Any) -> None:
    """Raise a YAML error at the second of two equal keys; merged keys (``<<``) may be
    given again, which is what a merge is for."""
    import yaml

    first: dict[tuple[str, str], int] = {}
    for key_node, _ in node.value:
        if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
            continue
        key = (key_node.tag, key_node.value)
        if key in first:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping",
                node.start_mark,
                f"duplicate key '{key_node.value}' (first on line {first[key]})",
                key_node.start_mark,
            )
        first[key] = key_node.start_mark.line + 1


def parse_yaml(text: str, path: str) -> Document:
    """Parse YAML text with a safe loader; raises ContentError naming ``path:line``."""
    import yaml

    loader = _loader_class()(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise ContentError([f"{path}{line}: malformed YAML: {problem}"]) from None
    finally:
        loader.dispose()
    lines = _record_lines(node, path) if node is not None else {}
    return Document(path, data, lines)


def load_yaml(path: Path) -> Document:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ContentError([f"{path}: cannot read: {error.strerror}"]) from None
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        raise ContentError(
            [f"{path}: cannot read: not UTF-8 text (byte 0x{byte:02x} at offset {error.start})"]
        ) from None
    return parse_yaml(text, str(path))


MAX_VALUES = 100_000
"""The most values a YAML file may hold once its aliases are expanded (a real content file
holds a few hundred; nine aliases nested nine deep would hold 387 million)."""


def _record_lines(root: Any, path: str) -> dict[Loc, int]:
    """The line of every key path, walking the node tree as the data will be walked (each
    alias expanded). A loop of aliases, or a tree too big to walk, is a ContentError."""
    import yaml

    lines: dict[Loc, int] = {}
    holding: set[int] = set()  # the nodes between the root and the one being walked
    todo: list[tuple[Any, Loc] | int] = [(root, ())]  # an int: done with that node
    walked = 0
    while todo:
        item = todo.pop()
        if isinstance(item, int):
            holding.discard(item)
            continue
        node, loc = item
        line = node.start_mark.line + 1
        if id(node) in holding:
            raise ContentError([f"{path}:{line}: malformed YAML: an alias refers back to itself"])
        walked += 1
        if walked > MAX_VALUES:
            raise ContentError(
                [
                    f"{path}: malformed YAML: more than {MAX_VALUES:,} values once its aliases are"
                    " expanded"
                ]
            )
        lines.setdefault(loc, line)
        if isinstance(node, yaml.MappingNode):
            children = []
            for key_node, value_node in node.value:
                key = key_node.value
                lines[(*loc, key)] = key_node.start_mark.line + 1
                children.append((value_node, (*loc, key)))
        elif isinstance(node, yaml.SequenceNode):
            children = [(child, (*loc, index)) for index, child in enumerate(node.value)]
        else:
            continue
        holding.add(id(node))
        todo.append(id(node))
        todo.extend(reversed(children))
    return lines


def deep_merge(base: Any, override: Any) -> Any:
    """Lay ``override`` over ``base``: mappings merge key by key, anything else is replaced."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            merged[key] = deep_merge(base[key], value) if key in base else value
        return merged
    return override


class Overrides(dict[str, Any]):
    """A campaign file's ``content:`` mapping that remembers the file it came from, so a
    system can name ``file:line`` for a problem in it (see ``overrides_document``)."""

    def __init__(self, data: dict[str, Any], document: Document | None = None) -> None:
        super().__init__(data)
        self.document = document


def overrides_document(overrides: Any) -> Document:
    """The overrides as a Document keyed like the content itself (no ``content`` prefix):
    the campaign file's lines when known, else a Document named "campaign content"."""
    document = getattr(overrides, "document", None)
    if document is None:
        return Document("campaign content", dict(overrides))
    prefix: Loc = ("content",)
    lines = {
        loc[len(prefix) :]: line
        for loc, line in document.lines.items()
        if loc[: len(prefix)] == prefix and len(loc) > len(prefix)
    }
    return Document(document.path, dict(overrides), lines)
