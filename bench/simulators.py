"""The simulators: whole games a second on one core, and what a second process adds."""

from __future__ import annotations

import json
import time

from common import Bench, Figure

TARGETS = {"random": 3000, "greedy": 2000}
"""Food Fight's targets; Zauberer's figures are shown without one."""
SIMULATORS = {"foodfight": "Food Fight", "zauberer": "Zauberer"}


def simulator_figures(bench: Bench, games: int) -> list[Figure]:
    figures: list[Figure] = []
    for system, title in SIMULATORS.items():
        for policy, target in TARGETS.items():
            rates = {jobs: _rate(bench, system, policy, games, jobs) for jobs in (1, 2)}
            if rates[1] is None:
                figures.append(Figure(f"{title} simulator", "not in this version", "", "", None))
                break
            met = rates[1] >= target if system == "foodfight" else None
            shown = f"≥ {target:,}" if system == "foodfight" else ""
            figures.append(
                Figure(f"{title} simulator, {policy}", f"{rates[1]:,.0f} games/s", "", shown, met)
            )
            if rates[2] is not None:
                speedup = rates[2] / rates[1]
                figures.append(
                    Figure(
                        "… with `--jobs 2`",
                        f"{speedup:.2f}x",
                        "`--jobs 1`",
                        "close to 2x",
                        speedup >= 1.6,
                    )
                )
    return figures


def _rate(bench: Bench, system: str, policy: str, games: int, jobs: int) -> float | None:
    """Games a second, the best of three runs: as the simulator reports it (the games
    alone), else by the wall clock (start-up included)."""
    argv = [system, "simulate", "--games", str(games), "--policy", policy, "--json"]
    if jobs > 1:
        argv += ["--jobs", str(jobs)]
    best = 0.0
    for _ in range(3):
        started = time.perf_counter()
        try:
            doc = json.loads(bench.run(bench.gmtool(*argv)))
        except RuntimeError:
            return None  # no such simulator, or no --jobs, in this version
        rate = doc.get("games_per_second") or games / (time.perf_counter() - started)
        best = max(best, rate)
    return best
