"""The campaign database when something is wrong with it: damaged pages or rows, a file
that cannot be written. Each is one line naming the campaign, exit 6, nothing written."""

from __future__ import annotations

import gc
import json
import sqlite3
from pathlib import Path

import pytest

from gmtool.games import GAMES
from gmtool.store.schema import SCHEMA_VERSION


@pytest.fixture
def campaign(gmtool, monkeypatch: pytest.MonkeyPatch, gmtool_home: Path) -> Path:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    assert gmtool("campaign", "new", "c1", "--system", "toy", "--seed", "7").code == 0
    assert gmtool("roll", "3d6", "--repeat", "300").code == 0
    for _ in range(3):
        assert gmtool("roll", "1d20").code == 0
    gc.collect()  # close the in-process connections a real command's exit would close
    return gmtool_home / "campaigns" / "c1.db"


def _damage(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(sql)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _one_clear_line(result, needle: str) -> None:  # type: ignore[no-untyped-def]
    assert result.code == 6, result.err
    assert needle in result.err and "campaign 'c1'" in result.err
    assert len(result.err.splitlines()) == 1 and "internal error" not in result.err


def test_a_damaged_page_of_the_log_is_a_store_error(gmtool, campaign: Path) -> None:  # type: ignore[no-untyped-def]
    conn = sqlite3.connect(campaign)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    with campaign.open("r+b") as file:
        file.seek((root - 1) * page)
        file.write(b"\xde\xad\xbe\xef" * (page // 4))
    _one_clear_line(gmtool("log"), "not a readable database")
    _one_clear_line(gmtool("undo"), "not a readable database")


def test_text_that_is_not_utf8_in_the_state_is_a_store_error(gmtool, campaign: Path) -> None:  # type: ignore[no-untyped-def]
    _damage(campaign, "UPDATE game SET state = CAST(x'ff7b' AS TEXT)")
    _one_clear_line(gmtool("status"), "not a readable database")


@pytest.mark.parametrize(
    ("sql", "command"),
    [
        ("UPDATE game SET state = '{not json'", ("status",)),
        ("UPDATE entries SET dice = 'oops' WHERE seq = 2", ("log",)),
        ("""UPDATE entries SET dice = '[{"x": 1}]' WHERE seq = 2""", ("log",)),
        ("""UPDATE entries SET dice = '[{"x": 1}]' WHERE seq = 2""", ("log", "--json")),
        (
            """UPDATE entries SET dice = '[{"dice": [1]}]' WHERE seq = 2""",
            ("log", "--format", "md"),
        ),
        ("UPDATE game SET rng = 'zz'", ("roll", "1d6")),
        ("UPDATE entries SET who = x'41' WHERE seq = 2", ("log",)),  # bytes where text was
    ],
)
def test_a_damaged_row_is_a_store_error(gmtool, campaign: Path, sql: str, command) -> None:  # type: ignore[no-untyped-def]
    _damage(campaign, sql)
    _one_clear_line(gmtool(*command), "is damaged")


def test_undo_without_its_snapshot_is_a_store_error(gmtool, campaign: Path) -> None:  # type: ignore[no-untyped-def]
    from gmtool.engine.game import Game

    game = Game.open("c1")
    game.play({"type": "add"}, game.door(entered=[4]))
    game.store.close()
    _damage(campaign, "DELETE FROM snapshots")
    _one_clear_line(gmtool("undo"), "is damaged")
    assert [e["voided"] for e in json.loads(gmtool("log", "--json").out)][-1] is False


def test_a_write_refused_by_the_disk_is_a_store_error(
    gmtool, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.store import campaign as store_module

    class ReadOnly:
        """A connection whose writes fail as on a read-only file."""

        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def execute(self, sql: str, *args):  # type: ignore[no-untyped-def]
            if sql.startswith(("INSERT", "UPDATE")):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return getattr(self.conn, name)

    real = store_module.connect
    monkeypatch.setattr(store_module, "connect", lambda *a, **k: ReadOnly(real(*a, **k)))
    _one_clear_line(gmtool("roll", "1d6"), "cannot be written")
    monkeypatch.setattr(store_module, "connect", real)
    log = json.loads(gmtool("log", "--json").out)
    assert len(log) == 4


@pytest.mark.parametrize("kind", ["foreign", "empty"])
def test_a_file_that_is_not_a_campaign_is_refused_and_left_as_it_was(
    gmtool, gmtool_home: Path, kind: str
) -> None:  # type: ignore[no-untyped-def]
    folder = gmtool_home / "campaigns"
    folder.mkdir(parents=True)
    stray = folder / "stray.db"
    if kind == "foreign":
        conn = sqlite3.connect(stray)
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.commit()
        conn.close()
    else:
        stray.write_bytes(b"")
    before = stray.read_bytes()
    for args in (("-c", "stray", "status"), ("-c", "stray", "roll", "1d6"), ("-c", "stray", "log")):
        result = gmtool(*args)
        assert result.code == 6 and "is not a gmtool campaign" in result.err, args
    assert "stray  (unreadable)" in gmtool("campaign", "list").out
    gc.collect()
    assert stray.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["stray.db"]


def test_a_storage_folder_that_cannot_be_written_is_one_line(
    gmtool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    monkeypatch.setenv("GMTOOL_HOME", str(not_a_folder))
    result = gmtool("campaign", "new", "x", "--system", "originem")
    assert result.code == 6 and len(result.err.splitlines()) == 1
    assert f"cannot write to the storage folder {not_a_folder}" in result.err
    assert gmtool("roll", "1d6").code == 0  # a quick roll needs no storage


def test_the_current_campaign_that_cannot_be_recorded_is_one_line(
    gmtool, gmtool_home: Path
) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "x", "--system", "originem", "--no-use").code == 0
    (gmtool_home / "current").mkdir()
    result = gmtool("campaign", "use", "x")
    assert result.code == 6 and "cannot write to the storage folder" in result.err
    created = gmtool("campaign", "new", "y", "--system", "originem")
    assert created.code == 6 and "campaign 'y' was created" in created.err
    assert "-c y" in created.err


NEXT_VERSION = """
    ALTER TABLE entries ADD COLUMN note TEXT NOT NULL DEFAULT '';
    CREATE TRIGGER entries_note AFTER INSERT ON entries BEGIN
        UPDATE entries SET note = 'seen; kept' WHERE seq = new.seq;
    END;
"""


CURRENT = SCHEMA_VERSION
NEXT = SCHEMA_VERSION + 1


def _next_schema(monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    from gmtool.store import connection, schema

    monkeypatch.setitem(schema.MIGRATIONS, NEXT, script)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", NEXT)
    monkeypatch.setattr(connection, "SCHEMA_VERSION", NEXT)


def test_an_older_campaign_is_migrated_when_opened(
    gmtool, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    _next_schema(monkeypatch, NEXT_VERSION)
    assert gmtool("roll", "1d6", "--dice", "4").code == 0
    gc.collect()
    conn = sqlite3.connect(campaign)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT
    assert conn.execute("SELECT note FROM entries ORDER BY seq DESC").fetchone()[0] == "seen; kept"
    assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 5


def test_a_failing_migration_changes_nothing(
    gmtool, campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    _next_schema(monkeypatch, "ALTER TABLE entries ADD COLUMN note TEXT; SELECT * FROM nowhere;")
    result = gmtool("roll", "1d6")
    assert result.code == 6 and "no such table: nowhere" in result.err
    gc.collect()
    conn = sqlite3.connect(campaign)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == CURRENT
    columns = [row[1] for row in conn.execute("PRAGMA table_info(entries)")]
    assert "note" not in columns


def test_a_byte_that_is_not_utf8_in_the_schema_is_a_store_error(gmtool, campaign: Path) -> None:  # type: ignore[no-untyped-def]
    _damage(campaign, "SELECT 1")
    data = bytearray(campaign.read_bytes())
    found = data.find(b"CREATE TABLE meta")
    assert 0 < found < 4096  # the schema's text, on the first page
    data[found + 18] = 0xFF  # the "(" after the name: a syntax error quoting the byte
    campaign.write_bytes(bytes(data))
    for command in (("status",), ("roll", "1d6"), ("log",), ("campaign", "verify")):
        result = gmtool(*command)
        assert result.code == 6 and len(result.err.splitlines()) == 1, (command, result.err)
        assert "campaign 'c1'" in result.err


def test_an_export_shows_a_damaged_value_as_text(gmtool, campaign: Path) -> None:  # type: ignore[no-untyped-def]
    _damage(campaign, "UPDATE entries SET who = x'41' WHERE seq = 2")
    result = gmtool("log", "--json")
    assert result.code == 0 and json.loads(result.out)[1]["who"] == "b'A'"
