"""The log as a rich table; undone entries are dimmed, struck through and marked "(undone)"."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from gmtool.engine.journal import dice_text


def log_table(name: str, entries: list[dict[str, Any]]) -> Table:
    # A mission/scene column only where the system has them (Originem).
    placed = any(entry["mission"] or entry["scene"] for entry in entries)
    columns = ["#", "time", "who", "what", "dice", "outcome"] + (["mission"] if placed else [])
    table = Table(title=f"log of {name}", show_lines=False)
    for column in columns:
        table.add_column(column, overflow="fold")
    for entry in entries:
        cells = [
            str(entry["seq"]),
            entry["time"][11:19],
            entry["who"],
            entry["what"],
            dice_text(entry["dice"]),
            f"{entry['outcome']} (undone)" if entry["voided"] else entry["outcome"],
        ]
        if placed:
            cells.append(entry["mission"] or entry["scene"])
        # Text, not markup: names and outcomes are the users' own words ("[/x]" is a name).
        table.add_row(*map(Text, cells), style="dim strike" if entry["voided"] else "")
    if not entries:
        table.caption = "no entries yet"
    return table
