"""Hostile or mistaken input gives one line and a non-zero exit, never an internal error:
paths the system cannot look up, numbers past any use, files too big, names that would
steer the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

LONG = "x" * 300  # a file name longer than any file system allows


def one_line_error(result, code: int) -> str:  # type: ignore[no-untyped-def]
    """The one line of a refused command (``check`` adds its count of problems)."""
    assert result.code == code, (result.code, result.err)
    lines = result.err.strip().splitlines()
    if lines[-1:] and lines[-1].startswith("1 problem(s) in"):
        lines.pop()
    assert len(lines) == 1 and "internal error" not in result.err, result.err
    return str(lines[0])


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("check", LONG), 3),
        (("campaign", "new", "x", "--from", LONG), 2),
        (("campaign", "new", "x", "--from", f"{LONG}/{LONG}.yaml"), 2),
        (("foodfight", "simulate", "--content", LONG), 2),
        (
            ("campaign", "new", "x", "--system", "foodfight", "--players", "a,b,c,d")
            + ("--layout", f"a={LONG}.yaml"),
            3,
        ),
    ],
)
def test_a_path_too_long_is_one_line(gmtool, args, code) -> None:  # type: ignore[no-untyped-def]
    line = one_line_error(gmtool(*args), code)
    assert "File name too long" in line and "..." in line  # the path is shortened


def test_a_storage_folder_path_too_long_is_one_line(gmtool, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GMTOOL_HOME", str(tmp_path / LONG))
    one_line_error(gmtool("-c", "x", "status"), 6)


@pytest.mark.parametrize(
    "options",
    ["{seed: " + "9" * 5000 + "}", "{seed: 1" + ":1" * 3000 + "}", "{length: 1.0e+308}"],
)
def test_numbers_past_any_use_are_refused_where_read(gmtool, tmp_path, options) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "huge.yaml"
    path.write_text(f"system: originem\noptions: {options}\n")
    for args in (("check", str(path)), ("campaign", "new", "h", "--from", str(path))):
        result = gmtool(*args)
        assert result.code == 3 and f"{path}:2: " in result.err, result.err
    assert gmtool("-c", "h", "status").code == 2  # nothing was created


def test_a_huge_list_is_refused_while_reading(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "list.yaml"
    path.write_text("[" + ",".join(["1"] * 250_000) + "]\n")
    line = one_line_error(gmtool("check", str(path)), 3)
    assert "more than 100,000 values" in line


def test_a_file_too_big_is_refused_unread(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "long.yaml"
    path.write_text("system: originem\ndescription: " + "a" * 2_000_000 + "\n")
    result = gmtool("campaign", "new", "big", "--from", str(path))
    assert "too large" in one_line_error(result, 3)


@pytest.mark.parametrize("text", ["", "~\n", "# only a comment\n"])
def test_check_refuses_an_empty_file_as_campaign_new_does(gmtool, tmp_path, text) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    assert gmtool("campaign", "new", "e", "--from", str(path)).code == 3
    result = gmtool("check", str(path))
    assert result.code == 3 and "empty" in result.err, result.err


def test_a_die_past_the_dice_limits_is_refused_by_check_and_campaign_new(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "big-die.yaml"
    path.write_text(
        "system: originem\ncontent:\n  classes:\n    engineer:\n      dice:\n"
        "        exploration: d999999999999\n"
    )
    for args in (("check", str(path)), ("campaign", "new", "d", "--from", str(path))):
        result = gmtool(*args)
        assert result.code == 3 and f"{path}:6: " in result.err and "limit" in result.err


def test_a_current_file_that_is_not_text_is_no_campaign(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    gmtool_home.mkdir(parents=True)
    (gmtool_home / "current").write_bytes(b"\xff\xfe\x00x")
    assert "no campaign chosen" in one_line_error(gmtool("status"), 2)
    assert gmtool("roll", "1d6").code == 0
    (gmtool_home / "current").write_text("../../etc/passwd\n")
    assert "not a campaign name" in one_line_error(gmtool("status"), 6)


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf"])
def test_a_nova_penalty_must_be_finite(gmtool, seconds) -> None:  # type: ignore[no-untyped-def]
    gmtool("campaign", "new", "n", "--system", "originem")
    one_line_error(gmtool("originem", "nova", "penalty", "--seconds", seconds), 2)
    doc = json.loads(gmtool("status", "--json").out)  # valid JSON: no NaN was stored
    assert doc["nova"]["remaining_seconds"] > 0


def test_no_group_offers_to_edit_the_shell_start_up(gmtool, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))  # should it regress, it edits no real file
    monkeypatch.setenv("SHELL", "/bin/bash")
    for group in ("foodfight", "originem", "astral", "starships"):
        result = gmtool(group, "--install-completion")
        assert result.code == 2 and "No such option" in result.err, (group, result.err)


def test_the_simulators_have_upper_bounds(gmtool) -> None:  # type: ignore[no-untyped-def]
    one_line_error(gmtool("foodfight", "simulate", "--games", "100000000"), 2)
    one_line_error(gmtool("zauberer", "simulate", "--games", "100000000"), 2)
    one_line_error(gmtool("zauberer", "simulate", "--games", "5", "--jobs", "100000"), 2)


def test_undo_and_redo_report_the_entry_as_it_now_is(gmtool) -> None:  # type: ignore[no-untyped-def]
    gmtool("campaign", "new", "u", "--system", "originem")
    gmtool("roll", "1d6")
    assert json.loads(gmtool("undo", "--json").out)["undone"]["voided"] is True
    assert json.loads(gmtool("redo", "--json").out)["redone"]["voided"] is False


def test_a_bad_track_in_a_campaign_file_names_the_campaign_file(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "short-track.yaml"
    path.write_text(
        "system: foodfight\noptions:\n  players: [A, B, C, D]\n"
        "content:\n  board:\n    track:\n      length: 1\n"
    )
    result = gmtool("campaign", "new", "t", "--from", str(path))
    assert f"{path}:7: board.track.length" in one_line_error(result, 3)


EVIL = "Evil\x1b]0;pwned\x07X\u202eabc"


def test_names_that_would_steer_the_terminal_are_shown_escaped(gmtool) -> None:  # type: ignore[no-untyped-def]
    gmtool("campaign", "new", "ev", "--system", "originem", "--crew", f"{EVIL}=engineer")
    assert gmtool("originem", "scene", "general", "--by", EVIL, "--dice", "3,3,3").code == 0
    outputs = {
        "status": gmtool("status").out,
        "log": gmtool("log").out,
        "md": gmtool("log", "--format", "md").out,
        "csv": gmtool("log", "--format", "csv").out,
        "undo": gmtool("undo").out,
    }
    for what, out in outputs.items():
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, what
        assert "Evil\\x1b" in out.replace("\\\\", "\\"), (what, out)
    exported = gmtool("log", "--json").out
    assert "\u202e" not in exported  # written as an escape: the same JSON to a program
    assert json.loads(exported)[0]["who"] == EVIL
