"""The plain-text table under ``gmtool log``: widths fitted, words kept whole, wide
characters counted as the terminal draws them."""

from __future__ import annotations

from gmtool.render.plain import display_width
from gmtool.render.textgrid import Grid, fit, table_width, wrap


def test_wide_characters_take_two_cells_and_combining_marks_none() -> None:
    assert display_width("Zoë") == 3
    assert display_width("Zoe\u0308") == 3  # e + combining diaeresis
    assert display_width("竜騎士") == 6


def test_the_widest_column_gives_way_first_and_words_fold_last() -> None:
    natural, least = [10, 30, 8], [4, 12, 8]
    assert fit(natural, least, 200) == natural  # room enough: as wide as they need
    assert fit(natural, least, table_width([10, 20, 8])) == [10, 20, 8]
    assert fit(natural, least, table_width([4, 12, 8])) == [4, 12, 8]
    # Narrower than the longest words: only now are words folded.
    assert fit(natural, least, table_width([4, 10, 8])) == [4, 10, 8]
    assert fit(natural, least, table_width([4, 7, 7])) == [4, 7, 7]  # 12 -> 8, then both


def test_wrap_breaks_at_spaces_and_folds_only_words_wider_than_the_line() -> None:
    assert wrap("Map Out Ancient Forest", 12) == ["Map Out", "Ancient", "Forest"]
    assert wrap("exploration", 5) == ["explo", "ratio", "n"]
    assert wrap("two\nlines", 20) == ["two", "lines"]
    assert wrap("竜騎士竜", 5) == ["竜騎", "士竜"]


def test_a_row_wider_than_its_columns_goes_on_over_several_lines_aligned() -> None:
    grid = Grid(["who", "what"], [6, 7])
    assert grid.row(["Ana", "say hello there"]) == [
        " Ana      say",
        "          hello",
        "          there",
    ]
    assert grid.row(["竜騎士", "x"]) == [" 竜騎士   x"]
    assert grid.header() == [" who      what", " " + "─" * 16]
