"""Forecasts: the rest of a game played many times by named policies, counted honestly.

A game says how its forecast is played in ``rules/forecast.py`` (a ``Forecastable``): how
a forecast starts, which seats act next and how their moves make one action (``step``),
and what one finished game is worth knowing (``record``). Every seat's move is chosen by
its side's policy from ``System.options(state, seat)`` and nothing else (``Player``): a
forecast never plays a move a screen would not offer. The dice are the game's own, rolled
through a ``DiceDoor``; the actions go through ``System.apply``.

Game ``n`` of a run is seeded from the run's seed (``engine.batch``), so a seed repeats a
forecast and ``jobs`` changes only how fast it goes. Where every policy is deterministic
and the whole tree of dice has few enough branches, the forecast is exact instead: every
branch is played once, weighted by its chance (``EnumeratingRng``).

The parts: ``players`` (policies, ``Player``), ``declare`` (what a game's ``rules/forecast.py``
gives: ``Start``, ``Record``, ``Forecastable``), ``playout`` (one game), ``figures`` (``Tally``,
Wilson intervals, quantiles, the report), ``sampling`` (a run of seeded games, over
processes), ``enumeration`` (an exact forecast), and here the public ``forecast``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.dice import Rng
from gmtool.engine.forecast.declare import (
    Forecastable,
    OwnPlay,
    Record,
    Start,
    policies_for,
    sides_of,
)
from gmtool.engine.forecast.enumeration import EXACT_STEPS, PROBE, EnumeratingRng, enumerated
from gmtool.engine.forecast.figures import Z95, Tally, chance, measure, quantile, report, wilson
from gmtool.engine.forecast.players import (
    REFEREE,
    AnswerScore,
    MoveScore,
    OwnPolicy,
    Player,
    Policy,
    RandomPolicy,
    ScoredPolicy,
    playable,
    seat_by_seat,
)
from gmtool.engine.forecast.playout import (
    MAX_STEPS,
    REFUSALS,
    THINKING,
    Played,
    Setup,
    play_out,
    play_seeded,
    replayable,
)
from gmtool.engine.forecast.sampling import OnGame, sampled

__all__ = [
    "EXACT_STEPS",
    "MAX_STEPS",
    "PROBE",
    "REFEREE",
    "REFUSALS",
    "THINKING",
    "Z95",
    "AnswerScore",
    "EnumeratingRng",
    "Forecast",
    "Forecastable",
    "MoveScore",
    "OwnPlay",
    "OnGame",
    "OwnPolicy",
    "Played",
    "Player",
    "Policy",
    "RandomPolicy",
    "Record",
    "Rng",
    "ScoredPolicy",
    "Setup",
    "Start",
    "Tally",
    "chance",
    "enumerated",
    "forecast",
    "measure",
    "play_out",
    "play_seeded",
    "playable",
    "policies_for",
    "quantile",
    "replayable",
    "report",
    "sampled",
    "seat_by_seat",
    "sides_of",
    "wilson",
]


@dataclass
class Forecast:
    """A run's outcome: the tally, whether it is exact, and whether Ctrl-C stopped it."""

    tally: Tally
    exact: bool
    stopped: bool = False


def forecast(
    setup: Setup,
    runs: int,
    seed: int,
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
    exact_limit: int | None = None,
) -> Forecast:
    """The forecast of ``setup``: exact when its branches number at most ``exact_limit``
    (default: ``runs``), else ``runs`` sampled games."""
    exact = enumerated(setup, runs if exact_limit is None else exact_limit)
    if exact is not None:
        return Forecast(exact, exact=True)
    tally = Tally(setup.sides)
    try:
        sampled(setup, runs, seed, jobs=jobs, on_game=on_game, tally=tally)
    except KeyboardInterrupt:
        return Forecast(tally, exact=False, stopped=True)
    return Forecast(tally, exact=False)
