"""Many independent games in one process or several, with the same report either way.

Game ``n`` of a run is seeded by the ``n``-th number drawn from a generator seeded with the
run's seed (``game_seed``), whichever process plays it; each share of the games is counted
in its own report and the reports are added up, so ``jobs`` changes how fast a run goes,
never what it reports. The simulators of every system run their games through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from gmtool.dice import Rng

R = TypeVar("R")
OnGame = Callable[[int], None]


class Report(Protocol):
    def add(self, record: Any) -> None:
        """Count one game's record."""


Counted = TypeVar("Counted", bound=Report)


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0): the run generator's draw of that number,
    reached at once, so a process can start from any game."""
    return Rng.after(seed, number).next64()


def count_games(
    report: Counted,
    play_one: Callable[[int], Any],
    seed: int,
    start: int,
    end: int,
    on_game: OnGame | None = None,
) -> Counted:
    """Play games ``start`` to ``end - 1`` of the run seeded ``seed`` with ``play_one(game
    seed)`` and count each record in ``report``; ``on_game`` hears how many are done."""
    for number in range(start, end):
        report.add(play_one(game_seed(seed, number)))
        if on_game is not None:
            on_game(number - start + 1)
    return report


def run_shares(
    games: int,
    jobs: int,
    play: Callable[..., R],
    merge: Callable[[R, R], object],
    on_game: OnGame | None = None,
) -> R:
    """Play ``games`` games with ``play(start, end, on_game)`` (a module-level function, or
    a ``functools.partial`` of one, so that worker processes can receive it), in ``jobs``
    processes, and add the share reports up with ``merge(total, share)``."""
    if jobs <= 1 or games < 2:
        return play(0, games, on_game)
    from concurrent.futures import ProcessPoolExecutor

    # A few shares per process: the progress bar moves while they finish.
    size = -(-games // (jobs * 4))
    bounds = [(start, min(start + size, games)) for start in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play, start, end) for start, end in bounds]
        total: R | None = None
        done = 0
        for future, (start, end) in zip(futures, bounds, strict=True):
            part = future.result()
            if total is None:
                total = part
            else:
                merge(total, part)
            done += end - start
            if on_game is not None:
                on_game(done)
    assert total is not None
    return total
