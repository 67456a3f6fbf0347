"""YAML files read safely, remembering the line of every key so errors can name it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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


def _loader_class() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    lines: dict[Loc, int] = {}
    if node is not None:
        _record_lines(node, (), lines)
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


def _record_lines(node: Any, loc: Loc, lines: dict[Loc, int]) -> None:
    import yaml

    lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            lines[(*loc, key)] = key_node.start_mark.line + 1
            _record_lines(value_node, (*loc, key), lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(item, (*loc, index), lines)


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
