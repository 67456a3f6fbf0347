"""The log's filters read indexes (``store/log_names.py``, ``store/log_reading.py``): the
same entries in the same order as reading every entry did, for any names, missions and
scenes; an older campaign gains the indexes in one transaction and loses nothing; and
the web's list of names comes from them."""

from __future__ import annotations

import gc
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gmtool.engine.game import Game
from gmtool.errors import StoreError
from gmtool.games import GAMES
from gmtool.store.campaign import CampaignStore
from gmtool.store.live import LogHead
from gmtool.store.log_reading import LOG_COLUMNS, log_query
from gmtool.store.schema import SCHEMA_VERSION
from tests.core.old_schema import as_schema

PIECES = ["Ana", "ana", "ANA", "Cy", "Ü", "ü", "ß", "ss", "K", "k", "İ", "i", "ſ", "%"]
PIECES += ["_", "\\", " ", ",", ", ", "-", "Map Out", "map-out", "map_out", "MAP OUT", "", "\x00"]


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    game = Game.create("logs", system_name="toy", options={}, overrides={}, seed=3)
    yield game
    game.store.close()


def write(game: Game, who: str, mission: str = "", scene: str = "") -> None:
    """An entry with these fields, written as every command writes one."""
    with game.store.transaction():
        game.store.append(
            kind="roll",
            fields={"who": who, "what": "1d6", "outcome": "3", "mission": mission, "scene": scene},
            action=None,
            dice=[],
            result={},
            rng=game.store.rng_state(),
            state=None,
        )


def scanned(store: CampaignStore, **filters: Any) -> list[tuple[Any, ...]]:
    """The rows as the log found them before it had indexes: every entry read."""
    last, newest_first = filters.pop("last", None), filters.pop("newest_first", False)
    sql, params = log_query(**filters, last=last, columns=LOG_COLUMNS, newest_first=newest_first)
    if last is not None and not newest_first:
        sql = f"SELECT * FROM ({sql}) ORDER BY seq"
    return store.conn.execute(sql, params).fetchall()


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 3)))


def fill_at_random(game: Game, rng: random.Random, count: int) -> list[str]:
    """``count`` entries by one to three people with random names, missions and scenes;
    the texts written, to filter by."""
    written: list[str] = []
    for _ in range(count):
        names = [random_text(rng) for _ in range(rng.randint(1, 3))]
        mission, scene = random_text(rng), random_text(rng)
        write(game, ", ".join(names), mission, scene)
        written += [*names, ", ".join(names[:2]), mission, scene]
    return written


def test_every_filter_finds_what_reading_every_entry_found(toy: Game) -> None:
    rng = random.Random(14)
    written = fill_at_random(toy, rng, 300)
    toy.undo()
    store = toy.store
    checked = 0
    for _ in range(600):
        filters: dict[str, Any] = {}
        for field in ("who", "mission", "scene"):
            if rng.random() < 0.6:
                filters[field] = rng.choice(written) if rng.random() < 0.7 else random_text(rng)
        filters = {"who": None, "mission": None, "scene": None, **filters}
        for last, newest_first in ((None, False), (None, True), (3, False), (51, False)):
            if last is not None and newest_first:
                continue
            reading = {"last": last, "newest_first": newest_first}
            expected = scanned(store, **filters, **reading)
            assert list(store.log_rows(**filters, **reading)) == expected, filters
            checked += bool(expected)
        entries = store.entries(**filters)
        assert [e.seq for e in entries] == [row[0] for row in scanned(store, **filters)]
    assert checked > 300  # most filters found something


