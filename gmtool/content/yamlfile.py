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
            if not isinstance(node, yaml.MappingNode):  # ``!!map [1]``
                raise yaml.constructor.ConstructorError(
                    None, None, f"expected a mapping, not a {node.id}", node.start_mark
                )
            _refuse_duplicate_keys(node)
            return super().construct_mapping(node, deep=deep)

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            """A tag on a value that cannot be what it says (``!!timestamp soon``,
            ``!!float nope``, ``!!int 12abc``, ``!!set [1]``) is a YAML error at its line."""
            try:
                return super().construct_object(node, deep=deep)
            except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
                shown = node.value if isinstance(node.value, str) else "this value"
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"{node.tag.rsplit(':', 1)[-1]} cannot hold {shown[:40]!r} ({error})",
                    node.start_mark,
                ) from None

    Loader.add_constructor("tag:yaml.org,2002:int", _bounded_int)
    Loader.add_constructor("tag:yaml.org,2002:float", _bounded_float)
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
        # The lines are walked first, without recursion: a nesting too deep is refused
        # there, before the recursive construction meets it.
        lines = _record_lines(node, path) if node is not None else {}
        data = loader.construct_document(node) if node is not None else None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
        # a tagged value whose construction fails after its node was read (a generator's
        # second half): no line is known then
        raise ContentError([f"{path}: malformed YAML: {error}"]) from None
    except RecursionError:
        raise ContentError(
            [f"{path}: malformed YAML: nested more than {MAX_DEPTH} levels deep"]
        ) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise ContentError([f"{path}{line}: malformed YAML: {problem}"]) from None
    finally:
        loader.dispose()
    return Document(path, data, lines)


def load_yaml(path: Path) -> Document:
    text = read_limited_text(path)
    count_values_while_reading(text, str(path))
    return parse_yaml(text, str(path))


# -- limits on what is read ------------------------------------------------------------
# A content file is a few kilobytes; these bounds keep a hostile or mistaken one (a 50 MB
# list, a number of 5,000 digits) from taking minutes and gigabytes before it is refused.

MAX_BYTES = 1_048_576
"""The largest YAML file read (the biggest packaged one is under 20 KB)."""
MAX_INT_DIGITS = 20
"""The most digits of a whole number in YAML (a 64-bit seed has 20)."""
MAX_FLOAT = 1e15
"""The largest size of a number with a fraction in YAML."""


def read_limited_text(path: Path) -> str:
    """The UTF-8 text of ``path``, reading at most MAX_BYTES: a larger file, one that
    cannot be read (missing, a folder, a name too long) or is not UTF-8 is a ContentError
    naming it."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise ContentError([f"{path_text(path)}: cannot read: {error.strerror or error}"]) from None
    if len(data) > MAX_BYTES:
        raise ContentError(
            [f"{path_text(path)}: too large: content files are read up to {MAX_BYTES:,} bytes"]
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = data[error.start]
        raise ContentError(
            [
                f"{path_text(path)}: cannot read: not UTF-8 text (byte 0x{byte:02x} at offset"
                f" {error.start})"
            ]
        ) from None


def kind_of(path: Path) -> str | None:
    """``"file"``, ``"folder"`` or None (nothing there); a path the system cannot look up (a
    name too long, a loop of links) is a ContentError naming it."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno in (2, 20):  # missing, or a part of it is not a folder
            return None
        raise ContentError([f"{path_text(path)}: cannot read: {error.strerror or error}"]) from None
    except ValueError:  # a NUL byte in the path
        raise ContentError([f"{path_text(path)}: cannot read: not a usable path"]) from None
    return "folder" if stat.S_ISDIR(mode) else "file"


def path_text(path: Path | str) -> str:
    """A path as an error names it: a very long one is shortened in the middle."""
    text = str(path)
    return text if len(text) <= 120 else f"{text[:60]}...{text[-40:]}"


def count_values_while_reading(text: str, path: str) -> None:
    """Refuse a file of more than MAX_VALUES values as its parser meets them, before any is
    built. A file shorter than that many characters cannot hold that many (aliases aside,
    which the walk in ``_record_lines`` counts), so only a big file pays for this pass."""
    if len(text) <= MAX_VALUES:
        return
    import yaml

    loader = _loader_class()(text)
    seen = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            # Keys are scalars too: a mapping's key and value count as one value.
            if isinstance(event, yaml.NodeEvent):
                seen += 1
                if seen > 2 * MAX_VALUES:
                    raise ContentError(
                        [f"{path}: malformed YAML: more than {MAX_VALUES:,} values in one file"]
                    )
    except yaml.YAMLError:
        return  # parse_yaml reports the same problem with its line
    finally:
        loader.dispose()


def _bounded_int(loader: Any, node: Any) -> Any:
    """YAML's own reading of a whole number, refused past MAX_INT_DIGITS digits (Python
    would take seconds over a million, and refuse 4,300 when printing it)."""
    import yaml

    if sum(char.isalnum() for char in node.value) > MAX_INT_DIGITS + 2:  # "0x" and digits
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of more than {MAX_INT_DIGITS} digits", node.start_mark
        )
    return loader.construct_yaml_int(node)


def _bounded_float(loader: Any, node: Any) -> Any:
    """YAML's own reading of a number with a fraction, refused when not finite (``.inf``,
    ``.nan``) or larger than MAX_FLOAT, where no count, length or chance lies."""
    import math

    import yaml

    value = loader.construct_yaml_float(node)
    if not math.isfinite(value) or abs(value) > MAX_FLOAT:
        raise yaml.constructor.ConstructorError(
            None,
            None,
            f"the number {node.value} is not finite or is larger than {MAX_FLOAT:.0e}",
            node.start_mark,
        )
    return value


MAX_DEPTH = 64
"""The deepest nesting of mappings and lists a YAML file may have (the packaged files go
six deep; a thousand would overflow the stack of whatever walks them)."""
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
        if len(loc) > MAX_DEPTH:
            raise ContentError(
                [f"{path}:{line}: malformed YAML: nested more than {MAX_DEPTH} levels deep"]
            )
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
