"""A move carries the version of the state it was chosen on, and is refused once the game
has moved on since; a free roll, which changes no state, leaves it playable."""

from __future__ import annotations

import pytest

from gmtool.engine.game import Game
from gmtool.errors import RulesError, StaleMove
from gmtool.games import GAMES


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    return Game.create("t", system_name="toy", options={}, overrides={}, seed=1)


def add(game: Game, face: int, seen: str | None = None) -> None:
    game.play({"type": "add"}, game.door(entered=[face]), seen=seen)


def test_a_move_on_the_screen_drawn_is_played(toy: Game) -> None:
    seen = toy.look().version
    add(toy, 3, seen)
    assert toy.state["count"] == 3


def test_a_move_on_a_stale_screen_is_refused_and_writes_nothing(toy: Game) -> None:
    seen = toy.look().version
    add(toy, 2)  # another screen (or the GM's command line) plays first
    entries = toy.store.count_entries()
    with pytest.raises(RulesError) as refused:
        add(toy, 5, seen)
    assert refused.value.line() == "the game changed since this screen was drawn: look again"
    assert isinstance(refused.value, StaleMove)
    assert refused.value.exit_code == 4
    assert toy.store.count_entries() == entries
    assert toy.state["count"] == 2
    with pytest.raises(RulesError, match="look again"):
        toy.check({"type": "add"}, seen=seen)


def test_a_free_roll_in_between_leaves_the_move_playable(toy: Game) -> None:
    seen = toy.look().version
    toy.roll("1d20", toy.door(), who="GM")
    assert toy.look().version == seen
    add(toy, 4, seen)
    assert toy.state["count"] == 4


def test_undo_makes_a_pending_move_stale_and_redo_brings_its_state_back(toy: Game) -> None:
    add(toy, 1)
    seen = toy.look().version
    toy.undo()
    with pytest.raises(RulesError, match="look again"):
        add(toy, 6, seen)
    toy.redo()
    add(toy, 6, seen)  # the state it was chosen on is the head again
    assert toy.state["count"] == 7


def test_a_move_without_a_version_is_played_as_before(toy: Game) -> None:
    toy.look()
    add(toy, 2)
    add(toy, 2)
    assert toy.state["count"] == 4
