"""A table in plain text: columns fitted to a width, cells wrapped at spaces, lines as
strings. A long log is drawn a page at a time, often; rich's tables cost tens of
milliseconds for fifty rows, this a few.

The look follows rich's ``SIMPLE_HEAD`` box: a title centred above, the header, a rule
under it, no other lines, a caption centred below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gmtool.render.plain import char_width, display_width, paint

GAP = "   "
"""Between two columns."""
EDGE = " "
"""Before the first column (and counted after the last one)."""
STYLES = {"title": "italic", "header": "bold", "caption": "dim italic", "struck": "dim strike"}
"""How a styled grid (a terminal, or ``less -R``) draws its parts (``plain.paint``)."""


def measure(texts: Iterable[str]) -> tuple[int, int]:
    """(the widest line, the longest word) among ``texts``, in terminal cells."""
    widest = longest = 0
    for text in texts:
        if text.isascii() and "\n" not in text:  # nearly every cell: no need to split
            width = len(text)
            word = width if " " not in text else max(map(len, text.split()), default=0)
        else:
            width = max(display_width(line) for line in text.split("\n"))
            word = max(map(display_width, text.split()), default=0)
        widest = max(widest, width)
        longest = max(longest, word)
    return widest, longest


def fit(natural: Sequence[int], least: Sequence[int], width: int) -> list[int]:
    """Column widths no wider than ``natural`` whose table fits ``width``: the widest
    column gives way first, down to its ``least`` (its longest word, say); only when
    that is not enough are words folded, again widest column first."""
    widths = list(natural)
    excess = table_width(widths) - width
    for floor in (least, [1] * len(widths)):
        while excess > 0:
            shrinkable = [i for i, w in enumerate(widths) if w > max(floor[i], 1)]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda i: widths[i])
            widths[widest] -= 1
            excess -= 1
    return widths


def table_width(widths: Sequence[int]) -> int:
    return len(EDGE) * 2 + sum(widths) + len(GAP) * max(len(widths) - 1, 0)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken at spaces (and at its own line
    breaks); a word wider than a line is folded."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if display_width(paragraph) <= width:
            lines.append(paragraph)
            continue
        line = ""
        for word in paragraph.split(" "):
            joined = f"{line} {word}" if line else word
            if display_width(joined) <= width:
                line = joined
                continue
            if line:
                lines.append(line)
            line = word
            while display_width(line) > width:
                head, line = _split_at(line, width)
                lines.append(head)
        lines.append(line)
    return lines


def _split_at(word: str, width: int) -> tuple[str, str]:
    used = 0
    for index, char in enumerate(word):
        used += char_width(char)
        if used > width:
            return word[: max(index, 1)], word[max(index, 1) :]
    return word, ""


@dataclass
class Grid:
    """Columns of known widths; ``lines`` draws rows into them."""

    columns: list[str]
    widths: list[int]
    styled: bool = False

    @property
    def width(self) -> int:
        return table_width(self.widths)

    def centred(self, text: str, part: str) -> str:
        """``text`` centred over the table (a title or a caption)."""
        pad = max(self.width - display_width(text), 0) // 2
        return " " * pad + self.style(text, part)

    def header(self) -> list[str]:
        rule = "─" * (self.width - 2 * len(EDGE))
        return [*self.row(self.columns, "header"), EDGE + rule]

    def row(self, cells: Sequence[str], part: str | None = None) -> list[str]:
        """One row's lines; a cell too wide for its column goes on over several."""
        if all(
            text.isascii() and "\n" not in text and len(text) <= width
            for text, width in zip(cells, self.widths, strict=True)
        ):  # nearly every row: one line, no wrapping
            line = GAP.join(text.ljust(w) for text, w in zip(cells, self.widths, strict=True))
            return [EDGE + self.style(line.rstrip(), part)]
        wrapped = [wrap(cell, width) for cell, width in zip(cells, self.widths, strict=True)]
        height = max(len(lines) for lines in wrapped)
        out = []
        for number in range(height):
            pieces = []
            for lines, width in zip(wrapped, self.widths, strict=True):
                text = lines[number] if number < len(lines) else ""
                pieces.append(text + " " * (width - display_width(text)))
            out.append(EDGE + self.style(GAP.join(pieces).rstrip(), part))
        return out

    def style(self, text: str, part: str | None) -> str:
        if not self.styled or part is None:
            return text
        return paint(text, STYLES[part])
