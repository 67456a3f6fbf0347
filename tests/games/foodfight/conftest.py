"""Fixtures for the Food Fight command-line tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def game(gmtool):  # type: ignore[no-untyped-def]
    """A current Food Fight campaign for Ana, Bo, Cy and Di (seed 4); runs gmtool."""
    result = gmtool(
        "campaign", "new", "ff", "--system", "foodfight", "--players", "Ana,Bo,Cy,Di", "--seed", "4"
    )
    assert result.code == 0, result.err
    return gmtool
