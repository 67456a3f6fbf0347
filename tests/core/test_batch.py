"""The simulators' shared run: games seeded by their number, shares counted and merged."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from gmtool.engine.batch import game_seed, play_games


@dataclass
class Tally:
    label: str
    seeds: list[int] = field(default_factory=list)

    def add(self, record: int) -> None:
        self.seeds.append(record)

    def merge(self, other: Tally) -> None:
        self.seeds += other.seeds


def _echo(offset: int, seed: int) -> int:
    return seed + offset


def test_a_run_is_the_same_whatever_the_processes() -> None:
    heard: list[int] = []
    alone = play_games(10, 7, partial(Tally, "run"), partial(_echo, 1), on_game=heard.append)
    shared = play_games(10, 7, partial(Tally, "run"), partial(_echo, 1), jobs=2)
    expected = [game_seed(7, number) + 1 for number in range(10)]
    assert alone.seeds == expected
    assert shared.seeds == expected  # the shares are merged in the order of their games
    assert shared.label == "run"
    assert heard == list(range(1, 11))


class Carried:
    """What a run's players carry (the content, say), counting how often it is pickled."""

    pickled = 0

    def __reduce__(self) -> tuple[type[Carried], tuple[()]]:
        Carried.pickled += 1
        return (Carried, ())


def _carrying(carried: Carried, seed: int) -> int:
    return seed


def test_what_a_run_carries_goes_to_each_process_once_not_with_every_share() -> None:
    Carried.pickled = 0
    heard: list[int] = []
    run = play_games(
        40, 3, partial(Tally, "run"), partial(_carrying, Carried()), jobs=2, on_game=heard.append
    )
    assert run.seeds == [game_seed(3, number) for number in range(40)]
    assert len(heard) > 2 and heard[-1] == 40  # many shares, each heard as it is merged
    assert Carried.pickled <= 2  # never where processes are forked; else once a process
