"""Forecast figures: ``gmtool forecast`` of a Stars & Starships encounter (4 against 4) and
an Astral fight (3 against 2), 10,000 runs each (target <= 10 s), 1,000 Originem sessions of
three missions (target <= 10 s), whole FTL battles between two 18-room ships, captain
against captain (target >= 5 a second), and what ``--jobs 2`` adds (target >= 1.8x). Each is the
CPU seconds of the command, shown against a yardstick timed in the same run: D20's roll
(``import d20; d20.roll('1d20')``), a measure of how busy the machine is.
``forecast_figures(bench)`` is one part of ``run.py``; run alone with
``python bench/forecast.py``."""

from __future__ import annotations

import json
import os
import statistics

from common import PYTHON, Bench, Figure
from ftl_battle import big_ship

D20 = [PYTHON, "-c", "import d20; d20.roll('1d20')"]
ASTRAL = {
    "system": "astral",
    "options": {
        "entities": {
            "Ana": {"kind": "pc"},
            "Bo": {"kind": "pc"},
            "Cy": {"kind": "pc", "aura": 10},
            "Wisp": {"kind": "npc", "tn": 7, "aura": 12},
            "Warden": {"kind": "npc", "tn": 9, "aura": 14},
        },
        "distances": [
            f"{pc} {npc} near" for pc in ("Ana", "Bo", "Cy") for npc in ("Wisp", "Warden")
        ],
    },
}


def _seconds(bench: Bench, argv: list[str]) -> float:
    _, cpu, _ = bench.peak(argv)
    return cpu


def forecast_figures(bench: Bench) -> list[Figure]:
    g = bench.gmtool
    bench.run(g("campaign", "new", "fc-ss", "--from", "starships-demo"))
    enemies = [word for name in ("Pirate", "Drone", "Ghost", "Wisp") for word in ("--enemy", name)]
    bench.run(g("-c", "fc-ss", "starships", "encounter", "start", *enemies))
    (bench.home / "astral-3v2.json").write_text(json.dumps(ASTRAL))
    yardstick = min(_seconds(bench, D20) for _ in range(3))
    cases = [
        (
            "Stars & Starships encounter (4 v 4), 10,000 runs",
            10.0,
            ["-c", "fc-ss", "forecast"],
            10_000,
        ),
        (
            "Astral fight (3 v 2), 10,000 runs",
            10.0,
            ["forecast", "--from", "astral-3v2.json"],
            10_000,
        ),
        (
            "Originem sessions of three missions, 1,000 runs",
            10.0,
            ["forecast", "--from", "originem-demo"],
            1_000,
        ),
    ]
    figures = []
    for label, target, argv, runs in cases:
        seconds = _seconds(bench, g(*argv, "--runs", str(runs), "--seed", "1", "--json"))
        figures.append(
            Figure(
                f"`gmtool forecast`: {label}",
                f"{seconds:.1f} s CPU ({seconds / yardstick:.0f}x D20)",
                f"D20 {yardstick:.2f} s",
                f"≤ {target:.0f} s",
                seconds <= target,
            )
        )
    figures.append(ftl_battles(bench, yardstick))
    figures.append(ftl_matches(bench, yardstick))
    figures.append(jobs_figure(bench, yardstick))
    return figures


JOBS_RUNS = 4000
"""The runs of each ``--jobs`` command: a few seconds of a Stars & Starships encounter."""
JOBS_ROUNDS = 4
"""Rounds of ``--jobs 1`` and ``--jobs 2`` taking turns (which goes first alternates)."""


