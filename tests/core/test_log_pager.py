"""gmtool log through the pager: which pager, and a log read no further than it is shown.
(The pager in a real terminal is tried in tests/play_terminal/test_log_pager.py.)"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gmtool.errors import UsageError
from tests.core.test_log_pages import fill

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_pager_is_pager_else_less(monkeypatch: pytest.MonkeyPatch) -> None:
    from gmtool.cli import pager

    monkeypatch.delenv("PAGER", raising=False)
    monkeypatch.setattr(pager.shutil, "which", lambda name: f"/bin/{name}")
    assert pager.pager_command() == ["/bin/less", "-R"]
    monkeypatch.setattr(pager.shutil, "which", lambda name: None)
    assert pager.pager_command() is None  # no less: the table is printed
    monkeypatch.setenv("PAGER", "most -s 'a b'")
    assert pager.pager_command() == ["most", "-s", "a b"]
    for off in ("", "  ", "cat"):
        monkeypatch.setenv("PAGER", off)
        assert pager.pager_command() is None
    monkeypatch.setenv("PAGER", "less 'unclosed")
    with pytest.raises(UsageError, match="PAGER cannot be read"):
        pager.pager_command()


def test_a_pager_that_stops_early_stops_the_reading(
    gmtool: Any, toy_campaign: str, tmp_path: Path
) -> None:
    from gmtool.cli import log
    from gmtool.store.campaign import CampaignStore

    fill(toy_campaign, 3000)
    store = CampaignStore.open(toy_campaign)
    read = 0
    rows = store.log_rows

    def counted(**kwargs: Any) -> Any:
        nonlocal read
        for row in rows(**kwargs):
            read += 1
            yield row

    store.log_rows = counted  # type: ignore[method-assign]
    # ``head`` reads three lines and quits, as a person pressing q on the first screen.
    screen = tmp_path / "screen"
    assert log._page(toy_campaign, store, ["sh", "-c", f"head -n 3 > '{screen}'"], {}) is True
    store.close()
    shown = ANSI.sub("", screen.read_text()).splitlines()
    assert shown[0].strip() == f"log of {toy_campaign}, newest first"
    assert shown[2].split()[:2] == ["#", "time"]
    # What the pipe between the two holds is drawn ahead, and no more.
    assert 0 < read < 1500, read


def test_the_pager_shows_every_entry_newest_first_in_pages(
    gmtool: Any, toy_campaign: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmtool.cli import log

    monkeypatch.setattr(sys, "stdout", Terminal())  # the pager is used only from a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    from gmtool.store.campaign import CampaignStore

    fill(toy_campaign, 120, who="Ana")
    gmtool("undo")
    store = CampaignStore.open(toy_campaign)
    screen = tmp_path / "screen"
    pager = ["sh", "-c", f"cat > '{screen}'"]
    assert log._page(toy_campaign, store, pager, {"who": "Ana"}) is True
    assert log._page(toy_campaign, store, ["false"], {"who": "Bo"}) is False  # nothing to page
    store.close()
    text = screen.read_text()
    assert "\x1b[2;9m 120" not in text and "\x1b[2;9m120" in text  # struck, in less -R
    lines = ANSI.sub("", text).splitlines()
    rows = [line.split() for line in lines if "1d20 [" in line]
    assert [int(row[0]) for row in rows] == list(range(120, 0, -1))
    assert "7 (undone)" in next(line for line in lines if line.startswith(" 120 "))
    # The columns keep their widths from page to page: one header.
    assert len([line for line in lines if line.split()[:2] == ["#", "time"]]) == 1
    assert lines[-1] == "the beginning of the log (120 entries)"


def test_a_pager_that_cannot_start_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from gmtool.cli.pager import paging

    refused = pytest.raises(UsageError, match="cannot start the pager 'no-such-pager-here'")
    with refused, paging(["no-such-pager-here"]):
        pass


def test_the_table_marks_undone_rows_in_words_and_in_a_terminal_with_a_strike() -> None:
    from gmtool.render.log import log_table

    entry = {
        "seq": 3, "time": "2024-01-01T10:00:00+00:00", "kind": "roll", "who": "Ana",
        "what": "1d6", "dice": [], "outcome": "5", "mission": "", "scene": "", "voided": True,
    }  # fmt: skip
    plain = log_table("c", [entry])
    assert "5 (undone)" in plain[-1] and "\x1b" not in "".join(plain)
    styled = log_table("c", [entry], styled=True)
    assert styled[-1].startswith(" \x1b[2;9m") and styled[-1].endswith("\x1b[0m")  # dim, struck


def test_show_table_fits_a_terminal_and_lets_a_file_be_wide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gmtool.cli.log import show_table

    entry = {
        "seq": 1, "time": "2024-01-01T10:00:00+00:00", "kind": "roll", "who": "Ana",
        "what": "say " + "word " * 30, "dice": [], "outcome": "", "mission": "", "scene": "",
        "voided": False,
    }  # fmt: skip

    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.delenv("NO_COLOR", raising=False)
    shown = Terminal()
    show_table("c", [entry], out=shown)
    visible = ANSI.sub("", shown.getvalue())
    assert max(len(line) for line in visible.splitlines()) <= 60
    written = io.StringIO()
    show_table("c", [entry], out=written)
    assert any(("word " * 30).strip() in line for line in written.getvalue().splitlines())
