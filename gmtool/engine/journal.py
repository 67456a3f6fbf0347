"""The log as text: dice summaries and the csv and markdown exports."""

from __future__ import annotations

import csv
import io
from typing import Any

COLUMNS = ("seq", "time", "who", "what", "dice", "outcome", "mission", "scene", "voided")


def dice_text(rolls: list[dict[str, Any]]) -> str:
    """``Pierre 1d10 [7]; 1d6! [6!,2] entered`` — every roll with its faces and source."""
    parts = []
    for roll in rolls:
        faces = ",".join(_face_text(die) for die in roll["dice"])
        who = f"{roll['who']} " if roll.get("who") else ""
        source = " entered" if roll.get("source") == "entered" else ""
        unused = f" not counted: {roll['not_counted']}" if roll.get("not_counted") else ""
        parts.append(f"{who}{roll['expression']} [{faces}]{source}{unused}")
    return "; ".join(parts)


def _face_text(die: dict[str, Any]) -> str:
    """``6!`` for a die that exploded, ``~2~`` for one dropped or rerolled (as ``roll`` shows)."""
    text = f"{die['face']}{'!' if die.get('exploded') else ''}"
    return text if die.get("kept", True) else f"~{text}~"


def row(entry: dict[str, Any]) -> list[str]:
    values = dict(entry, dice=dice_text(entry["dice"]), voided="yes" if entry["voided"] else "")
    return [str(values[c]) for c in COLUMNS]


def to_csv(entries: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for entry in entries:
        writer.writerow(row(entry))
    return out.getvalue()


def to_markdown(name: str, entries: list[dict[str, Any]]) -> str:
    """A campaign journal: a heading and one table row per entry; undone rows struck."""
    lines = [f"# Campaign journal: {name}", "", "| " + " | ".join(COLUMNS) + " |"]
    lines.append("|" + "---|" * len(COLUMNS))
    for entry in entries:
        cells = [_markdown_cell(cell) for cell in row(entry)]
        if entry["voided"]:
            cells = [f"~~{c}~~" if c else c for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _markdown_cell(text: str) -> str:
    """Text that stays inside its cell: backslashes and pipes escaped, line breaks as
    ``<br>`` (a bare newline would end the table row)."""
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    return "<br>".join(text.splitlines())
