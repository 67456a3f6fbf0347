"""A command closes its campaign when it ends, and leaves no file open behind it.

sqlite3's connection and its cache of statements refer to each other, so a connection
nobody closed stays open (with its database, -wal and -shm files) until a full garbage
collection: a server or a test process running many commands would pile them up."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator

import pytest


def _open_files() -> list[str]:
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            found.append(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:  # the listing's own descriptor, closed by now
            continue
    return [path for path in found if "campaigns" in path]


@pytest.fixture
def no_collection() -> Iterator[None]:
    """The garbage collector off: what stays open is what was not closed."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc (Linux)")
def test_commands_leave_no_campaign_file_open(gmtool, no_collection: None) -> None:  # type: ignore[no-untyped-def]
    commands = [
        ("campaign", "new", "c1", "--system", "originem", "--seed", "3"),
        ("roll", "1d20"),
        ("roll", "1d6", "--secret"),
        ("roll", "--reveal", "2"),
        ("originem", "scene", "exploration", "--by", "Larlen", "--dice", "7,4,5"),
        ("status",),
        ("log",),
        ("log", "--format", "csv"),
        ("undo",),
        ("redo",),
        ("campaign", "show"),
        ("campaign", "list"),
    ]
    for command in commands:
        assert gmtool(*command).code == 0, command
        assert _open_files() == [], command
    assert gmtool("roll", "1d4", "--dice", "9").code != 0  # refused: a d4 has no 9
    assert _open_files() == []
