"""Shared fixtures: every test gets its own empty GMTOOL_HOME and no current campaign."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import settings

# Fixtures shared by the shared tests and the games' own: ``in_terminal`` (``gmtool play``
# in a terminal), ``table`` (a campaign served to Starlette's test client), and a real
# server and browser (``served``, ``browser``, ``page``, ``home``).
pytest_plugins = ["tests.terminal", "tests.web.client", "tests.web.browsing"]

# Property tests check what is true, not how fast: hypothesis's default 200 ms deadline per
# example fails them on a busy machine, so it is off.
settings.register_profile("gmtool", deadline=None)
settings.load_profile("gmtool")


@pytest.fixture(autouse=True)
def gmtool_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "gmtool-home"
    monkeypatch.setenv("GMTOOL_HOME", str(home))
    monkeypatch.delenv("GMTOOL_CAMPAIGN", raising=False)
    monkeypatch.delenv("GMTOOL_DEBUG", raising=False)
    return home


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def gmtool(capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    """Run the real entry point in-process: ``gmtool("roll", "1d20")`` -> CliResult."""
    from gmtool.cli.main import main

    def run(*args: str) -> CliResult:
        capsys.readouterr()
        with patch.object(sys, "argv", ["gmtool", *args]):
            try:
                main()
                code = 0
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else (1 if exit_.code else 0)
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run
