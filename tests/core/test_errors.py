"""Every error is one line: text the user typed (or a file held) cannot break it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.errors import DiceError, one_line


def test_control_characters_are_shown_escaped() -> None:
    assert (
        one_line("face 1 of '3\n4'\tis \x1b[31mred\r") == "face 1 of '3\\n4'\\tis \\x1b[31mred\\r"
    )
    assert one_line("plain 'text' stays, ünïcode too") == "plain 'text' stays, ünïcode too"
    assert DiceError("a\nb", where="x\ny", hint="c\nd").line() == "x\\ny: a\\nb (c\\nd)"


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "1d6", "--dice", "3\n4"),
        ("roll", "1d6\n+x"),
        ("-c", "a\nb", "status"),
        ("campaign", "use", "x\x1b[2J"),
    ],
)
def test_user_text_with_newlines_still_gives_one_line(gmtool, args) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*args)
    assert result.code != 0 and result.out == ""
    assert len(result.err.splitlines()) == 1 and "\x1b" not in result.err


def test_check_prints_one_line_per_problem(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text('system: originem\n"odd\\nkey": 1\n')
    result = gmtool("check", str(bad))
    assert result.code == 3
    assert result.err.splitlines()[0] == f"{bad}:2: odd\\nkey: unknown field" + (
        " (allowed: content, description, name, options, system)"
    )
