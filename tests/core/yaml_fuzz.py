"""Campaign files to fuzz gmtool's content with: a packaged campaign file of a game, with
values anywhere in its options or in its game's tables (laid over as content) replaced by
what a campaign file should never hold: the wrong type, a huge or odd number, a tag on
text that does not fit it (``!!timestamp``, ``!!float``...), nesting a thousand deep."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("originem", "foodfight", "astral", "starships", "zauberer", "ftl")

TAGGED = [
    "!!timestamp not-a-date",
    "!!timestamp 2024-13-45",
    "!!timestamp 2024-01-01",
    "!!float nope",
    "!!float 1e999",
    "!!float .nan",
    "!!int 0x",
    "!!int 12abc",
    "!!bool maybe",
    "!!null text",
    "!!binary '!!!'",
    "!!set {a, b}",
    "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1]",
    "!!str 5",
    "!!python/object:os.system {}",
    "!!map [1]",
    "!!seq {a: 1}",
    "&a [*a]",
]
NUMBERS = [
    10**9,
    10**18,
    -(10**18),
    2**63,
    -(2**63),
    10**19,
    99999999999999999999,
    1e308,
    -1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    -0.0,
    1e-300,
    0.5,
    -1,
    0,
    1,
    2,
    7,
]
ODD = [None, True, False, "", "text", "7", [], {}, [7], {"a": 1}, [[]], [None], {"": None}]


@cache
def campaign_files() -> dict[str, dict[str, Any]]:
    """Each game's packaged campaign files, parsed."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted((ROOT / "campaigns").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "system" in data:  # not a ship file (ftl-red)
            found[path.stem] = data
    return found


@cache
def tables(game: str) -> dict[str, Any]:
    """The game's packaged tables merged into one mapping (the shape of its content)."""
    merged: dict[str, Any] = {}
    for path in sorted((ROOT / "tables" / game).rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            merged.update(data)
    return merged


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (mapping keys and list indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:4]):
            found += paths(inner, (*prefix, index))
    return found


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def replacement() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(ODD),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(TAGGED).map(lambda tag: Tagged(tag)),
        st.integers(900, 1100).map(lambda depth: Tagged(nested(depth))),
        st.integers(900, 1000).map(lambda depth: Tagged("{a: " * depth + "1" + "}" * depth)),
    )


class Tagged:
    """YAML text put in place as it is (a tag, a deep nesting), not as a quoted string."""

    def __init__(self, text: str) -> None:
        self.text = text


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        copy = dict(data)
        copy[head] = set_at(data.get(head), tuple(rest), value)
        return copy
    if isinstance(data, list) and isinstance(head, int) and head < len(data):
        copy_list = list(data)
        copy_list[head] = set_at(data[head], tuple(rest), value)
        return copy_list
    return {head: set_at(None, tuple(rest), value)}


def dump(data: Any) -> str:
    """``data`` as YAML text, each ``Tagged`` value written in as its raw text."""
    raw: dict[str, str] = {}

    def swap(value: Any) -> Any:
        if isinstance(value, Tagged):
            key = f"RAW{len(raw)}RAW"
            raw[key] = value.text
            return key
        if isinstance(value, dict):
            return {swap(k) if isinstance(k, Tagged) else k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    text = yaml.safe_dump(swap(data), sort_keys=False, allow_unicode=True, width=10_000)
    for key, value in raw.items():
        text = text.replace(f"'{key}'", value).replace(key, value)
    return text


@st.composite
def campaign_file(draw: st.DrawFn) -> str:
    """The text of a fuzzed campaign file."""
    name = draw(st.sampled_from(sorted(campaign_files())))
    data: Any = campaign_files()[name]
    game = str(data["system"])
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["options", "content", "top"]))
        if where == "options":
            path = draw(st.sampled_from(paths(data.get("options") or {})))
            data = set_at(data, ("options", *path), draw(replacement()))
        elif where == "content":
            path = draw(st.sampled_from(paths(tables(game))[1:]))
            data = set_at(data, ("content", *path), draw(replacement()))
        else:
            key = draw(st.sampled_from(["system", "name", "options", "content", "description"]))
            data = set_at(data, (key,), draw(replacement()))
    return dump(data)
