"""The engine over the store: play, reject, undo, redo, snapshots, replay."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gmtool.engine.game import Game
from gmtool.errors import DiceError, RulesError
from gmtool.games import GAMES
from gmtool.store import campaign as store_module


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    with Game.create("t", system_name="toy", options={}, overrides={}, seed=1) as game:
        yield game


def add(game: Game, *faces: int) -> int:
    door = game.door(entered=list(faces)) if faces else game.door()
    return int(game.play({"type": "add"}, door).result["count"])


def test_play_records_faces_and_state(toy: Game) -> None:
    assert add(toy, 4) == 4
    assert add(toy, 6) == 10
    entries = toy.store.entries()
    assert [e.dice[0]["dice"][0]["face"] for e in entries] == [4, 6]
    assert entries[0].dice[0]["source"] == "entered"
    assert Game.open("t").state["count"] == 10


def test_rejected_action_writes_nothing(toy: Game) -> None:
    add(toy, 3)
    with pytest.raises(RulesError):
        toy.play({"type": "fail"}, toy.door())
    with pytest.raises(DiceError):
        toy.play({"type": "add"}, toy.door(entered=[9]))
    with pytest.raises(DiceError):
        toy.play({"type": "add"}, toy.door(entered=[1, 2]))
    assert toy.store.count_entries() == 1
    assert toy.state["count"] == 3


def test_undo_marks_voided_and_redo_restores(toy: Game) -> None:
    for face in (1, 2, 3):
        add(toy, face)
    undone = toy.undo()
    assert undone.seq == 3 and toy.state["count"] == 3
    toy.undo()
    assert toy.state["count"] == 1
    assert [e.voided for e in toy.store.entries()] == [False, True, True]
    assert toy.redo().seq == 2 and toy.state["count"] == 3
    assert toy.redo().seq == 3 and toy.state["count"] == 6
    with pytest.raises(RulesError, match="nothing to redo"):
        toy.redo()


def test_new_entry_after_undo_clears_redo(toy: Game) -> None:
    add(toy, 1)
    add(toy, 2)
    toy.undo()
    add(toy, 5)
    assert toy.state["count"] == 6
    with pytest.raises(RulesError):
        toy.redo()
    assert toy.store.count_entries() == 3  # the undone entry stays in the log


def test_undo_everything_then_nothing_left(toy: Game) -> None:
    add(toy, 2)
    toy.undo()
    assert toy.state["count"] == 0
    with pytest.raises(RulesError, match="nothing to undo"):
        toy.undo()


def test_undo_across_snapshots_replays_recorded_faces(
    toy: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 3)
    faces = [1, 2, 3, 4, 5, 6, 1, 2]
    for face in faces:
        add(toy, face)
    snapshots = toy.store.conn.execute("SELECT seq FROM snapshots ORDER BY seq").fetchall()
    assert [row[0] for row in snapshots] == [0, 3, 6]
    for expected in (sum(faces[:7]), sum(faces[:6]), sum(faces[:5])):
        toy.undo()
        assert toy.state["count"] == expected
        assert toy.state["history"] == faces[: len(toy.state["history"])]


def test_virtual_rolls_are_reproducible_from_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    a = Game.create("a", system_name="toy", options={}, overrides={}, seed=42)
    b = Game.create("b", system_name="toy", options={}, overrides={}, seed=42)
    assert [add(a) for _ in range(5)] == [add(b) for _ in range(5)]


def test_free_rolls_are_logged_without_changing_state(toy: Game) -> None:
    rolls = toy.roll("2d6", toy.door(entered=[3, 4]))
    assert rolls[0].total == 7
    entry = toy.store.entries()[-1]
    assert entry.kind == "roll" and entry.what == "2d6" and entry.outcome == "7"
    assert toy.state["count"] == 0
    toy.undo()
    assert toy.store.entries()[-1].voided


def test_log_filter_by_who_matches_one_of_several(toy: Game) -> None:
    for who in ("Ana", "Ana, Cy", "Cy", "Anabel"):
        toy.play({"type": "add", "who": who}, toy.door(entered=[1]))
    assert [e.who for e in toy.store.entries(who="ana")] == ["Ana", "Ana, Cy"]
    assert [e.who for e in toy.store.entries(who="Cy")] == ["Ana, Cy", "Cy"]


def test_log_filter_by_mission_title_or_id(toy: Game) -> None:
    with toy.store.transaction():
        toy.store.conn.execute(
            "INSERT INTO entries (time, kind, mission, dice, result) VALUES ('t', 'roll',"
            " 'Map Out Ancient Forest', '[]', '{}')"
        )
    for name in ("Map Out Ancient Forest", "map out ancient forest", "map_out_ancient_forest"):
        assert len(toy.store.entries(mission=name)) == 1, name
    assert toy.store.entries(mission="map_out") == []


def test_options_that_cannot_be_stored_are_refused_before_any_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import datetime

    from gmtool.errors import ContentError
    from gmtool.store.home import campaign_path

    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    with pytest.raises(ContentError, match="options: .*date"):
        Game.create(
            "d",
            system_name="toy",
            options={"when": datetime.date(2024, 1, 1)},
            overrides={},
            seed=1,
        )
    assert not campaign_path("d").exists()


def test_a_campaign_whose_creation_failed_leaves_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    from gmtool.errors import StoreError
    from gmtool.store import connection
    from gmtool.store.home import campaign_path

    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")

    def disk_error(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE game (id INTEGER)")  # a schema half written...
        raise sqlite3.OperationalError("disk I/O error")  # ...when the disk fails

    migrate = connection.migrate
    monkeypatch.setattr(connection, "migrate", disk_error)
    with pytest.raises(StoreError, match="disk I/O error"):
        Game.create("d", system_name="toy", options={}, overrides={}, seed=1)
    assert sorted(p.name for p in campaign_path("d").parent.iterdir()) == []
    monkeypatch.setattr(connection, "migrate", migrate)
    game = Game.create("d", system_name="toy", options={}, overrides={}, seed=1)
    assert game.state == {"count": 0, "history": []}


def test_log_filter_by_who_takes_percent_and_underscore_literally(toy: Game) -> None:
    for who in ("Ana, Cy", "Remmy", "100%, Bo"):
        toy.play({"type": "add", "who": who}, toy.door(entered=[1]))
    assert toy.store.entries(who="%") == []
    assert toy.store.entries(who="_emmy") == []
    assert [e.who for e in toy.store.entries(who="100%")] == ["100%, Bo"]


def test_log_last_takes_any_count(toy: Game) -> None:
    add(toy, 1)
    add(toy, 2)
    assert [e.seq for e in toy.store.entries(last=10**20)] == [1, 2]
    assert [e.seq for e in toy.store.entries(last=1)] == [2]


def test_undo_after_many_redos_still_replays_at_most_a_snapshot_interval(
    toy: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 3)
    for face in range(1, 10):
        add(toy, face % 6 + 1)
    for _ in range(9):
        toy.undo()
    for _ in range(9):
        toy.redo()
    applied = []
    real_apply = toy.system.apply

    def counting_apply(*args, **kwargs):  # type: ignore[no-untyped-def]
        applied.append(1)
        return real_apply(*args, **kwargs)

    monkeypatch.setattr(toy.system, "apply", counting_apply)
    toy.undo()
    assert len(applied) <= 3
    assert toy.state["history"] == [face % 6 + 1 for face in range(1, 9)]
