"""``campaign delete|restore|rename|copy|archive|import`` and ``play --demo X --fresh``:
campaigns as whole files, each step crash-safe, nothing lost, a campaign open elsewhere not
moved, and every refusal one line with nothing written."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gmtool.engine.game import Game

Cli = Callable[..., Any]


@pytest.fixture
def gmtool(gmtool: Cli) -> Cli:
    """Each command as its own process would leave things: the campaigns an earlier
    command in this process opened are closed first (a real command exits)."""
    import gc

    def run(*args: str) -> Any:
        gc.collect()
        return gmtool(*args)

    return run


@pytest.fixture
def made(gmtool: Cli) -> Cli:
    assert gmtool("campaign", "new", "a", "--system", "originem", "--seed", "3").code == 0
    assert gmtool("originem", "nova", "start").code == 0
    assert gmtool("roll", "2d6").code == 0
    return gmtool


def names(gmtool: Cli) -> list[str]:
    return [row["name"] for row in json.loads(gmtool("campaign", "list", "--json").out)]


def log_of(gmtool: Cli, name: str) -> list[dict[str, Any]]:
    result = gmtool("-c", name, "log", "--json")
    assert result.code == 0, result.err
    rows: list[dict[str, Any]] = json.loads(result.out)
    return rows


def whole(gmtool: Cli, name: str) -> bool:
    result = gmtool("campaign", "verify", name, "--json")
    return bool(json.loads(result.out)["whole"])


def files(home: Path) -> list[str]:
    return sorted(p.name for p in (home / "campaigns").iterdir() if p.suffix == ".db")


def one_line(result: Any) -> bool:
    return bool(result.code != 0 and len(result.err.strip().splitlines()) == 1)


# -- delete and restore ----------------------------------------------------------------------


def test_delete_moves_to_the_trash_and_restore_brings_it_back(made: Cli, gmtool_home: Path) -> None:
    before = log_of(made, "a")
    result = made("campaign", "delete", "a", "--yes")
    assert result.code == 0 and "campaign restore a" in result.out
    assert names(made) == [] and list((gmtool_home / "trash").glob("*/a.db"))
    assert made("status").code != 0  # the current campaign went with it
    assert made("campaign", "restore", "a").code == 0
    assert log_of(made, "a") == before and whole(made, "a")
    assert list((gmtool_home / "trash").iterdir()) == []


def test_delete_asks_and_without_a_terminal_needs_yes(made: Cli) -> None:
    result = made("campaign", "delete", "a")
    assert one_line(result) and "--yes" in result.err
    assert names(made) == ["a"]


def test_two_deletions_of_one_name_keep_both(made: Cli, gmtool: Cli) -> None:
    assert made("campaign", "delete", "a", "-y").code == 0
    assert gmtool("campaign", "new", "a", "--system", "astral").code == 0
    assert made("campaign", "delete", "a", "-y").code == 0
    listing = made("campaign", "restore").out.splitlines()
    assert [line.split()[0] for line in listing] == ["a", "a"]
    assert made("campaign", "restore", "a").code == 0  # the latest: the astral one
    assert Game.open("a").system_name == "astral"
    refused = made("campaign", "restore", "a")
    assert one_line(refused) and "already exists" in refused.err
    assert made("campaign", "restore", "a", "--as", "older").code == 0
    assert Game.open("older").system_name == "originem"


@pytest.mark.parametrize(
    "args",
    [
        ("delete", "nope", "--yes"),
        ("restore", "nope"),
        ("rename", "a", "../x"),
        ("rename", "nope", "b"),
        ("copy", "a", ""),
        ("copy", "nope", "b"),
    ],
)
def test_bad_names_are_one_line_and_change_nothing(
    made: Cli, gmtool_home: Path, args: tuple[str, ...]
) -> None:
    before = files(gmtool_home)
    assert one_line(made("campaign", *args))
    assert files(gmtool_home) == before


# -- rename and copy ---------------------------------------------------------------------------


def test_rename_keeps_the_log_and_the_current_campaign_follows(made: Cli) -> None:
    before = log_of(made, "a")
    assert made("campaign", "rename", "a", "b").code == 0
    assert names(made) == ["b"]
    assert log_of(made, "b") == before and whole(made, "b")
    assert made("status").code == 0  # still the current one, under its new name
    assert made("originem", "nova", "pause").code == 0


def test_rename_onto_a_campaign_is_refused(made: Cli, gmtool: Cli) -> None:
    assert gmtool("campaign", "new", "b", "--system", "astral").code == 0
    result = made("campaign", "rename", "a", "b")
    assert one_line(result) and "already exists" in result.err
    assert Game.open("b").system_name == "astral" and Game.open("a").system_name == "originem"


def test_a_copy_is_whole_and_goes_its_own_way(made: Cli) -> None:
    assert made("campaign", "copy", "a", "b").code == 0
    assert log_of(made, "b") == log_of(made, "a") and whole(made, "b")
    assert made("-c", "b", "originem", "nova", "pause").code == 0
    assert Game.open("a").state["nova"]["running"] is True
    assert Game.open("b").state["nova"]["running"] is False
    assert made("-c", "b", "roll", "1d6").code == 0  # the copy's dice carry on: it writes


# -- archive and import ------------------------------------------------------------------------


def test_archive_and_import_round_trip(made: Cli, tmp_path: Path) -> None:
    out = tmp_path / "a.gmtool.zip"
    result = made("campaign", "archive", "a", "--out", str(out))
    assert result.code == 0, result.err
    with zipfile.ZipFile(out) as archive:
        assert {"manifest.json", "campaign.db", "log.json", "content.json"} <= set(
            archive.namelist()
        )
        manifest = json.loads(archive.read("manifest.json"))
        assert manifest["system"] == "originem" and manifest["entries"] == 2
        assert len(json.loads(archive.read("log.json"))) == 2
    assert made("campaign", "delete", "a", "-y").code == 0
    assert made("campaign", "import", str(out)).code == 0
    assert whole(made, "a") and len(log_of(made, "a")) == 2
    again = made("campaign", "import", str(out))
    assert one_line(again) and "--name" in again.err
    assert made("campaign", "import", str(out), "--name", "b").code == 0
    assert made("-c", "b", "roll", "1d6").code == 0


def test_archive_does_not_write_over_a_file(made: Cli, tmp_path: Path) -> None:
    out = tmp_path / "taken.zip"
    out.write_text("mine")
    assert one_line(made("campaign", "archive", "a", "--out", str(out)))
    assert out.read_text() == "mine"


def _rezip(source: Path, target: Path, change: Callable[[str, bytes], bytes | None]) -> None:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for name in old.namelist():
            data = change(name, old.read(name))
            if data is not None:
                new.writestr(name, data)


def _flip(name: str, data: bytes) -> bytes:
    if name != "campaign.db":
        return data
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]


def _foreign_manifest(name: str, data: bytes) -> bytes:
    return b'{"format": "something else"}' if name == "manifest.json" else data


def _no_manifest(name: str, data: bytes) -> bytes | None:
    return None if name == "manifest.json" else data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_flip, "damaged: the database does not match its checksum"),
        (_foreign_manifest, "not a gmtool campaign archive"),
        (_no_manifest, "has no manifest.json"),
    ],
    ids=["flipped byte", "foreign manifest", "no manifest"],
)
def test_a_damaged_or_foreign_archive_is_one_line(
    made: Cli, tmp_path: Path, gmtool_home: Path, change: Any, words: str
) -> None:
    good = tmp_path / "a.zip"
    assert made("campaign", "archive", "a", "-o", str(good)).code == 0
    bad = tmp_path / "bad.zip"
    _rezip(good, bad, change)
    before = files(gmtool_home)
    result = made("campaign", "import", str(bad), "--name", "b")
    assert one_line(result) and words in result.err
    assert files(gmtool_home) == before
    assert not [p for p in (gmtool_home / "campaigns").iterdir() if ".new-" in p.name]


def test_a_forged_database_with_a_good_checksum_fails_the_chain(
    made: Cli, tmp_path: Path, gmtool_home: Path
) -> None:
    """The checksum is right but the log inside was changed: the chain says so."""
    import hashlib
    import sqlite3

    good = tmp_path / "a.zip"
    assert made("campaign", "archive", "a", "-o", str(good)).code == 0
    with zipfile.ZipFile(good) as archive:
        db = tmp_path / "inside.db"
        db.write_bytes(archive.read("campaign.db"))
        manifest = json.loads(archive.read("manifest.json"))
    conn = sqlite3.connect(db)
    conn.execute("UPDATE entries SET outcome = 'forged' WHERE seq = 1")
    conn.commit()
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    data = db.read_bytes()
    manifest["sha256"] = hashlib.sha256(data).hexdigest()
    bad = tmp_path / "forged.zip"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        archive.writestr("campaign.db", data)
    result = made("campaign", "import", str(bad), "--name", "b")
    assert one_line(result) and "damaged" in result.err
    assert names(made) == ["a"]


@pytest.mark.parametrize("content", [b"hello", b"", b"PK\x03\x04broken"])
def test_a_file_that_is_no_zip_is_one_line(made: Cli, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.zip"
    path.write_bytes(content)
    result = made("campaign", "import", str(path))
    assert one_line(result) and "not a gmtool campaign archive" in result.err


# -- a campaign open elsewhere ----------------------------------------------------------------


@pytest.fixture
def held(made: Cli, gmtool_home: Path) -> Iterator[None]:
    """Campaign 'a' open in another process (as ``gmtool play`` keeps it)."""
    script = (
        "import sys, time\n"
        "from gmtool.engine.game import Game\n"
        "game = Game.open('a'); game.state\n"
        "print('open', flush=True)\n"
        "sys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**__import__("os").environ, "GMTOOL_HOME": str(gmtool_home)},
    )
    assert child.stdout is not None and child.stdout.readline() == b"open\n"
    try:
        yield
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=10)
    time.sleep(0)


@pytest.mark.parametrize("args", [("delete", "a", "--yes"), ("rename", "a", "b")])
def test_a_campaign_open_elsewhere_is_not_moved(
    made: Cli, held: None, gmtool_home: Path, args: tuple[str, ...]
) -> None:
    result = made("campaign", *args)
    assert one_line(result) and "open in another gmtool" in result.err
    assert files(gmtool_home) == ["a.db"]


def test_a_campaign_open_elsewhere_may_be_copied(made: Cli, held: None) -> None:
    assert made("campaign", "copy", "a", "b").code == 0
    assert whole(made, "b")


# -- a demo started over ----------------------------------------------------------------------


def test_a_fresh_demo_starts_over_and_keeps_the_old_one(gmtool: Cli, gmtool_home: Path) -> None:
    from gmtool.cli.play import open_demo

    assert open_demo("originem") == "demo-originem"
    assert gmtool("-c", "demo-originem", "originem", "nova", "start").code == 0
    __import__("gc").collect()
    assert open_demo("Originem", fresh=True) == "demo-originem"
    assert Game.open("demo-originem").state["nova"]["started"] is False
    assert gmtool("campaign", "restore", "demo-originem", "--as", "old").code == 0
    assert Game.open("old").state["nova"]["started"] is True


def test_fresh_needs_a_demo(gmtool: Cli) -> None:
    result = gmtool("play", "--fresh")
    assert one_line(result) and "--demo" in result.err
