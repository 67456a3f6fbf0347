"""The simulators: whole games a second on one core, and what a second process adds."""

from __future__ import annotations

import json
import time

from common import Bench, Figure

TARGETS = {"random": 3000, "greedy": 2000}


def simulator_figures(bench: Bench, games: int) -> list[Figure]:
    figures: list[Figure] = []
    for policy, target in TARGETS.items():
        rates = {}
        for jobs in (1, 2):
            argv = ["foodfight", "simulate", "--games", str(games), "--policy", policy, "--json"]
            if jobs > 1:
                argv += ["--jobs", str(jobs)]
            best = 0.0
            for _ in range(3):
                started = time.perf_counter()
                try:
                    json.loads(bench.run(bench.gmtool(*argv)))
                except RuntimeError:
                    break  # no --jobs in this version
                best = max(best, games / (time.perf_counter() - started))
            rates[jobs] = best
        met = rates[1] >= target
        figures.append(
            Figure(
                f"Food Fight simulator, {policy}",
                f"{rates[1]:,.0f} games/s",
                "",
                f"≥ {target:,}",
                met,
            )
        )
        if rates[2]:
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
