"""Many independent games in one process or several, with the same report either way.

Game ``n`` of a run is seeded by the ``n``-th number drawn from a generator seeded with the
run's seed (``game_seed``), whichever process plays it; each share of the games is counted
in its own report and the reports are added up, so ``jobs`` changes how fast a run goes,
never what it reports. The simulators of every system run their games through here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol, Self, TypeVar

from gmtool.dice import Rng

R = TypeVar("R")
OnGame = Callable[[int], None]


class Report(Protocol):
    def add(self, record: Any) -> None:
        """Count one game's record."""

    def merge(self, other: Self) -> None:
        """Add the counts of another share of the same run."""


Counted = TypeVar("Counted", bound=Report)


def play_games(
    games: int,
    seed: int,
    empty_report: Callable[[], Counted],
    play_one: Callable[[int], Any],
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
) -> Counted:
    """A simulator's whole run: ``games`` games played by ``play_one(game seed)``, spread
    over ``jobs`` processes, each share counted in its own ``empty_report()`` and the
    shares merged. Both are module-level functions or ``functools.partial``s of them (what
    they carry, the content or anything made once for the run, is copied to each worker
    once a share)."""
    share = partial(_count_share, empty_report, play_one, seed)
    return run_shares(games, jobs, share, _merge, on_game)


def _count_share(
    empty_report: Callable[[], Counted],
    play_one: Callable[[int], Any],
    seed: int,
    start: int,
    end: int,
    on_game: OnGame | None = None,
) -> Counted:
    """Games ``start`` to ``end - 1`` of the run, counted in one report."""
    return count_games(empty_report(), play_one, seed, start, end, on_game)


def _merge(total: Counted, share: Counted) -> None:
    total.merge(share)


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
