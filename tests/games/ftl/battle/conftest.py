"""Fixtures for the battle's command-line tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def duel(gmtool, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A campaign with the packaged Red and Blue ships, not yet fighting: the gmtool runner."""
    campaign = tmp_path / "fight.yaml"
    campaign.write_text(
        "system: ftl\noptions:\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
    )
    assert gmtool("campaign", "new", "fight", "--from", str(campaign)).code == 0
    return gmtool


def log_entries(gmtool) -> int:  # type: ignore[no-untyped-def]
    """How many entries the campaign's log holds (a refused command adds none)."""
    return len(json.loads(gmtool("log", "--format", "json").out))
