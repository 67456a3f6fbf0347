"""A real ``gmtool serve`` and the system's Chromium, for the web tests and the games': the
``browser`` (started once a run) and a ``page`` in it, the storage folder the served
campaign lives in (``home``), the servers a test starts (``served``, stopped after it),
and ``gm``, a command the GM types in another terminal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.harness import Server, require_chromium, run_gmtool

WAIT_MS = 3000  # a change must show well within this (the server looks five times a second)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = require_chromium()
    with sync_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def served(home: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def gm(home: Path, *args: str) -> str:
    done = run_gmtool(home, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def expect() -> Any:
    from playwright.sync_api import expect

    return expect
