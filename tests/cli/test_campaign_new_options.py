"""``campaign new``'s options of one game: each game's package says which it takes."""

from __future__ import annotations

import inspect

from gmtool.cli.campaign import new
from gmtool.games import GAMES, package

SHARED = {"name", "system", "seed", "from_file", "use"}
"""The parameters of ``campaign new`` that every game takes."""


def test_every_game_option_belongs_to_exactly_one_game() -> None:
    declared = [key for name in GAMES for key in getattr(package(name), "CAMPAIGN_OPTIONS", ())]
    assert len(declared) == len(set(declared))
    assert set(declared) == set(inspect.signature(new).parameters) - SHARED
