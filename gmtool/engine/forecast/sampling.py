"""A sampled run: game ``n`` seeded from the run's seed and ``n`` (``engine.batch``), in one
process or spread over several with the same tally."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from gmtool.engine.batch import game_seed, play_games
from gmtool.engine.forecast.figures import Tally
from gmtool.engine.forecast.playout import Setup, play_seeded


def _empty(sides: tuple[str, ...]) -> Tally:
    return Tally(sides)


OnGame = Callable[[int], None]
SLICES = 8
"""A run over several processes is played in this many slices, one after another."""


def _heard(on_game: OnGame | None, first: int, done: int) -> None:
    if on_game is not None:
        on_game(first + done)


def sampled(
    setup: Setup,
    runs: int,
    seed: int,
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
    tally: Tally | None = None,
) -> Tally:
    """``runs`` games, game ``n`` seeded from ``seed`` and ``n``; Ctrl-C in one process
    keeps the games finished so far (``Tally.runs`` says how many)."""
    tally = tally if tally is not None else Tally(setup.sides)
    if jobs > 1 and runs > 1:
        # In a few slices, so that Ctrl-C keeps the slices finished before it.
        size = max(-(-runs // SLICES), jobs * 64)
        for first in range(0, runs, size):
            count = min(size, runs - first)
            done = partial(_heard, on_game, first)
            part = play_games(
                count,
                seed,
                partial(_empty, setup.sides),
                partial(play_seeded, setup),
                jobs=jobs,
                on_game=done,
                first=first,
            )
            tally.merge(part)
        return tally
    for number in range(runs):
        tally.add(play_seeded(setup, game_seed(seed, number)))
        if on_game is not None:
            on_game(number + 1)
    return tally
