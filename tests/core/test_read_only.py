"""Commands that only read open the campaign read-only: an archived campaign, on a disk or
in a folder that cannot be written, can still be viewed; a write fails in one line."""

from __future__ import annotations

import gc
import json
import sqlite3
from pathlib import Path

import pytest

from gmtool.store import connection

READS = [
    ("status", "--json"),
    ("status",),
    ("log",),
    ("log", "--format", "md"),
    ("log", "--format", "csv"),
    ("log", "--json"),
    ("campaign", "show"),
    ("campaign", "list"),
    ("campaign", "verify"),
    ("originem", "odds", "exploration", "--by", "Larlen"),
    ("originem", "mission", "list"),
]


@pytest.fixture
def unwritable(gmtool, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """An Originem campaign with a few entries, then every writable open refused as a
    read-only disk refuses it."""
    assert gmtool("campaign", "new", "arch", "--from", "originem-demo").code == 0
    assert gmtool("originem", "scene", "general", "--by", "Remmy", "--dice", "3,3,3").code == 0
    assert gmtool("roll", "2d6").code == 0
    gc.collect()
    real = connection._open

    def read_only_disk(path: Path, readonly: bool) -> sqlite3.Connection:
        if not readonly:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return real(path, readonly)

    monkeypatch.setattr(connection, "_open", read_only_disk)


@pytest.mark.parametrize("command", READS, ids=" ".join)
def test_a_campaign_that_cannot_be_written_can_be_read(gmtool, unwritable, command) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*command)
    assert result.code == 0, result.err
    if "--json" in command:
        json.loads(result.out)


@pytest.mark.parametrize(
    "command", [("roll", "1d6"), ("undo",), ("originem", "nova", "start")], ids=" ".join
)
def test_a_write_to_it_is_one_line(gmtool, unwritable, command) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*command)
    assert result.code == 6 and len(result.err.splitlines()) == 1, result.err
    assert "cannot be written" in result.err and "campaign 'arch'" in result.err
