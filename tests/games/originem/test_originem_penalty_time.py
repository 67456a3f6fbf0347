"""``originem nova penalty``: a named penalty, or a time in minutes or seconds."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture
def started(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    assert gmtool("campaign", "new", "x", "--system", "originem", "--length", "30").code == 0
    assert gmtool("originem", "nova", "pause").code in (0, 4)
    return gmtool


def remaining(gmtool: Callable[..., Any]) -> float:
    return float(json.loads(gmtool("status", "--json").out)["nova"]["remaining_seconds"])


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [("5m", 300), ("90s", 90), ("1m30s", 90), ("2:30", 150), ("lost", 60)],
)
def test_a_penalty_as_a_time(started: Callable[..., Any], typed: str, seconds: int) -> None:
    before = remaining(started)
    result = started("originem", "nova", "penalty", typed)
    assert result.code == 0, result.err
    assert remaining(started) == pytest.approx(before - seconds, abs=1)


def test_a_bare_number_says_how_to_give_a_time(started: Callable[..., Any]) -> None:
    result = started("originem", "nova", "penalty", "5")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "5m" in result.err and "--seconds" in result.err and "lost" in result.err


def test_minutes_as_an_option(started: Callable[..., Any]) -> None:
    before = remaining(started)
    assert started("originem", "nova", "penalty", "--minutes", "2").code == 0
    assert remaining(started) == pytest.approx(before - 120, abs=1)
