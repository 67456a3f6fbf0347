"""A game's name is read whatever its case: ``--demo Originem``, ``--system FTL``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.engine.game import Game
from gmtool.errors import UsageError
from gmtool.games import game_name


@pytest.mark.parametrize("typed", ["Originem", "ORIGINEM", " originem "])
def test_the_registry_reads_any_case(typed: str) -> None:
    assert game_name(typed) == "originem"


def test_an_unknown_name_still_lists_the_games() -> None:
    with pytest.raises(UsageError) as caught:
        game_name("Chess", "demo")
    assert caught.value.line().startswith("unknown demo 'Chess' (valid: astral, foodfight")


def test_a_demo_in_capitals(gmtool: Callable[..., Any]) -> None:
    from gmtool.cli.play import open_demo

    assert open_demo("Originem") == "demo-originem"
    assert Game.open("demo-originem").system_name == "originem"


def test_campaign_new_with_a_capital_system(gmtool: Callable[..., Any]) -> None:
    result = gmtool("campaign", "new", "x", "--system", "Astral")
    assert result.code == 0, result.err
    assert Game.open("x").system_name == "astral"
