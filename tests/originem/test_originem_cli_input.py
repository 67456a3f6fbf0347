"""Command-line input a GM may plausibly get wrong: each is refused with one line on
stderr, a non-zero exit, and nothing logged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from gmtool.content.paths import packaged

DEMO = str(packaged("campaigns", "originem-demo.yaml"))


@pytest.fixture
def cli(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    made = gmtool("campaign", "new", "demo", "--from", DEMO, "--seed", "7")
    assert made.code == 0, made.err
    return gmtool


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
