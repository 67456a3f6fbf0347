"""The log as a rich table; undone entries are dimmed and struck through."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from gmtool.engine.journal import dice_text


def log_table(name: str, entries: list[dict[str, Any]]) -> Table:
    table = Table(title=f"log of {name}", show_lines=False)
    for column in ("#", "time", "who", "what", "dice", "outcome", "mission"):
        table.add_column(column, overflow="fold")
    for entry in entries:
        style = "dim strike" if entry["voided"] else ""
        table.add_row(
            str(entry["seq"]),
            entry["time"][11:19],
            entry["who"],
            entry["what"],
            dice_text(entry["dice"]),
            entry["outcome"],
            entry["mission"] or entry["scene"],
            style=style,
        )
    if not entries:
        table.caption = "no entries yet"
    return table
