from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .terminal import Terminal


@pytest.fixture
def play(gmtool_home: Path) -> Iterator[object]:
    """``play("--demo", "originem")`` -> a Terminal running ``gmtool play`` with those args."""
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        terminal = Terminal(gmtool_home, "play", *args)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.child.close(force=True)
