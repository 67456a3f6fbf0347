"""``ftl ship show`` never breaks the drawing's lines: whole to a file or a pipe, cut (and
said so) in a terminal narrower than the ship."""

from __future__ import annotations

import io

from rich.console import Console

from gmtool.games.ftl import render as render
from gmtool.games.ftl.render_shipgrid import draw
from gmtool.games.ftl.rules.ship import read_ship, ship_document
from tests.games.ftl.helpers import RED


def test_piped_the_drawing_keeps_each_row_on_one_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    out = gmtool("ftl", "ship", "show", str(RED)).out.splitlines()
    # The Red Kestrel is 10 corners wide: 91 columns, wider than a default 80.
    assert any(line.startswith(" 1 |") and "|bridge" in line for line in out)
    assert any(line.rstrip().endswith("8        9") for line in out)  # the ruler


def test_a_narrow_terminal_cuts_the_drawing_and_says_so() -> None:
    ship, _ = read_ship(RED)
    doc = ship_document(ship)
    rows = draw(doc)
    screen = io.StringIO()
    Console(file=screen, width=60, force_terminal=True, color_system=None).print(
        render.ship(doc, width=60)
    )
    lines = screen.getvalue().splitlines()
    assert all(len(line) <= 60 for line in lines)
    # Every row of the drawing is still one line (cut, not folded onto the next).
    assert sum(1 for line in lines if line.startswith(("   +", "   |", " 0 |"))) >= len(rows) - 10
    assert any("cut at 60 columns" in line for line in lines)
    assert any(line.startswith("crew:") for line in lines)
