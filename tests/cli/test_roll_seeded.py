"""``roll --seed`` in a campaign: taken only with ``--seeded``, and logged as seeded with
its seed, so a roll logged as rolled is always one the campaign's own dice made."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture
def campaign(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    assert gmtool("campaign", "new", "t", "--system", "astral", "--seed", "1").code == 0
    return gmtool


def logged(gmtool: Callable[..., Any]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(gmtool("log", "--json").out)
    return entries


def test_a_seed_in_a_campaign_without_seeded_is_refused(campaign: Callable[..., Any]) -> None:
    result = campaign("roll", "2d6", "--seed", "4")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "--seeded" in result.err and "'t'" in result.err
    assert logged(campaign) == []


def test_a_seeded_roll_is_logged_as_seeded_with_its_seed(campaign: Callable[..., Any]) -> None:
    result = campaign("roll", "2d6", "--seed", "4", "--seeded", "--json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["source"] == "seeded" and doc["seed"] == 4
    (entry,) = logged(campaign)
    assert entry["what"] == "2d6 (seeded)"
    assert [(r["source"], r["seed"]) for r in entry["dice"]] == [("seeded", 4)]
    table = campaign("log", "--no-pager").out
    assert "seeded 4" in table


def test_a_seeded_roll_leaves_the_campaigns_dice_as_they_were(
    campaign: Callable[..., Any], gmtool: Callable[..., Any]
) -> None:
    assert campaign("roll", "3d6", "--seed", "4", "--seeded").code == 0
    after_seeded = json.loads(campaign("roll", "3d6", "--json").out)
    assert after_seeded["source"] == "rolled"
    assert gmtool("campaign", "new", "u", "--system", "astral", "--seed", "1").code == 0
    fresh = json.loads(gmtool("roll", "3d6", "--json").out)
    assert fresh["dice"] == after_seeded["dice"]  # the campaign's generator did not move


def test_seeded_needs_a_seed(campaign: Callable[..., Any]) -> None:
    result = campaign("roll", "2d6", "--seeded")
    assert result.code == 2 and "--seed N" in result.err
    assert logged(campaign) == []


def test_outside_a_campaign_a_seed_needs_nothing_more(gmtool: Callable[..., Any]) -> None:
    first = json.loads(gmtool("roll", "2d6", "--seed", "4", "--json").out)
    assert first["source"] == "seeded" and first["seed"] == 4
    assert first == json.loads(gmtool("roll", "2d6", "--seed", "4", "--json").out)
    assert "(seeded 4)" in gmtool("roll", "2d6", "--seed", "4").out
