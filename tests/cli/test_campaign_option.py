"""``-c/--campaign`` works wherever it is typed on the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "1d6", "-c", "x", "--json"),
        ("roll", "1d6", "--campaign", "x", "--json"),
        ("roll", "1d6", "--campaign=x", "--json"),
        ("-c", "x", "roll", "1d6", "--json"),
        ("roll", "-c", "x", "1d6", "--json"),
    ],
)
def test_the_campaign_option_after_the_command(gmtool: Callable[..., Any], args: Any) -> None:
    assert gmtool("campaign", "new", "x", "--system", "astral", "--no-use").code == 0
    assert gmtool("campaign", "new", "y", "--system", "astral").code == 0  # the current one
    assert gmtool(*args).code == 0
    assert len(json.loads(gmtool("-c", "x", "log", "--json").out)) == 1
    assert json.loads(gmtool("log", "--json").out) == []


def test_a_system_command_takes_it_after_its_own_words(gmtool: Callable[..., Any]) -> None:
    assert gmtool("campaign", "new", "x", "--system", "astral", "--no-use").code == 0
    assert gmtool("astral", "add", "Zed", "-c", "x").code == 0
    status = json.loads(gmtool("status", "--json", "--campaign", "x").out)
    assert "Zed" in json.dumps(status)


def test_an_expression_after_the_double_dash_is_left_alone(gmtool: Callable[..., Any]) -> None:
    result = gmtool("roll", "--json", "--", "-c")
    assert result.code == 5 and "-c" in result.err  # read as dice notation, not the option


def test_the_option_without_a_name_says_so(gmtool: Callable[..., Any]) -> None:
    result = gmtool("roll", "1d6", "-c")
    assert result.code == 2 and "-c/--campaign needs a campaign name" in result.err
