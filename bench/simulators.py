"""The simulators: whole games a second on one core, what a second process adds, and what
the opt-in compiled build (mypyc, see hatch_build.py) gives on the same games."""

from __future__ import annotations

import json
import os
import statistics
import time

from common import Bench, Figure

TARGETS = {"random": 3000, "greedy": 2000}
"""Food Fight's targets; Zauberer's figures are shown without one."""
SIMULATORS = {"foodfight": "Food Fight", "zauberer": "Zauberer"}
ROUNDS = 3
"""Runs of each simulator and policy, the best counted (pure and compiled take turns)."""
JOBS_ROUNDS = 4
"""Rounds of ``--jobs 1`` and ``--jobs 2`` taking turns, for what a second process adds."""
JOBS_GAMES = 4
"""The ``--jobs`` runs play this many times ``--games``: several seconds a run, so that the
worker processes' start (tens of milliseconds) weighs little beside the games."""


def simulator_figures(bench: Bench, games: int, compiled: Bench | None = None) -> list[Figure]:
    """``compiled``: the same checkout installed with the compiled build, when it built."""
    figures: list[Figure] = []
    if compiled is not None:
        figures.append(
            Figure(
                "`pip install .` (no dependencies): compiled / pure",
                f"{compiled.install_seconds:.0f} s / {bench.install_seconds:.1f} s",
                "",
                "",
                None,
            )
        )
    for system, title in SIMULATORS.items():
        for policy, target in TARGETS.items():
            pure, fast = _best_rates(bench, compiled, system, policy, games)
            if pure is None:
                figures.append(Figure(f"{title} simulator", "not in this version", "", "", None))
                break
            shown = f"≥ {target:,}" if system == "foodfight" else ""
            # Food Fight's targets are the compiled build's, which is how gmtool offers
            # simulation speed (README, Speed); pure Python is shown beside it, and carries
            # them only when there is no compiled copy to measure.
            judged = system == "foodfight" and fast is None
            figures.append(
                Figure(
                    f"{title} simulator, {policy}",
                    f"{pure:,.0f} games/s"
                    + (f" ({pure / target:.2f} of the target)" if shown else ""),
                    "",
                    shown if judged else "",
                    pure >= target if judged else None,
                )
            )
            if fast is not None:
                figures.append(
                    Figure(
                        f"{title} simulator, {policy}, compiled",
                        f"{fast:,.0f} games/s ({fast / pure:.2f}x)",
                        "pure",
                        shown,
                        fast >= target if system == "foodfight" else None,
                    )
                )
            two = _jobs_ratio(bench, system, policy, games * JOBS_GAMES)
            if two is not None:
                figures.append(
                    Figure(
                        "… with `--jobs 2`",
                        f"{two:.2f}x (load {os.getloadavg()[0]:.1f})",
                        "`--jobs 1`",
                        "close to 2x",
                        two >= 1.6,
                    )
                )
    return figures


def _best_rates(
    bench: Bench, compiled: Bench | None, system: str, policy: str, games: int
) -> tuple[float | None, float | None]:
    """The best of ``ROUNDS`` runs of the pure copy and of the compiled one, taking turns so
    that a machine slowing down weighs on both alike."""
    best: dict[str, float | None] = {"pure": 0.0, "compiled": 0.0 if compiled else None}
    for _ in range(ROUNDS):
        for name, installed in (("pure", bench), ("compiled", compiled)):
            if installed is None or best[name] is None:
                continue
            rate = _rate(installed, system, policy, games, 1)
            best[name] = None if rate is None else max(rate, best[name] or 0.0)
    return best["pure"], best["compiled"]


def _jobs_ratio(bench: Bench, system: str, policy: str, games: int) -> float | None:
    """``--jobs 2`` over ``--jobs 1`` on the same installed copy and games: the two take
    turns for ``JOBS_ROUNDS`` rounds (which goes first alternates), and the ratio is of
    the two medians, not the bests: a second process is worth what it gives in a typical
    run, and on a shared machine the best run of each is the one other work left alone."""
    rates: dict[int, list[float]] = {1: [], 2: []}
    for round_number in range(JOBS_ROUNDS):
        for jobs in (1, 2) if round_number % 2 == 0 else (2, 1):
            rate = _rate(bench, system, policy, games, jobs)
            if rate is None:
                return None  # no such simulator, or no --jobs, in this version
            rates[jobs].append(rate)
    return statistics.median(rates[2]) / statistics.median(rates[1])


def _rate(bench: Bench, system: str, policy: str, games: int, jobs: int) -> float | None:
    """Games a second of one run: as the simulator reports it (the games alone), else by the
    wall clock (start-up included); None when this version has no such simulator."""
    argv = [system, "simulate", "--games", str(games), "--policy", policy, "--json"]
    if jobs > 1:
        argv += ["--jobs", str(jobs)]
    started = time.perf_counter()
    try:
        doc = json.loads(bench.run(bench.gmtool(*argv)))
    except RuntimeError:
        return None  # no such simulator, or no --jobs, in this version
    rate: float = doc.get("games_per_second") or games / (time.perf_counter() - started)
    return rate
