"""``campaign show`` for people: one row per fact, the options written out as text."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

LABELS = {
    "name": "name",
    "system": "system",
    "created": "created",
    "entries": "log entries",
    "path": "file",
}


def campaign_table(doc: dict[str, Any]) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, label in LABELS.items():
        table.add_row(label, Text(str(doc[key])))
    options = doc.get("options") or {}
    for key, value in options.items():
        table.add_row(str(key), Text("\n".join(_lines(value))))
    return table


def _lines(value: Any) -> list[str]:
    """A value as lines of text: a list one item a line, a mapping as ``key: value``."""
    if isinstance(value, dict):
        return [f"{key}: {_inline(item)}" for key, item in value.items()] or ["(none)"]
    if isinstance(value, list):
        if all(not isinstance(item, dict | list) for item in value):
            return [", ".join(str(item) for item in value) or "(none)"]
        return [_inline(item) for item in value]
    return [_inline(value)]


def _inline(value: Any) -> str:
    """A value on one line: a crew member as ``Pierre (class: combat_specialist)``."""
    if isinstance(value, dict):
        name = value.get("name")
        rest = ", ".join(f"{k}: {_inline(v)}" for k, v in value.items() if k != "name")
        if name is not None:
            return f"{name} ({rest})" if rest else str(name)
        return rest or "(none)"
    if isinstance(value, list):
        return ", ".join(_inline(item) for item in value) or "(none)"
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
