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
    first: int = 0,
    keep_on_interrupt: bool = False,
) -> Counted:
    """A simulator's whole run: ``games`` games played by ``play_one(game seed)``, spread
    over ``jobs`` processes, each share counted in its own ``empty_report()`` and the
    shares merged; ``on_game`` hears how many games are done.

    ``empty_report`` and ``play_one`` are module-level functions or ``functools.partial``s
    of them, so that worker processes can receive them (what they carry, the content or
    anything made once for the run, goes to each worker process once). ``first``: the
    number of the run's first game (a run played in slices starts each slice there).
    ``keep_on_interrupt``: Ctrl-C (or ``on_game`` raising ``KeyboardInterrupt``) in a run
    over processes ends it with the report of the shares finished before, the games from
    the first on in order (a forecast's figures so far), instead of raising."""
    share = partial(_play_share, empty_report, play_one, seed)
    if jobs <= 1 or games < 2:
        return share(first, first + games, on_game)
    return _in_processes(games, jobs, share, on_game, first, keep_on_interrupt)


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0): the run generator's draw of that number,
    reached at once, so a process can start from any game."""
    return Rng.after(seed, number).next64()


def _play_share(
    empty_report: Callable[[], Counted],
    play_one: Callable[[int], Any],
    seed: int,
    start: int,
    end: int,
    on_game: OnGame | None = None,
) -> Counted:
    """Games ``start`` to ``end - 1`` of the run seeded ``seed``, counted in one report;
    ``on_game`` hears how many of them are done."""
    report = empty_report()
    for number in range(start, end):
        report.add(play_one(game_seed(seed, number)))
        if on_game is not None:
            on_game(number - start + 1)
    return report


SHARES_PER_PROCESS = 16
"""The games are cut into this many shares per process, handed out as processes come free:
with a few large shares, one process could sit idle for most of a share's time while the
other plays its last one (a quarter of the run with 4 shares each, on a busy machine). A
share costs a message of two numbers each way and its report, a millisecond at most."""

_worker_share: Callable[[int, int], Any] | None = None
"""In a worker process: the run's ``share(start, end)``, given once when it starts."""


def _in_processes(
    games: int,
    jobs: int,
    share: Callable[[int, int], Counted],
    on_game: OnGame | None,
    first: int = 0,
    keep_on_interrupt: bool = False,
) -> Counted:
    """``share(start, end)`` for every share of the games, in ``jobs`` processes, the
    shares' reports merged in the order of their games.

    ``share`` (with the content it carries) goes to each process once, as it starts:
    inherited as it is where processes are forked (Linux's default), pickled once per
    process elsewhere; each share then sends only its first and last game."""
    from concurrent.futures import ProcessPoolExecutor

    size = -(-games // (jobs * SHARES_PER_PROCESS))
    end = first + games
    bounds = [(start, min(start + size, end)) for start in range(first, end, size)]
    processes = min(jobs, len(bounds))
    total: Counted | None = None
    with ProcessPoolExecutor(processes, initializer=_take_share, initargs=(share,)) as pool:
        futures = [pool.submit(_play_given_share, start, end) for start, end in bounds]
        done = 0
        try:
            for future, (start, end) in zip(futures, bounds, strict=True):
                part: Counted = future.result()
                if total is None:
                    total = part
                else:
                    total.merge(part)
                done += end - start
                if on_game is not None:
                    on_game(done)
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            if not keep_on_interrupt or total is None:
                raise
    assert total is not None
    return total


def _take_share(share: Callable[[int, int], Any]) -> None:
    """A worker process's start: keep the run's ``share`` for every share it plays."""
    global _worker_share
    _worker_share = share


def _play_given_share(start: int, end: int) -> Any:
    assert _worker_share is not None, "a worker plays only after _take_share"
    return _worker_share(start, end)
