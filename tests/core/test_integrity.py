"""Campaigns that can prove they are whole: the checksum chain, the quick check when a
campaign is opened, ``campaign verify`` and ``campaign rebuild``."""

from __future__ import annotations

import gc
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from gmtool.engine.game import Game
from gmtool.games import GAMES
from tests.core.old_schema import as_schema


def build_campaign(name: str, actions: int = 24, rolls: int = 6) -> None:
    """A toy campaign with snapshots (every 5 live actions here), rolls, an undo and a redo."""
    game = Game.create(name, system_name="toy", options={}, overrides={}, seed=11)
    for number in range(actions):
        game.play({"type": "add", "who": f"Zed{number}"}, game.door())
        if number % 4 == 0 and rolls:
            game.roll("1d20", game.door())
            rolls -= 1
    game.undo()
    game.undo()
    game.redo()
    game.store.close()


@pytest.fixture
def small_snapshots(monkeypatch: pytest.MonkeyPatch) -> None:
    from gmtool.engine import integrity
    from gmtool.store import campaign

    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    monkeypatch.setattr(campaign, "SNAPSHOT_EVERY", 5)
    monkeypatch.setattr(integrity, "SNAPSHOT_EVERY", 5)


def damage(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    for sql in statements:
        conn.execute(sql)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def one_line(result, code: int) -> str:  # type: ignore[no-untyped-def]
    assert result.code == code, (result.code, result.err)
    assert len(result.err.strip().splitlines()) == 1, result.err
    return str(result.err)


def test_a_fresh_campaign_is_whole_after_undo_and_redo(gmtool, small_snapshots) -> None:  # type: ignore[no-untyped-def]
    build_campaign("w")
    doc = json.loads(gmtool("campaign", "verify", "w", "--json").out)
    assert doc["whole"] is True and doc["problems"] == []
    assert doc["entries"] == 30 and doc["replayed"] == 23 and doc["snapshots"] >= 4
    result = gmtool("-c", "w", "campaign", "verify")
    assert result.code == 0 and "is whole" in result.out


def test_the_quick_check_refuses_a_write_and_names_verify(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("q")
    path = gmtool_home / "campaigns" / "q.db"
    damage(path, "UPDATE entries SET outcome = '99' WHERE seq = (SELECT max(seq) FROM entries)")
    line = one_line(gmtool("-c", "q", "roll", "1d6"), 6)
    assert "does not match its checksum" in line and "campaign verify q" in line
    assert json.loads(gmtool("-c", "q", "log", "--json").out)[-1]["outcome"] == "99"  # reads go on
    gc.collect()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == 30  # nothing written


def test_a_state_of_the_wrong_shape_is_one_line(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("s")
    damage(gmtool_home / "campaigns" / "s.db", "UPDATE game SET state = '[1,2,3]'")
    for command in (("status",), ("undo",), ("roll", "1d6")):
        assert "state does not match" in one_line(gmtool("-c", "s", *command), 6)


def test_rebuild_restores_the_state_and_snapshots_from_a_whole_log(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("r")
    before = json.loads(gmtool("-c", "r", "status", "--json").out)
    path = gmtool_home / "campaigns" / "r.db"
    damage(path, "UPDATE game SET state = '{}'", "UPDATE snapshots SET state = '{\"count\": 1}'")
    assert gmtool("campaign", "verify", "r").code == 6
    gc.collect()
    result = gmtool("campaign", "rebuild", "r")
    assert result.code == 0 and "23 live actions replayed" in result.out, result.err
    assert gmtool("campaign", "verify", "r").code == 0
    assert json.loads(gmtool("-c", "r", "status", "--json").out) == before
    assert gmtool("-c", "r", "roll", "1d6").code == 0 and gmtool("-c", "r", "undo").code == 0
    assert [p.name for p in path.parent.glob("r.db.before-rebuild-*")]  # the old file is kept
    assert gmtool("campaign", "list").out.count(" r ") == 1


def test_rebuild_refuses_a_log_that_is_not_whole(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("b")
    path = gmtool_home / "campaigns" / "b.db"
    damage(path, "DELETE FROM entries WHERE seq = 7")
    line = one_line(gmtool("campaign", "rebuild", "b"), 6)
    assert "log is damaged" in line and "entry #8" in line
    assert not list(path.parent.glob("b.db.before-rebuild-*"))


def test_an_older_campaign_gains_its_checksums_on_its_first_write(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("o")
    path = gmtool_home / "campaigns" / "o.db"
    as_schema(
        path,
        1,
        "ALTER TABLE entries DROP COLUMN hash",
        "ALTER TABLE entries DROP COLUMN rng",
        "ALTER TABLE snapshots DROP COLUMN hash",
        "ALTER TABLE game DROP COLUMN seal",
        "DROP TABLE seat_links",  # schema 3
    )
    assert gmtool("-c", "o", "status", "--json").code == 0  # read as it is
    assert "no checksums yet" in gmtool("campaign", "verify", "o").out
    assert gmtool("-c", "o", "roll", "1d6").code == 0
    assert gmtool("campaign", "verify", "o").code == 0


# -- the damaged-file corpus ---------------------------------------------------------------

SQL_DAMAGE = {
    "state of the wrong shape": "UPDATE game SET state = '[1,2,3]'",
    "state changed": 'UPDATE game SET state = \'{"count": 5, "history": [5]}\'',
    "state not JSON": "UPDATE game SET state = '{not json'",
    "state not UTF-8": "UPDATE game SET state = CAST(x'ff7b' AS TEXT)",
    "an old entry changed": "UPDATE entries SET outcome = '6' WHERE seq = 3",
    "the last entry's dice": "UPDATE entries SET dice = '[]' WHERE seq = 30",
    "an entry removed": "DELETE FROM entries WHERE seq = 10",
    "an entry added": "INSERT INTO entries (time, kind, dice, result)"
    " VALUES ('t', 'roll', '[]', '{}')",
    "an entry un-voided": "UPDATE entries SET voided = 0 WHERE voided = 1 AND kind = 'action'",
    "a live action voided": "UPDATE entries SET voided = 1 WHERE seq = 4",
    "a snapshot changed": "UPDATE snapshots SET state = '{}' WHERE seq > 0",
    "the first snapshot removed": "DELETE FROM snapshots WHERE seq = 0",
    "a snapshot's hash": "UPDATE snapshots SET hash = 'x' WHERE seq = 0",
    "an entry's hash": "UPDATE entries SET hash = 'x' WHERE seq = 12",
    "the dice generator": "UPDATE game SET rng = '1234'",
    "the options": "UPDATE game SET options = '{\"start\": 50}'",
    "the redo list": "UPDATE game SET redo = '[1]'",
    "the game row removed": "DELETE FROM game",
    "the log's table dropped": "DROP TABLE entries",
    "a newer schema": "PRAGMA user_version = 99",
    "no schema": "PRAGMA user_version = 0",
}


def _bytes_damage(data: bytes, kind: str) -> bytes:
    page = int.from_bytes(data[16:18], "big")
    if kind == "emptied":
        return b""
    if kind == "cut in half":
        return data[: len(data) // 2]
    if kind == "last page cut":
        return data[:-page]
    if kind == "header cut":
        return data[:60]
    if kind == "header magic flipped":
        return b"SQLite formbt 3\x00" + data[16:]
    if kind == "a page zeroed":
        return data[:page] + bytes(page) + data[2 * page :]
    found = data.find(b"Zed13")  # the text of one logged entry, in its page
    if kind == "a logged name flipped":
        return data[:found] + b"Zfd13" + data[found + 5 :]
    if kind == "the pages after the first scrambled":
        return data[:page] + bytes((b * 7 + 3) % 256 for b in data[page:])
    raise AssertionError(kind)


BYTE_DAMAGE = [
    "emptied",
    "cut in half",
    "last page cut",
    "header cut",
    "header magic flipped",
    "a page zeroed",
    "a logged name flipped",
    "the pages after the first scrambled",
]


@pytest.fixture
def pristine(small_snapshots, gmtool_home: Path) -> bytes:  # type: ignore[no-untyped-def]
    build_campaign("pristine")
    gc.collect()
    path = gmtool_home / "campaigns" / "pristine.db"
    damage(path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path.read_bytes()


@pytest.mark.parametrize("kind", [*SQL_DAMAGE, *BYTE_DAMAGE])
def test_every_damage_in_the_corpus_is_found_and_every_command_is_one_line(
    gmtool, pristine: bytes, gmtool_home: Path, kind: str
) -> None:  # type: ignore[no-untyped-def]
    path = gmtool_home / "campaigns" / "case.db"
    if kind in SQL_DAMAGE:
        path.write_bytes(pristine)
        damage(path, SQL_DAMAGE[kind])
    else:
        path.write_bytes(_bytes_damage(pristine, kind))
    verified = gmtool("campaign", "verify", "case")
    assert verified.code == 6, (kind, verified.out, verified.err)
    one_line(verified, 6)
    commands = (
        ("status", "--json"),
        ("log", "--json"),
        ("roll", "1d6"),
        ("undo",),
        ("campaign", "show"),
    )
    for command in commands:
        result = gmtool("-c", "case", *command)
        assert result.code in (0, 2, 3, 4, 5, 6), (kind, command, result.err)
        assert len(result.err.strip().splitlines()) <= 1, (kind, command, result.err)
        if command[0] == "log" and result.code == 0:
            json.loads(result.out)
    gc.collect()


def test_rebuild_mends_every_damage_that_leaves_the_log_whole(
    gmtool, pristine: bytes, gmtool_home: Path
) -> None:  # type: ignore[no-untyped-def]
    mendable = ["state of the wrong shape", "state changed", "state not JSON", "a snapshot changed"]
    mendable += ["the dice generator", "the redo list", "a snapshot's hash"]
    for number, kind in enumerate(mendable):
        path = gmtool_home / "campaigns" / f"m{number}.db"
        path.write_bytes(pristine)
        damage(path, SQL_DAMAGE[kind])
        result = gmtool("campaign", "rebuild", f"m{number}")
        assert result.code == 0, (kind, result.err)
        assert gmtool("campaign", "verify", f"m{number}").code == 0, kind
        assert json.loads(gmtool("-c", f"m{number}", "status", "--json").out)["count"] > 0
    gc.collect()
    shutil.rmtree(gmtool_home / "campaigns")


def test_an_action_that_is_not_json_is_reported_not_a_crash(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.store.seals import rehash_all

    build_campaign("j")
    path = gmtool_home / "campaigns" / "j.db"
    damage(path, "UPDATE entries SET action = '{' WHERE seq = 3")
    verified = gmtool("campaign", "verify", "j")
    assert verified.code == 6 and "the action of entry #3 is not readable" in verified.out
    # Chained again as it stands (as a migration takes an older log): rebuild must refuse.
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    rehash_all(conn)
    conn.execute("COMMIT")
    conn.close()
    line = one_line(gmtool("campaign", "rebuild", "j"), 6)
    assert "cannot be rebuilt: the action of entry #3 is not readable" in line
