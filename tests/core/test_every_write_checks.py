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
    watch = held.store.watch_pages()  # what play and serve do when they open a campaign
    assert watch.after_rounds(1, timeout=60)
    assert watch.found is not None  # the integrity check's problems, or the error it met
    assert "integrity check" in watch.found or "malformed" in watch.found
    with pytest.raises(StoreError) as refused:
        held.roll("1d6", held.door())
    assert "campaign verify p" in refused.value.line()
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


def test_a_session_checks_the_whole_campaign_again_on_its_timer(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    """The watch of a session that stays open checks the whole campaign when it opens and
    again every PAGES_EVERY seconds, with no write needed to set it off: an old entry
    changed while it waits is found in the next round, and stops every write, the
    session's and the command line's. The clock is faked: the watch's wait returns at
    once, and the damage is done while it "waits"."""
    from gmtool.store.watch import PAGES_EVERY

    build_campaign("v", actions=60)
    path = gmtool_home / "campaigns" / "v.db"
    held = Game.open("v")
    waits: list[float] = []

    def wait(seconds: float) -> bool:
        waits.append(seconds)
        if seconds == PAGES_EVERY and waits.count(PAGES_EVERY) == 1:
            damage(path, "UPDATE entries SET outcome = 'forged' WHERE seq = 2")
        return waits.count(PAGES_EVERY) > 1  # a third round would stop the watch

    watch = held.store.watch_pages(wait=wait)
    assert watch.after_rounds(2, timeout=60)
    assert waits == [PAGES_EVERY]  # the first round found nothing, the second stopped it
    assert watch.found == "entry #2 does not match its checksum"
    with pytest.raises(StoreError) as refused:
        held.roll("1d6", held.door())
    assert "entry #2 does not match its checksum" in refused.value.line()
    assert "campaign verify v" in refused.value.line()
    held.store.close()
    gc.collect()
    assert Path(f"{path}.damaged").read_text().strip() == watch.found
    assert "entry #2 does not match" in one_line(gmtool("-c", "v", "roll", "1d6"), 6)


def test_serve_watches_the_campaign_it_serves(gmtool_home) -> None:  # type: ignore[no-untyped-def]
    """The live campaign of ``serve`` starts the watch as it opens: a page SQLite finds
    damaged stops a move with the one line the command line gives."""
    from gmtool.web.campaign import LiveCampaign

    game = Game.create("s", system_name="originem", options={}, overrides={}, seed=3)
    for _ in range(20):
        game.roll("1d20", game.door(), who="Ana")
    game.store.close()
    gc.collect()
    scramble_page(gmtool_home / "campaigns" / "s.db", "entry_names")
    live = LiveCampaign("s")
    try:
        watch = live.call(lambda: live.game.store.watch)
        assert watch is not None and watch.after_rounds(1, timeout=60)
        with pytest.raises(StoreError) as refused:
            live.call(lambda: live.game.roll("1d6", live.game.door()))
        assert "SQLite" in refused.value.line()
        assert "campaign verify s" in refused.value.line()
    finally:
        live.close()


def test_an_old_entry_changed_is_found_before_the_next_write(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    """A log shorter than CHAIN_SLICE is checked whole before every write: an entry far from
    the last ones, changed, refuses the next write, from the command line and a held open
    campaign alike."""
    build_campaign("old")
    path = gmtool_home / "campaigns" / "old.db"
    held = Game.open("old")
    damage(path, "UPDATE entries SET outcome = 'forged' WHERE seq = 2")
    line = one_line(gmtool("-c", "old", "roll", "1d6"), 6)
    assert "entry #2 does not match its checksum" in line and "campaign verify old" in line
    with pytest.raises(StoreError) as refused:
        held.roll("1d6", held.door())
    assert "entry #2 does not match" in refused.value.line()
    held.store.close()
    gc.collect()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 30  # nothing written
    conn.close()


def test_a_longer_log_is_checked_slice_by_slice_round_and_round(
    gmtool, small_snapshots, gmtool_home, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """With slices of 8 links, a 30-entry log is checked whole every 4 writes: damage to
    entry 12 is found at the first write whose slice holds it, and that slice is checked
    again at every write after, none of which goes ahead."""
    from gmtool.store import campaign

    monkeypatch.setattr(campaign, "CHAIN_SLICE", 8)
    build_campaign("long")  # 30 entries, written with slices of 8: the mark is somewhere
    path = gmtool_home / "campaigns" / "long.db"

    def checked_to() -> int:
        conn = sqlite3.connect(path)
        row = conn.execute("SELECT value FROM meta WHERE key = 'chain_checked_to'").fetchone()
        conn.close()
        return int(row[0]) if row else 0

    for _ in range(5):  # round to the start again
        if checked_to() == 0:
            break
        assert gmtool("-c", "long", "roll", "1d6").code == 0
    assert checked_to() == 0
    conn = sqlite3.connect(path)
    written = conn.execute("SELECT max(seq) FROM entries").fetchone()[0]
    conn.close()
    damage(path, "UPDATE entries SET outcome = 'forged' WHERE seq = 12")  # the second slice
    assert gmtool("-c", "long", "roll", "1d6").code == 0  # entries 1-8 hold
    assert checked_to() == 8
    for _ in range(2):
        line = one_line(gmtool("-c", "long", "roll", "1d6"), 6)
        assert "entry #12 does not match its checksum" in line
        assert checked_to() == 8  # the refused write left the mark where it was
    gc.collect()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT max(seq) FROM entries").fetchone()[0] == written + 1
    conn.close()


def test_the_watch_finds_text_sqlite_cannot_decode(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    """Bytes that are not UTF-8 in an old entry stop the chain's reading itself: that is
    damage found too, not a round that failed to end."""
    build_campaign("t")
    path = gmtool_home / "campaigns" / "t.db"
    damage(path, "UPDATE entries SET what = CAST(x'ff41' AS TEXT) WHERE seq = 2")
    held = Game.open("t")
    watch = held.store.watch_pages(wait=lambda seconds: True)
    assert watch.after_rounds(1, timeout=60)
    assert watch.found is not None and "decode" in watch.found
    with pytest.raises(StoreError) as refused:
        held.roll("1d6", held.door())
    assert "campaign verify t" in refused.value.line()
    held.store.close()


def test_the_watch_finds_an_index_that_no_longer_matches_its_table(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    """Damage to an index alone changes no row, so no link or seal can see it, nor SQLite's
    quick check: the watch's integrity check reads every index against its table."""
    build_campaign("i")
    path = gmtool_home / "campaigns" / "i.db"
    before = sqlite3.connect(path).execute("SELECT * FROM entries ORDER BY seq").fetchall()
    index = "UPDATE sqlite_master SET sql = replace(sql, '(seq)', '(voided)')"
    damage(path, "PRAGMA writable_schema = ON", index + " WHERE name = 'entries_voided'")
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT * FROM entries ORDER BY seq").fetchall() == before
    assert conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]  # the pages are whole
    conn.close()
    held = Game.open("i")
    watch = held.store.watch_pages(wait=lambda seconds: True)
    assert watch.after_rounds(1, timeout=60)
    assert watch.found is not None and "integrity check" in watch.found
    with pytest.raises(StoreError) as refused:
        held.roll("1d6", held.door())
    assert "campaign verify i" in refused.value.line()
    held.store.close()
