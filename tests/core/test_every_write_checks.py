"""Every write checks the campaign again, whoever holds it open and for how long: the quick
check of the chain under the write lock, the undone flags under the seal, and SQLite's own
check of the pages, whose "malformed" stops every process writing."""

from __future__ import annotations

import gc
import json
import sqlite3
from pathlib import Path

import pytest

from gmtool.engine.game import Game
from gmtool.errors import StoreError
from gmtool.store.schema import SCHEMA_VERSION
from tests.core.old_schema import as_schema
from tests.core.test_integrity import build_campaign, damage, one_line, small_snapshots

__all__ = ["small_snapshots"]  # the fixture, shared


def test_a_campaign_held_open_refuses_a_write_after_its_state_is_forged(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    """What ``serve`` and ``play`` do: open once, write many times. A forged head state
    seen after the open is refused at the next write, and the damage is not sealed over."""
    build_campaign("held")
    game = Game.open("held")  # the long-lived connection, opened while the file was whole
    game.roll("1d6", game.door())
    path = gmtool_home / "campaigns" / "held.db"
    damage(path, "UPDATE game SET state = '{\"count\": 99}'")
    with pytest.raises(StoreError) as refused:
        game.roll("1d6", game.door())
    assert "does not match its checksum" in refused.value.line()
    assert "campaign verify held" in refused.value.line()
    with pytest.raises(StoreError):  # and it stays refused, the rules never see the state
        game.play({"type": "add", "who": "Ann"}, game.door())
    game.store.close()
    gc.collect()
    assert "state does not match" in one_line(gmtool("-c", "held", "roll", "1d6"), 6)
    assert gmtool("campaign", "verify", "held").code == 6


def test_an_undone_flag_changed_outside_gmtool_is_found(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("u")
    path = gmtool_home / "campaigns" / "u.db"
    damage(path, "UPDATE entries SET voided = 1 WHERE seq = 3")
    report = json.loads(gmtool("campaign", "verify", "u", "--json").out)
    assert "the campaign's state does not match its checksum" in report["problems"]
    assert "state does not match" in one_line(gmtool("-c", "u", "roll", "1d6"), 6)


def test_an_undone_flag_changed_behind_its_index_is_found_by_verify(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    """A flipped bit in the row itself: the index still says what gmtool wrote, so only a
    reading of the rows (verify's) sees it."""
    build_campaign("f")
    path = gmtool_home / "campaigns" / "f.db"
    index = "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name = 'entries_voided'"
    for statements in (
        [("PRAGMA writable_schema = ON", ()), (index, ("voided != 0", "voided > 5"))],
        [("UPDATE entries SET voided = 1 WHERE seq = 3", ())],  # the index does not see it
        [("PRAGMA writable_schema = ON", ()), (index, ("voided > 5", "voided != 0"))],
    ):
        conn = sqlite3.connect(path, isolation_level=None)
        for sql, values in statements:
            conn.execute(sql, values)
        conn.close()
    report = json.loads(gmtool("campaign", "verify", "f", "--json").out)
    assert "the campaign's state does not match its checksum" in report["problems"]


def test_a_campaign_of_schema_4_is_migrated_and_stays_whole(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("m")
    path = gmtool_home / "campaigns" / "m.db"
    as_schema(path, 4)
    assert gmtool("-c", "m", "status", "--json").code == 0  # read as it is, sealed the old way
    assert gmtool("campaign", "verify", "m").code == 0
    assert gmtool("-c", "m", "roll", "1d6").code == 0  # migrated, sealed the new way
    assert gmtool("-c", "m", "undo").code == 0
    assert gmtool("campaign", "verify", "m").code == 0, gmtool("campaign", "verify", "m").out
    gc.collect()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


def test_a_campaign_of_schema_4_damaged_before_it_is_migrated_stays_damaged(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("d")
    path = gmtool_home / "campaigns" / "d.db"
    as_schema(path, 4)
    damage(path, "UPDATE game SET rng = 'abc'")
    from gmtool.store.connection import connect

    conn = connect(path, "d")  # a writable open migrates, and seals nothing over
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    assert "state does not match" in one_line(gmtool("-c", "d", "roll", "1d6"), 6)
    assert gmtool("campaign", "verify", "d").code == 6


def scramble_page(path: Path, table: str) -> None:
    """Write garbage over the first page of ``table``'s b-tree (SQLite calls it malformed)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    conn.close()
    with path.open("r+b") as out:
        out.seek((root[0] - 1) * page_size)
        out.write(bytes([0x0D, 0xFF, 0xFF, 0xFF]) * (page_size // 4))


def test_sqlite_finding_the_file_malformed_stops_every_writer(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("p", actions=60)
    path = gmtool_home / "campaigns" / "p.db"
    scramble_page(path, "entry_names")  # far from the rows a write's quick check reads
    held = Game.open("p")
    with pytest.raises(StoreError) as found:
        held.store.watch_pages()  # what play and serve do when they open a campaign
    assert "campaign verify p" in found.value.line()
    with pytest.raises(StoreError):
        held.roll("1d6", held.door())
    held.store.close()
    gc.collect()
    # another process, which never ran the page check, is stopped too
    line = one_line(gmtool("-c", "p", "roll", "1d6"), 6)
    assert "SQLite found the file damaged" in line and "campaign verify p" in line
    assert gmtool("campaign", "verify", "p").code == 6
    assert Path(f"{path}.damaged").exists()


def test_the_mark_goes_when_the_file_proves_whole(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("w")
    path = gmtool_home / "campaigns" / "w.db"
    Path(f"{path}.damaged").write_text("database disk image is malformed\n")
    assert "SQLite found the file damaged" in one_line(gmtool("-c", "w", "roll", "1d6"), 6)
    assert gmtool("campaign", "verify", "w").code == 0  # a backup put back, say
    assert not Path(f"{path}.damaged").exists()
    assert gmtool("-c", "w", "roll", "1d6").code == 0


def test_serve_checks_the_pages_again_every_few_minutes_while_it_runs(
    gmtool, small_snapshots, gmtool_home, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """The watcher serve polls for changes runs SQLite's quick check once PAGES_EVERY has
    passed: damage found then is marked, and every writer stops."""
    from gmtool.store import live

    build_campaign("v", actions=60)
    path = gmtool_home / "campaigns" / "v.db"
    watcher = live.ChangeWatcher("v", path)
    watcher.data_version()  # just opened: no check yet, and nothing to find
    scramble_page(path, "entry_names")
    monkeypatch.setattr(live, "PAGES_EVERY", 0.0)
    try:
        watcher.data_version()
    except StoreError as error:  # SQLite may say so in the check itself
        assert "campaign verify v" in error.line()
    watcher.close()
    assert Path(f"{path}.damaged").exists()
    assert "SQLite found the file damaged" in one_line(gmtool("-c", "v", "roll", "1d6"), 6)