def test_a_filter_reads_only_what_it_finds(toy: Game) -> None:
    for number in range(200):
        write(toy, "Ana" if number % 2 else "Bo, Cy", "Map Out Ancient Forest", "puzzle")
    plans = []
    for filters in ({"who": "Nobody"}, {"mission": "nosuch"}, {"scene": "Puzzle"}):
        sql, params = log_query(
            **{"who": None, "mission": None, "scene": None, **filters},
            last=51,
            by_name=True,
            key_of=lambda value: value.lower().replace(" ", "_").replace("-", "_"),
        )
        plans.append(
            [row[3] for row in toy.store.conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
        )
    assert plans[0] == [
        "SEARCH named USING PRIMARY KEY (name=?)",
        "SEARCH entries USING INTEGER PRIMARY KEY (rowid=?)",
    ]
    assert plans[1] == ["SEARCH entries USING INDEX entries_mission_key (<expr>=?)"]
    assert plans[2] == ["SEARCH entries USING INDEX entries_scene_key (<expr>=?)"]


def test_each_filter_of_gmtool_log(gmtool, toy: Game) -> None:  # type: ignore[no-untyped-def]
    write(toy, "Ana", "Map Out Ancient Forest", "exploration")
    write(toy, "Ana, Cy", "Face Opponents Head On", "combat")
    write(toy, "cy", "Map Out Ancient Forest", "puzzle")
    write(toy, "Anabel", "", "")
    write(toy, "Bo, Ana, Di", "map-out ancient forest", "Exploration")

    def whos(*args: str) -> list[str]:
        result = gmtool("-c", "logs", "log", *args, "--format", "json")
        assert result.code == 0, result.err
        return [entry["who"] for entry in json.loads(result.out)]

    assert whos("--who", "ana") == ["Ana", "Ana, Cy", "Bo, Ana, Di"]
    assert whos("--who", "CY") == ["Ana, Cy", "cy"]
    assert whos("--who", "Ana, Cy") == ["Ana, Cy"]  # several names: read from who itself
    assert whos("--who", "Nobody") == []
    assert whos("--mission", "map_out_ancient_forest") == ["Ana", "cy", "Bo, Ana, Di"]
    assert whos("--mission", "FACE OPPONENTS HEAD ON") == ["Ana, Cy"]
    assert whos("--scene", "exploration") == ["Ana", "Bo, Ana, Di"]
    assert whos("--scene", "nosuch") == []
    assert whos("--who", "ana", "--mission", "Map Out Ancient Forest") == ["Ana", "Bo, Ana, Di"]
    assert whos("--who", "ana", "--scene", "exploration", "--last", "1") == ["Bo, Ana, Di"]
    table = gmtool("-c", "logs", "log", "--who", "Cy", "--no-pager")
    assert table.code == 0 and "Ana, Cy" in table.out and "Anabel" not in table.out


def _filtered_logs(gmtool) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    """What ``gmtool log`` prints for each of several filters (as JSON), and the table."""
    filters = [
        ["--who", "Ana"],
        ["--who", "cy"],
        ["--who", "Ana, Cy"],
        ["--who", ""],
        ["--who", "Nobody"],
        ["--mission", "map_out_ancient_forest"],
        ["--scene", "PUZZLE"],
        ["--who", "Ana", "--scene", "exploration"],
        [],
    ]
    seen: dict[str, Any] = {}
    for words in filters:
        result = gmtool("-c", "logs", "log", *words, "--format", "json")
        assert result.code == 0, result.err
        seen[" ".join(words)] = json.loads(result.out)
    seen["table"] = gmtool("-c", "logs", "log", "--who", "Ana", "--no-pager").out
    return seen


def test_an_older_campaign_filters_the_same_once_upgraded(
    gmtool, gmtool_home: Path, toy: Game
) -> None:  # type: ignore[no-untyped-def]
    for number in range(120):
        who = ["Ana", "Ana, Cy", "cy", "Bo, Ana", "", "GM"][number % 6]
        scene = ["exploration", "puzzle", ""][number % 3]
        write(toy, who, "Map Out Ancient Forest" if number % 2 else "", scene)
    toy.play({"type": "add", "who": "Ana"}, toy.door(entered=[4]))
    toy.undo()  # an undone entry: still found by the filters, marked voided
    toy.store.close()
    path = gmtool_home / "campaigns" / "logs.db"
    before = _filtered_logs(gmtool)
    as_schema(path, 3)
    rows_before = _all_rows(path)

    # Read-only, the old campaign is read as it is, by reading who.
    assert _filtered_logs(gmtool) == before
    assert _schema(path) == 3
    # The first write brings it up to date: the same rows, and the same filtered logs.
    _open_for_writing()
    assert _schema(path) == SCHEMA_VERSION
    assert _all_rows(path) == rows_before
    assert _filtered_logs(gmtool) == before
    assert gmtool("campaign", "verify", "logs").code == 0
    # Undo still marks an entry voided, which the filters still show.
    assert gmtool("-c", "logs", "roll", "1d6", "--by", "Ana").code == 0
    assert gmtool("-c", "logs", "undo").code == 0
    shown = json.loads(gmtool("-c", "logs", "log", "--who", "ana", "--format", "json").out)
    assert shown[-1]["voided"] and shown[:-1] == before["--who Ana"]
    assert len(_all_rows(path)) == len(rows_before) + 1


def test_the_upgrade_is_one_transaction(
    gmtool, gmtool_home: Path, toy: Game, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.store import log_names

    for who in ("Ana", "Bo, Cy", "Di"):
        write(toy, who)
    toy.store.close()
    path = gmtool_home / "campaigns" / "logs.db"
    as_schema(path, 3)
    rows_before = _all_rows(path)
    real = log_names.add_all_names

    def fails_half_way(conn: sqlite3.Connection) -> None:
        real(conn)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(log_names, "add_all_names", fails_half_way)
    with pytest.raises(StoreError):
        _open_for_writing()
    assert _schema(path) == 3
    assert _tables(path) >= {"entries_who"} and not _tables(path) & {"entry_names", "log_names"}
    assert _all_rows(path) == rows_before


def test_an_entry_whose_who_is_damaged_does_not_stop_the_upgrade(
    gmtool, gmtool_home: Path, toy: Game
) -> None:  # type: ignore[no-untyped-def]
    write(toy, "Ana")
    write(toy, "Bo")
    toy.store.close()
    path = gmtool_home / "campaigns" / "logs.db"
    as_schema(path, 3, "UPDATE entries SET who = x'41' WHERE seq = 1")
    _open_for_writing()
    assert _schema(path) == SCHEMA_VERSION
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT name, seq FROM entry_names").fetchall() == [("Bo", 2)]


def test_a_rebuilt_campaign_keeps_its_names(gmtool, toy: Game) -> None:  # type: ignore[no-untyped-def]
    for who in ("Ana", "Bo, Ana", "Cy"):
        write(toy, who, "Map Out Ancient Forest", "puzzle")
    toy.store.close()
    before = _filtered_logs(gmtool)
    assert gmtool("campaign", "rebuild", "logs").code == 0
    assert _filtered_logs(gmtool) == before


def test_the_names_of_the_web_log_come_from_the_names_kept(
    gmtool, gmtool_home: Path, toy: Game
) -> None:  # type: ignore[no-untyped-def]
    for who in ("Ana, Bo", "ana", "Cy,Di", " Ed ", "", "Bo", "Ana, Bo", "Fay, "):
        write(toy, who)
    expected = {"Ana", "ana", "Bo", "Cy", "Di", "Ed", "Fay"}
    statements: list[str] = []
    toy.store.conn.set_trace_callback(statements.append)
    names = LogHead(toy.store).names()
    assert set(names) == expected and len(names) == len(expected)
    assert [n.casefold() for n in names] == sorted(n.casefold() for n in expected)
    assert statements
    plans = [
        step[3]
        for sql in statements
        for step in toy.store.conn.execute(f"EXPLAIN QUERY PLAN {sql}").fetchall()
    ]
    # The list of names is read whole; an entry only by its number (a name's first entry,
    # to see it is no secret roll of the GM's), and no table else is read through.
    assert [step for step in plans if step.startswith("SCAN")] == ["SCAN log_names"], plans
    assert all("PRIMARY KEY" in s for s in plans if "entries" in s), plans
    toy.store.close()
    as_schema(gmtool_home / "campaigns" / "logs.db", 3)
    old = CampaignStore.open("logs")  # read-only: no names table yet, who is read
    try:
        assert set(LogHead(old).names()) == expected
    finally:
        old.close()


def _open_for_writing() -> None:
    """Open the campaign as a command that writes does (which brings its schema up to date)."""
    store = CampaignStore.open("logs", check=False)
    try:
        store.open_for_writing()
    finally:
        store.close()
        gc.collect()


def _all_rows(path: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT * FROM entries ORDER BY seq").fetchall()


def _schema(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}


@pytest.mark.parametrize(
    ("damage", "found"),
    [
        ("DELETE FROM entry_names WHERE seq = 2", "entry #2's names"),
        ("UPDATE entry_names SET name = 'Bob' WHERE seq = 3", "entry #3's names"),
        ("INSERT INTO entry_names VALUES ('Ana', 99)", "entry #99, which the log lacks"),
        ("INSERT INTO entry_names VALUES ('Ana', 0)", "entry #0, which the log lacks"),
        ("INSERT INTO entry_names VALUES ('Eve', 1)", "entry #1's names"),
        ("DELETE FROM log_names WHERE name = 'Cy'", "the list of the log's names"),
    ],
)
def test_verify_finds_an_index_of_names_that_does_not_match_and_rebuild_mends_it(
    gmtool, gmtool_home: Path, toy: Game, damage: str, found: str
) -> None:  # type: ignore[no-untyped-def]
    for who in ("Ana", "Bo, ana, Ana", "Cy", ""):
        write(toy, who)
    toy.store.close()
    whole = gmtool("campaign", "verify", "logs")
    assert whole.code == 0 and "names: the index of who did what matches the log" in whole.out
    as_schema(gmtool_home / "campaigns" / "logs.db", SCHEMA_VERSION, damage)
    damaged = gmtool("campaign", "verify", "logs")
    assert damaged.code == 6 and found in damaged.out, damaged.out
    assert gmtool("campaign", "rebuild", "logs").code == 0
    assert gmtool("campaign", "verify", "logs").code == 0
