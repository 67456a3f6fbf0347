"""``gmtool log`` in a terminal, as a person sees it: the log through less, newest first."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.core.test_log_pages import fill
from tests.missing import missing
from tests.terminal import Terminal


@pytest.fixture
def log_in_terminal(
    gmtool: Any, gmtool_home: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Terminal]]:
    """A campaign of 300 entries (the last one undone); ``log_in_terminal(*options)`` runs
    ``gmtool log`` on it in a pseudo-terminal."""
    assert gmtool("campaign", "new", "c", "--system", "originem").code == 0
    fill("c", 300, who="Ana")
    assert gmtool("undo").code == 0
    monkeypatch.delenv("LESS", raising=False)
    started: list[Terminal] = []

    def start(*options: str) -> Terminal:
        started.append(Terminal(gmtool_home, "-c", "c", "log", *options))
        return started[-1]

    yield start
    for terminal in started:
        terminal.child.close(force=True)


def test_the_log_pages_through_less_newest_first(
    log_in_terminal: Callable[..., Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    if shutil.which("less") is None:
        missing("less", "apt-get install less")
    monkeypatch.delenv("PAGER", raising=False)
    terminal = log_in_terminal()
    screen = terminal.wait_for("log of c, newest first")
    terminal.wait_for(":")  # less's prompt: it waits for a key
    rows = [line.split() for line in terminal.settle().splitlines() if "1d20 [" in line]
    assert rows[0][0] == "300" and "(undone)" in rows[0]
    assert [int(row[0]) for row in rows] == list(range(300, 300 - len(rows), -1))
    assert "the beginning of the log" not in screen
    terminal.press(">")  # less: the end of the text, the first entry
    terminal.wait_for("the beginning of the log (300 entries)")
    terminal.press("q")
    assert terminal.finish() == 0


def test_no_pager_prints_the_latest_page(log_in_terminal: Callable[..., Terminal]) -> None:
    terminal = log_in_terminal("--no-pager")
    terminal.wait_for("'gmtool log --last N' shows more")
    rows = [line.split() for line in terminal.text().splitlines() if "1d20 [" in line]
    assert [row[0] for row in rows] == [str(seq) for seq in range(251, 301)]
    assert "newest first" not in terminal.text()
    assert terminal.finish() == 0


def test_pager_cat_prints_the_latest_page(
    log_in_terminal: Callable[..., Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", "cat")
    terminal = log_in_terminal()
    terminal.wait_for("'gmtool log --last N' shows more")
    assert terminal.finish() == 0
    assert "newest first" not in terminal.text()


def test_a_missing_pager_is_one_line(
    log_in_terminal: Callable[..., Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", "no-such-pager-here -x")
    terminal = log_in_terminal()
    terminal.wait_for("cannot start the pager 'no-such-pager-here'")
    assert terminal.finish() == 2
    assert "Traceback" not in terminal.text()
