"""``campaign rebuild`` under the write lock every writer takes: no acknowledged write of
any process is lost, the file keeps its name at every step, and its edges (a read-only
file, a full disk, two rebuilds in one second, seat links) are each one clear outcome."""

from __future__ import annotations

import errno
import gc
import importlib.util
import json
import os
import stat
from pathlib import Path

import pytest

from gmtool.engine.game import Game
from gmtool.store.seat_links import SeatLinks
from tests.core.test_integrity import build_campaign, damage, one_line, small_snapshots

__all__ = ["small_snapshots"]  # the fixture, shared

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rebuilds_among_writers_of_every_kind_lose_no_acknowledged_entry(tmp_path: Path) -> None:
    """The short run of ``bench/race.py``: command-line writers and a held-open ``play``
    session rolling, the phones posting moves over HTTP to a running ``gmtool serve``,
    while rebuilds run; every acknowledged entry checked in the file, one by one."""
    counts = load_bench("race").race(tmp_path, writers=2, rolls=25, moves=12, rebuilds=4)
    assert counts["acknowledged"] == 3 * 25, counts["errors"]
    assert counts["missing"] == 0 and counts["changed"] == 0
    assert counts["moves"] == 12 and counts["moves_lost"] == 0 and counts["moves_in_order"]
    assert counts["rebuilds"] == 4 and counts["backups"] == 4 and counts["whole"]


def test_a_campaign_held_open_writes_on_into_the_rebuilt_file(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("h")
    held = Game.open("h")  # as serve and play hold it
    held.roll("1d6", held.door())
    damage(gmtool_home / "campaigns" / "h.db", "UPDATE snapshots SET state = '{}'")
    assert gmtool("campaign", "rebuild", "h").code == 0
    held.roll("1d6", held.door(), who="after")
    held.store.close()
    gc.collect()
    log = json.loads(gmtool("-c", "h", "log", "--json").out)
    assert log[-1]["who"] == "after" and len(log) == 32
    assert gmtool("campaign", "verify", "h").code == 0


def test_seat_links_survive_a_rebuild(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("s")
    game = Game.open("s")
    links = SeatLinks(game.store).ensure(["gm", "ann"])
    game.store.close()
    assert gmtool("campaign", "rebuild", "s").code == 0
    game = Game.open("s")
    assert SeatLinks(game.store).tokens() == links
    game.store.close()


def test_two_rebuilds_in_one_second_keep_two_copies(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("t")
    kept = [json.loads(gmtool("campaign", "rebuild", "t", "--json").out)["kept"] for _ in "abc"]
    assert len(set(kept)) == 3 and all(Path(name).exists() for name in kept)


def test_a_read_only_campaign_is_not_rebuilt(gmtool, small_snapshots, gmtool_home) -> None:  # type: ignore[no-untyped-def]
    build_campaign("r")
    path = gmtool_home / "campaigns" / "r.db"
    before = path.read_bytes()
    path.chmod(0o400)
    line = one_line(gmtool("campaign", "rebuild", "r"), 6)
    assert "read-only" in line and "changed nothing" in line
    assert path.read_bytes() == before
    assert not list(path.parent.glob("r.db.before-rebuild-*"))


def test_a_full_disk_is_one_line_that_says_so(
    gmtool, small_snapshots, gmtool_home, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("f")
    path = gmtool_home / "campaigns" / "f.db"
    damage(path, "UPDATE game SET state = '{}'")
    from gmtool.store import backup

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(backup, "_sync", full)
        line = one_line(gmtool("campaign", "rebuild", "f"), 6)
    assert "disk is full" in line and "changed nothing" in line and "backup" not in line
    assert not [p for p in path.parent.iterdir() if "before-rebuild" in p.name]
    assert gmtool("campaign", "verify", "f").code == 6  # as it was: nothing changed


def test_a_killed_rebuilds_temporary_copy_is_removed_by_the_next(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("k")
    folder = gmtool_home / "campaigns"
    left = folder / ".k.db.before-rebuild-20260101-000000.new-999999999"
    left.write_bytes(b"x" * 1000)
    assert gmtool("campaign", "rebuild", "k").code == 0
    assert not left.exists()
    assert not [p.name for p in folder.iterdir() if ".new-" in p.name]


def test_campaign_files_folders_and_copies_are_private(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("p")
    folder = gmtool_home / "campaigns"
    held = Game.open("p")
    held.roll("1d6", held.door())  # the -wal and -shm files exist while it is open
    kept = Path(json.loads(gmtool("campaign", "rebuild", "p", "--json").out)["kept"])
    for path in (folder / "p.db", folder / "p.db-wal", folder / "p.db-shm", kept):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert gmtool("campaign", "new", "o", "--from", "originem-demo").code == 0  # caches content
    for made in (gmtool_home, folder, gmtool_home / "cache", gmtool_home / "cache" / "content"):
        assert stat.S_IMODE(made.stat().st_mode) == 0o700, made
    held.store.close()


def test_an_older_campaign_readable_by_all_is_made_private_on_its_next_write(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    build_campaign("o")
    path = gmtool_home / "campaigns" / "o.db"
    os.chmod(path, 0o644)
    assert gmtool("-c", "o", "roll", "1d6").code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize("table", ["entry_names", "log_names", "snapshots", "entries_voided"])
def test_a_malformed_page_in_what_can_be_built_again_is_mended_in_the_same_file(
    gmtool, small_snapshots, gmtool_home, table: str
) -> None:  # type: ignore[no-untyped-def]
    """SQLite calls the file malformed; every writer stops; rebuild copies the log, the game
    and the seat links into a new database and that over the old pages, in the same file,
    while a campaign held open (as serve holds it) writes on afterwards."""
    from tests.core.test_every_write_checks import scramble_page

    build_campaign("m", actions=60)
    game = Game.open("m")
    links = SeatLinks(game.store).ensure(["gm", "ann"])
    game.store.close()
    before = json.loads(gmtool("-c", "m", "log", "--json").out)
    path = gmtool_home / "campaigns" / "m.db"
    inode = path.stat().st_ino
    held = Game.open("m")
    scramble_page(path, table)
    assert gmtool("campaign", "verify", "m").code == 6
    result = gmtool("campaign", "rebuild", "m", "--json")
    assert result.code == 0, result.err
    assert len(list(path.parent.glob("m.db.before-rebuild-*"))) == 1
    assert path.stat().st_ino == inode and not Path(f"{path}.damaged").exists()
    assert gmtool("campaign", "verify", "m").code == 0
    assert json.loads(gmtool("-c", "m", "log", "--json").out) == before
    held.roll("1d6", held.door(), who="after")
    held.store.close()
    game = Game.open("m")
    assert SeatLinks(game.store).tokens() == links
    game.store.close()
    assert json.loads(gmtool("-c", "m", "log", "--json").out)[-1]["who"] == "after"
    assert gmtool("campaign", "verify", "m").code == 0


def test_a_malformed_log_is_refused_and_left_as_it_was(
    gmtool, small_snapshots, gmtool_home
) -> None:  # type: ignore[no-untyped-def]
    from tests.core.test_every_write_checks import scramble_page

    build_campaign("l", actions=60)
    path = gmtool_home / "campaigns" / "l.db"
    scramble_page(path, "entries")
    damaged = path.read_bytes()
    line = one_line(gmtool("campaign", "rebuild", "l"), 6)
    assert "nothing was changed" in line and "backup" in line
    assert path.read_bytes() == damaged
    assert Path(f"{path}.damaged").exists()  # and no one writes to it
    assert gmtool("-c", "l", "roll", "1d6").code == 6
