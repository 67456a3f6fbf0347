"""The log as a table of plain text; undone entries are marked "(undone)" (and, in a
terminal, dimmed and struck through).

Words are never split: each column is at least as wide as its longest word (to a limit),
the time carries the date when the entries span several days, and the mission and scene
have columns of their own (a fight outside any mission has an empty mission cell). A long
list of dice (``ftl map new`` logs a hundred rolls and more) shows its first rolls and counts
the rest; the exports (md, csv, json) keep every die.

The table is drawn without rich (``textgrid``): ``gmtool log`` then costs about what an
empty log costs, however long the log. A log paged through the terminal's pager is drawn
page by page (``LogPages``), so only the pages read are drawn.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from gmtool.engine.journal import dice_text
from gmtool.render.textgrid import Grid, fit, measure
from gmtool.text import printable

LONGEST_WHOLE_WORD = 24
"""A word longer than this may be folded, so one odd name cannot push the table wide."""
DICE_SHOWN = 4
"""Rolls a table cell shows; the others are counted."""
FACES_SHOWN = 12
"""Faces a table cell shows of one roll; the others are counted."""
ALWAYS = ("#", "time", "who", "what", "dice", "outcome")
SOMETIMES = ("mission", "scene")
"""Columns shown only when an entry fills them (Originem's)."""


def log_table(
    name: str,
    entries: list[dict[str, Any]],
    *,
    note: str | None = None,
    width: int = 80,
    styled: bool = False,
) -> list[str]:
    """The lines of the table of ``entries`` (``Entry.to_json()`` documents, in the order
    shown), fitted to ``width``; ``note`` is said under it (an empty log says so itself)."""
    dated = len({entry["time"][:10] for entry in entries}) > 1
    layout = LogLayout(width=width, styled=styled, dated=dated)
    rows = [layout.cells(entry) for entry in entries]
    grid = layout.grid_for(rows)
    lines = [grid.centred(f"log of {name}", "title"), "", *grid.header()]
    for cells, entry in zip(rows, entries, strict=True):
        lines += layout.draw(grid, cells, entry)
    caption = note or (None if entries else "no entries yet")
    if caption:
        lines += ["", grid.centred(caption, "caption")]
    return lines


class LogLayout:
    """Which columns a table has and how wide they are. A paged log grows its layout
    page by page: a column, once shown or widened, stays so, and the header is drawn again
    only when the layout changed."""

    def __init__(self, *, width: int, styled: bool, dated: bool) -> None:
        self.width = width
        self.styled = styled
        self.dated = dated
        self.natural: dict[str, int] = {}
        self.least: dict[str, int] = {}

    def cells(self, entry: dict[str, Any]) -> dict[str, str]:
        time = entry["time"]
        outcome = f"{entry['outcome']} (undone)" if entry["voided"] else entry["outcome"]
        texts = {
            "#": str(entry["seq"]),
            "time": f"{time[:10]} {time[11:19]}" if self.dated else time[11:19],
            "who": entry["who"],
            "what": entry["what"],
            "dice": dice_cell(entry["dice"]),
            "outcome": outcome,
            "mission": entry["mission"],
            "scene": entry["scene"],
        }
        # Users' words are shown escaped, never acted upon by the terminal (printable words
        # hold nothing to escape: the check is quicker than the escaping).
        return {
            column: text if text.isprintable() else printable(text.replace("\t", " "))
            for column, text in texts.items()
        }

    def grid_for(self, rows: list[dict[str, str]]) -> Grid:
        """The grid for these rows, the layout grown to hold them."""
        for column in (*ALWAYS, *SOMETIMES):
            shown = column in self.natural or column in ALWAYS
            if not shown and not any(row[column] for row in rows):
                continue
            natural, longest = measure(row[column] for row in rows)
            least = min(max(longest, len(column)), LONGEST_WHOLE_WORD)
            self.natural[column] = max(self.natural.get(column, 0), natural, len(column))
            self.least[column] = max(self.least.get(column, 0), least)
        columns = [c for c in (*ALWAYS, *SOMETIMES) if c in self.natural]
        widths = fit(
            [self.natural[c] for c in columns], [self.least[c] for c in columns], self.width
        )
        return Grid(columns, widths, self.styled)

    def draw(self, grid: Grid, cells: dict[str, str], entry: dict[str, Any]) -> list[str]:
        return grid.row([cells[c] for c in grid.columns], "struck" if entry["voided"] else None)


class LogPages:
    """The log drawn page by page, as a pager reads it: a title, then each page's rows,
    under a header drawn again whenever the columns changed."""

    def __init__(self, title: str, *, width: int, styled: bool, dated: bool) -> None:
        self.title = title
        self.layout = LogLayout(width=width, styled=styled, dated=dated)

    def lines(self, pages: Iterable[list[dict[str, Any]]]) -> Iterator[str]:
        shown: Grid | None = None
        for entries in pages:
            rows = [self.layout.cells(entry) for entry in entries]
            grid = self.layout.grid_for(rows)
            if shown is None:
                yield grid.centred(self.title, "title")
                yield ""
            if shown is None or (grid.columns, grid.widths) != (shown.columns, shown.widths):
                if shown is not None:
                    yield ""
                yield from grid.header()
                shown = grid
            for cells, entry in zip(rows, entries, strict=True):
                yield from self.layout.draw(shown, cells, entry)


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