def jobs_figure(bench: Bench, yardstick: float) -> Figure:
    """What a second process gives a forecast: ``--jobs 2`` against ``--jobs 1`` on the
    same encounter, runs and seed, the two taking turns for ``JOBS_ROUNDS`` rounds, the
    ratio of their median wall times (a second process is worth what it gives in a typical
    run). Both must print the same figures, or the figure is not met whatever its speed."""
    argv = ["-c", "fc-ss", "forecast", "--runs", str(JOBS_RUNS), "--seed", "1", "--json"]
    walls: dict[int, list[float]] = {1: [], 2: []}
    for round_number in range(JOBS_ROUNDS):
        for jobs in (1, 2) if round_number % 2 == 0 else (2, 1):
            walls[jobs].append(bench.peak(bench.gmtool(*argv, "--jobs", str(jobs)))[0])
    ratio = statistics.median(walls[1]) / statistics.median(walls[2])
    docs = [json.loads(bench.run(bench.gmtool(*argv, "--jobs", str(jobs)))) for jobs in (1, 2)]
    for doc in docs:
        doc.pop("seconds", None)
    same = docs[0] == docs[1]
    return Figure(
        f"`gmtool forecast --jobs 2` (Stars & Starships, {JOBS_RUNS:,} runs, medians of "
        f"{JOBS_ROUNDS} in turns)",
        f"{ratio:.2f}x ({statistics.median(walls[1]):.1f} s / {statistics.median(walls[2]):.1f} s"
        f" wall; {'the same figures' if same else 'figures DIFFER'}; load "
        f"{os.getloadavg()[0]:.1f})",
        f"`--jobs 1` (D20 {yardstick:.2f} s)",
        "≥ 1.8x, same figures",
        ratio >= 1.8 and same,
    )


FTL_RUNS = 50
"""Whole battles of the FTL figure: each runs until a ship is destroyed (some 100 s of
battle between these two ships), every second played by the tick's own rules."""


def ftl_battles(bench: Bench, yardstick: float) -> Figure:
    """Whole FTL battles a CPU second (the command's whole CPU time, start-up included):
    the bench's two 18-room ships of 8 crew, each captain by the ``captain`` policy."""
    path = bench.home / "ftl-18-rooms.json"  # JSON is YAML: no YAML writer needed
    ships = {"Red": big_ship("Red"), "Blue": big_ship("Blue")}
    path.write_text(json.dumps({"system": "ftl", "options": {"ships": ships}}))
    argv = ["forecast", "--from", str(path), "--runs", str(FTL_RUNS), "--seed", "1", "--json"]
    seconds = _seconds(bench, bench.gmtool(*argv))
    rate = FTL_RUNS / seconds
    return Figure(
        f"`gmtool forecast`: whole FTL battles, two 18-room ships, {FTL_RUNS} runs",
        f"{rate:.1f} a second ({seconds:.1f} s CPU, {seconds / yardstick:.0f}x D20)",
        f"D20 {yardstick:.2f} s",
        "≥ 5 a second",
        rate >= 5,
    )


FTL_MATCHES = 50
"""Whole FTL matches of the simulate figure: each a new map, the captains' turns, and
every battle until a ship is destroyed (or a battle passes 600 s)."""


def ftl_matches(bench: Bench, yardstick: float) -> Figure:
    """Whole FTL matches a CPU second (``gmtool ftl simulate``, start-up included): the
    bundled ships, each captain by the ``captain`` policy, pursuing on the map."""
    argv = bench.gmtool(
        "ftl", "simulate", "ftl-red.yaml", "ftl-blue.yaml", "--runs", str(FTL_MATCHES),
        "--seed", "1", "--json",
    )  # fmt: skip
    seconds = _seconds(bench, argv)
    rate = FTL_MATCHES / seconds
    return Figure(
        f"`gmtool ftl simulate`: whole FTL matches, the bundled ships, {FTL_MATCHES} runs",
        f"{rate:.1f} a second ({seconds:.1f} s CPU, {seconds / yardstick:.0f}x D20)",
        f"D20 {yardstick:.2f} s",
        "≥ 5 a second",
        rate >= 5,
    )


if __name__ == "__main__":
    from common import REPO

    for figure in forecast_figures(Bench.install(REPO, 3)):
        print(figure.row())
