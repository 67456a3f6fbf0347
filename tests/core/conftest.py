"""Fixtures for the core tests: a campaign of the toy system."""

from __future__ import annotations

import pytest

from gmtool.games import GAMES


@pytest.fixture
def toy_campaign(gmtool, monkeypatch: pytest.MonkeyPatch) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    result = gmtool("campaign", "new", "c1", "--system", "toy", "--seed", "7")
    assert result.code == 0, result.err
    return "c1"
