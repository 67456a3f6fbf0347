"""Command-line input a GM may plausibly get wrong: each is refused with one line on
stderr, a non-zero exit, and nothing logged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


def refused(cli: Callable[..., Any], *args: str) -> tuple[int, str]:
    """Run an ``originem`` command that must be refused; its exit code and error line."""
    before = json.loads(cli("log", "--json").out)
    result = cli("originem", *args)
    assert result.code != 0 and result.out == ""
    assert result.err.count("\n") == 1, result.err
    assert json.loads(cli("log", "--json").out) == before
    return result.code, result.err.strip()


def test_a_runaway_is_one_roll_by_one_member(cli: Callable[..., Any]) -> None:
    code, line = refused(cli, "runaway", "--by", "Larlen", "--by", "Remmy", "--dice", "7")
    assert code == 2 and line == "error: runaway: one roll by one crew member, not 2"


def test_mission_list_puts_missions_under_way_first(cli: Callable[..., Any]) -> None:
    assert cli("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    assert cli("originem", "scene", "exploration", "--by", "Larlen", "--dice", "10,10,10").code == 0
    assert cli("originem", "mission", "start", "Solve Ancient Poem Puzzle").code == 0
    listed = json.loads(cli("originem", "mission", "list", "--all", "--json").out)
    states = [m["state"] for m in listed]
    assert [m["name"] for m in listed[:1]] == ["Solve Ancient Poem Puzzle"]
    assert states == sorted(states, key=["under_way", "not_started", "locked", "complete"].index)
    assert listed[-1]["name"] == "Map Out Ancient Forest"


def test_help_offers_no_shell_completion_options(gmtool: Callable[..., Any]) -> None:
    shown = gmtool("originem", "--help")
    assert shown.code == 0 and "scene" in shown.out
    assert "completion" not in shown.out


BAD = [
    (
        ["scene", "exploration", "--by", "Bob"],
        2,
        "error: unknown crew member 'Bob' (valid: Pierre, Delilah, Remmy, Larlen)",
    ),
    (["scene", "dancing", "--by", "Larlen"], 2, "error: unknown scene type 'dancing'"),
    (["mission", "start", "Moon Run"], 2, "error: unknown mission 'Moon Run' (valid: Ship"),
    (
        ["scene", "exploration", "--by", "Pierre", "--dice", "7,1,1"],
        5,
        "error: the 1st face, 7, is not on a d6",
    ),
    (
        ["scene", "exploration", "--by", "Pierre", "--dice", "1,1"],
        5,
        "error: not enough faces entered",
    ),
    (
        ["scene", "exploration", "--by", "Pierre", "--dice", "1,1,1,1"],
        5,
        "error: too many faces entered",
    ),
    (["scene", "healing", "--by", "Pierre"], 4, "error: Pierre (Combat Specialist) has no die"),
    (["combat", "attack", "--by", "Pierre", "--target", "x"], 4, "error: no fight is under way"),
    (["combat", "start", "-e", "low", "--gm-die", "d20"], 2, "error: the GM cannot fight with"),
    (["nova", "resume"], 4, "error: the NOVA counter was never started"),
]


@pytest.mark.parametrize(("args", "code", "line"), BAD)
def test_bad_input(cli: Callable[..., Any], args: list[str], code: int, line: str) -> None:
    got_code, got_line = refused(cli, *args)
    assert got_code == code and got_line.startswith(line)


def test_a_fifth_mission_is_refused(cli: Callable[..., Any]) -> None:
    for name in ("Ship Defense", "Flora Overload", "Hostage Rescue", "Encampment Siege"):
        assert cli("originem", "mission", "start", name).code == 0
    code, line = refused(cli, "mission", "start", "Heavily Surrounded", "--json")
    assert code == 4 and line.startswith("error: 4 missions are already under way")


def test_another_systems_campaign_is_refused(gmtool: Callable[..., Any]) -> None:
    gmtool("campaign", "new", "ff", "--system", "foodfight", "--players", "A,B,C,D")
    result = gmtool("originem", "crew")
    assert result.code == 2 and "plays foodfight, not originem" in result.err


def test_a_scene_after_a_failed_runaway_says_how_to_go_on(cli: Callable[..., Any]) -> None:
    assert cli("originem", "runaway", "--by", "Pierre", "--dice", "2").code == 0
    code, line = refused(cli, "scene", "general", "--by", "Remmy")
    assert (code, line) == (
        4,
        "error: the runaway failed: the fight is on "
        "(start it with 'combat start', or 'undo' the runaway)",
    )
