"""Fixtures for the Zauberer command-line tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def game(gmtool):  # type: ignore[no-untyped-def]
    """A current Zauberer campaign: fire=Ana, water=Bo+Eve, air=Cy, earth=Di; fire first."""
    result = gmtool(
        "campaign",
        "new",
        "z",
        "--system",
        "zauberer",
        "--teams",
        "fire=Ana,water=Bo+Eve,air=Cy,earth=Di",
        "--first",
        "fire",
        "--seed",
        "4",
    )
    assert result.code == 0, result.err
    return gmtool
