"""Text for people without rich: lines of styled spans, written straight to a stream.

A command whose output is a few lines and a column or two (every odds chart) pays for
nothing but itself this way; rich costs more to import than such a command spends on its
answer. The styles are rich's names ("bold", "cyan", "bold magenta"), drawn with ANSI
colours only in a terminal, and not when ``NO_COLOR`` is set. The same ``Lines`` can still
be handed to a rich console (``__rich__``) where a screen is already drawn with rich (the
play loop). Users' words are escaped as everywhere else (``gmtool.text.printable``).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from typing import Any, TextIO

Span = tuple[str, str]
"""A piece of a line and its style ("" for none)."""
Cell = Span | str

_SGR = {
    "bold": "1",
    "dim": "2",
    "italic": "3",
    "strike": "9",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
}


BAR = "█"


def span(cell: Cell) -> Span:
    """A cell as a span, its text made safe to print on one line. Every character that
    ``printable`` escapes is one Python counts as not printable (a control, a format mark,
    a line or paragraph separator), so printable text is taken as it is."""
    text, style = (cell, "") if isinstance(cell, str) else cell
    if not text.isprintable():
        from gmtool.text import printable

        text = printable(text, one_line=True)
    return text, style


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal: wide (East Asian) characters take two."""
    if text.isascii() or not text.strip(BAR):  # a bar takes a column a block
        return len(text)
    return display_width(text)


def display_width(text: str) -> int:
    """The terminal cells ``text`` takes: wide East Asian characters two, combining marks
    none."""
    if text.isascii():
        return len(text)
    return sum(char_width(char) for char in text)


def char_width(char: str) -> int:
    """The terminal cells one character takes (the one rule for wider characters)."""
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


class Lines:
    """Lines of styled spans, for a stream or for rich."""

    def __init__(self, lines: Iterable[Iterable[Cell]] = ()) -> None:
        self.lines: list[list[Span]] = [[span(cell) for cell in line] for line in lines]

    def add(self, *cells: Cell) -> Lines:
        self.lines.append([span(cell) for cell in cells])
        return self

    def extend(self, lines: Iterable[Iterable[Cell]]) -> Lines:
        for line in lines:
            self.add(*line)
        return self

    def text(self, *, colour: bool = False) -> str:
        return "".join(
            "".join(paint(text, style) if colour else text for text, style in _trimmed(line)) + "\n"
            for line in self.lines
        )

    def write(self, out: TextIO | None = None) -> None:
        """Write the lines to ``out`` (stdout), in colour when it is a terminal."""
        out = out or sys.stdout
        out.write(self.text(colour=can_colour(out)))

    def __str__(self) -> str:
        return self.text()

    def __rich__(self) -> Any:
        from rich.text import Text

        shown = Text()
        for index, line in enumerate(self.lines):
            if index:
                shown.append("\n")
            for text, style in _trimmed(line):
                shown.append(text, style=style or None)
        return shown


def table(
    header: Sequence[Cell] | None,
    rows: Iterable[Sequence[Cell]],
    *,
    right: Collection[int] = (),
    gap: int = 2,
) -> list[list[Span]]:
    """Rows of cells in aligned columns (``right`` holds the columns justified right), a
    header first when there is one; the last column is not padded on the right."""
    grid = [[span(cell) for cell in row] for row in ([header] if header else []) + list(rows)]
    if not grid:
        return []
    columns = max(len(row) for row in grid)
    widths = [0] * columns
    for row in grid:
        for index, (text, _) in enumerate(row):
            widths[index] = max(widths[index], width(text))
    lines: list[list[Span]] = []
    for row in grid:
        line: list[Span] = []
        for index, (text, style) in enumerate(row):
            room = " " * (widths[index] - width(text))
            if index:
                line.append((" " * gap, ""))
            if index in right:
                line += [(room, ""), (text, style)]
            else:
                line += [(text, style), (room, "")]
        lines.append(line)
    return lines


def bar(length: int, style: str = "cyan") -> Span:
    return BAR * length, style


def _trimmed(line: list[Span]) -> list[Span]:
    """The line without the spaces at its end (a padded last column, an empty bar)."""
    end = len(line)
    while end and not line[end - 1][0].strip():
        end -= 1
    if not end:
        return []
    return [*line[: end - 1], (line[end - 1][0].rstrip(), line[end - 1][1])]


def can_colour(out: TextIO) -> bool:
    """Whether styles are drawn on ``out``: a terminal, and ``NO_COLOR`` not set."""
    return out.isatty() and not os.environ.get("NO_COLOR")


def paint(text: str, style: str) -> str:
    """``text`` in ``style`` (rich's names, "dim strike") as ANSI codes; blank text as it is."""
    codes = ";".join(_SGR[word] for word in style.split() if word in _SGR)
    return f"\x1b[{codes}m{text}\x1b[0m" if codes and text.strip() else text
