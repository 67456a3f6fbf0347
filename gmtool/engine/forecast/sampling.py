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


def sampled(
    setup: Setup,
    runs: int,
    seed: int,
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
    tally: Tally | None = None,
) -> Tally:
    """``runs`` games, game ``n`` seeded from ``seed`` and ``n``; Ctrl-C keeps the games
    finished so far in ``tally`` (``Tally.runs`` says how many) and is raised again."""
    tally = tally if tally is not None else Tally(setup.sides)
    if jobs > 1 and runs > 1:
        # One pool of processes for the whole run; Ctrl-C keeps the shares finished.
        part = play_games(
            runs,
            seed,
            partial(_empty, setup.sides),
            partial(play_seeded, setup),
            jobs=jobs,
            on_game=on_game,
            keep_on_interrupt=True,
        )
        tally.merge(part)
        if tally.runs < runs:
            raise KeyboardInterrupt  # stopped: the figures so far are in ``tally``
        return tally
    for number in range(runs):
        tally.add(play_seeded(setup, game_seed(seed, number)))
        if on_game is not None:
            on_game(number + 1)
    return tally
