"""The simulators: whole games a second on one core, what a second process adds, and what
the opt-in compiled build (mypyc, see hatch_build.py) gives on the same games."""

from __future__ import annotations

import json
import time

from common import Bench, Figure

TARGETS = {"random": 3000, "greedy": 2000}
"""Food Fight's targets; Zauberer's figures are shown without one."""
SIMULATORS = {"foodfight": "Food Fight", "zauberer": "Zauberer"}
ROUNDS = 3
"""Runs of each simulator and policy, the best counted (pure and compiled take turns)."""


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
            figures.append(
                Figure(
                    f"{title} simulator, {policy}",
                    f"{pure:,.0f} games/s",
                    "",
                    shown,
                    pure >= target if system == "foodfight" else None,
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
            two = _best_of_two_jobs(bench, system, policy, games)
            if two is not None:
                figures.append(
                    Figure(
                        "… with `--jobs 2`",
                        f"{two / pure:.2f}x",
                        "`--jobs 1`",
                        "close to 2x",
                        two / pure >= 1.6,
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


def _best_of_two_jobs(bench: Bench, system: str, policy: str, games: int) -> float | None:
    rates = [_rate(bench, system, policy, games, 2) for _ in range(ROUNDS)]
    return None if None in rates else max(rate for rate in rates if rate is not None)


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
