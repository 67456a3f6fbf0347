"""Plain text for people (``gmtool.render.plain``): columns line up, users' words cannot
steer the terminal, colour only in a terminal, and rich prints the same text."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gmtool.render.plain import Lines, table


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_columns_line_up_left_and_right_and_the_last_is_not_padded() -> None:
    rows = table(("name", "hp", "note"), [("Ana", "12", "x"), ("Bartholomew", "7", "")], right=(1,))
    assert Lines(rows).text() == ("name         hp  note\nAna          12  x\nBartholomew   7\n")


def test_wide_characters_take_two_columns() -> None:
    shown = Lines(table(None, [("名前", "1"), ("ab", "2")], gap=1)).text().splitlines()
    assert shown == ["名前 1", "ab   2"]


def test_users_words_are_escaped() -> None:
    shown = Lines([["Ana\x1b]0;owned\x07", " \u202eevil"]]).text()
    assert "\x1b" not in shown and "\u202e" not in shown
    assert shown == "Ana\\x1b]0;owned\\x07 \\u202eevil\n"


def test_colour_only_in_a_terminal_and_never_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    chart = Lines([[("hits", "green"), " and ", ("bonus", "bold magenta")]])
    piped, terminal = io.StringIO(), Terminal()
    monkeypatch.delenv("NO_COLOR", raising=False)
    chart.write(piped)
    chart.write(terminal)
    assert piped.getvalue() == "hits and bonus\n"
    assert terminal.getvalue() == "\x1b[32mhits\x1b[0m and \x1b[1;35mbonus\x1b[0m\n"
    monkeypatch.setenv("NO_COLOR", "1")
    plain = Terminal()
    chart.write(plain)
    assert plain.getvalue() == "hits and bonus\n"


def test_rich_prints_the_same_text_with_the_styles() -> None:
    chart = Lines([[("title", "bold")]]).extend(table(("a", "b"), [("1", ("██", "cyan"))]))
    console = Console(width=80, record=True, color_system="standard", force_terminal=True)
    console.print(chart)
    assert console.export_text(clear=False) == chart.text()
    styled = console.export_text(styles=True)
    assert "\x1b[1mtitle" in styled and "\x1b[36m██" in styled


def test_text_python_counts_printable_is_never_escaped() -> None:
    # plain.span skips gmtool.text.printable for printable text: this holds it to that.
    from gmtool.text import printable

    every = "".join(chr(code) for code in range(0x110000) if chr(code).isprintable())
    assert printable(every, one_line=True) == every
