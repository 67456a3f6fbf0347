"""The log as a rich table; undone entries are dimmed, struck through and marked "(undone)".

Words are never split: each column is at least as wide as its longest word (to a limit),
the time carries the date when the entries span several days, and the mission and scene
have columns of their own (a fight outside any mission has an empty mission cell). A long
list of dice (``ftl map new`` logs a hundred rolls and more) shows its first rolls and counts
the rest; the exports (md, csv, json) keep every die.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from gmtool.engine.journal import dice_text

LONGEST_WHOLE_WORD = 24
"""A word longer than this may be folded, so one odd name cannot push the table wide."""
DICE_SHOWN = 4
"""Rolls a table cell shows; the others are counted."""
FACES_SHOWN = 12
"""Faces a table cell shows of one roll; the others are counted."""


def log_table(name: str, entries: list[dict[str, Any]], *, note: str | None = None) -> Table:
    dated = len({entry["time"][:10] for entry in entries}) > 1
    rows = [_cells(entry, dated) for entry in entries]
    columns = ["#", "time", "who", "what", "dice", "outcome"]
    # Mission and scene columns only where the system has them (Originem).
    for extra in ("mission", "scene"):
        if any(entry[extra] for entry in entries):
            columns.append(extra)
            for cells, entry in zip(rows, entries, strict=True):
                cells.append(entry[extra])
    table = Table(title=f"log of {name}", box=box.SIMPLE_HEAD, pad_edge=False)
    for index, column in enumerate(columns):
        longest = max((_longest_word(cells[index]) for cells in rows), default=0)
        table.add_column(
            column, overflow="fold", min_width=min(max(longest, len(column)), LONGEST_WHOLE_WORD)
        )
    for cells, entry in zip(rows, entries, strict=True):
        # Text, not markup: names and outcomes are the users' own words ("[/x]" is a name).
        table.add_row(*map(Text, cells), style="dim strike" if entry["voided"] else "")
    if not entries:
        table.caption = "no entries yet"
    elif note:
        table.caption = note
    return table


def _cells(entry: dict[str, Any], dated: bool) -> list[str]:
    time = entry["time"]
    return [
        str(entry["seq"]),
        f"{time[:10]} {time[11:19]}" if dated else time[11:19],
        entry["who"],
        entry["what"],
        dice_cell(entry["dice"]),
        f"{entry['outcome']} (undone)" if entry["voided"] else entry["outcome"],
    ]


def _longest_word(text: str) -> int:
    return max((len(word) for word in text.split()), default=0)


def dice_cell(rolls: list[dict[str, Any]]) -> str:
    """The dice as ``dice_text`` writes them, cut short when there are many: the first
    ``DICE_SHOWN`` rolls (each with at most ``FACES_SHOWN`` faces), then how many more."""
    shown = [_few_faces(roll) for roll in rolls[:DICE_SHOWN]]
    text = dice_text(shown)
    hidden = len(rolls) - len(shown)
    if hidden:
        text += f"; … {hidden} more rolls"
    if hidden or shown != rolls[: len(shown)]:
        text += " (all: log --format json)"
    return text


def _few_faces(roll: dict[str, Any]) -> dict[str, Any]:
    dice = roll.get("dice") or []
    if len(dice) <= FACES_SHOWN:
        return roll
    # The count stands in the place of the faces left out, as one more "face".
    return {**roll, "dice": [*dice[:FACES_SHOWN], {"face": f"… {len(dice) - FACES_SHOWN} more"}]}
