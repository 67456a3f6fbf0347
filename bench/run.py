"""Every speed figure of gmtool, each against its yardstick measured in the same run.

``python bench/run.py`` installs the checkout as a user would (``pip install``, not
editable; for the simulators a second copy with the opt-in compiled build too), then
prints a Markdown table (the README's Speed table is made from it).
``--tree PATH`` measures another checkout; ``--rows 100000`` leaves out the million-row
log; ``--rounds N`` runs each timed command N times (median).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from commands import odds_figures, set_up, table_figures  # noqa: E402
from common import REPO, Bench  # noqa: E402
from exports import export_figures  # noqa: E402
from forecast import forecast_figures  # noqa: E402
from ftl_battle import ftl_figures  # noqa: E402
from page_check import page_figures  # noqa: E402
from simulators import simulator_figures  # noqa: E402
from web_ftl import ftl_tick_figures  # noqa: E402
from web_live import web_figures  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=REPO, help="the checkout to install")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--rows", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--games", type=int, default=2000)
    parts_known = ["table", "odds", "exports", "simulators", "ftl", "forecast", "web", "pages"]
    parser.add_argument("--only", choices=parts_known, nargs="+")
    args = parser.parse_args()
    parts = args.only or parts_known
    bench = Bench.install(args.tree, args.rounds)
    set_up(bench)
    print(f"<!-- {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},")
    print(f"     medians of {args.rounds} interleaved runs; load {os.getloadavg()[0]:.1f} -->")
    print("| what | figure | against | target | met |")
    print("|---|---|---|---|---|")
    runs: dict[str, Callable[[], list[Any]]] = {
        "table": lambda: table_figures(bench),
        "odds": lambda: odds_figures(bench),
        "exports": lambda: export_figures(bench, args.rows),
        "simulators": lambda: simulator_figures(bench, args.games, _compiled(args)),
        "ftl": lambda: ftl_figures(bench),
        "forecast": lambda: forecast_figures(bench),
        "web": lambda: web_figures(bench),
        "web ftl": lambda: ftl_tick_figures(bench),
        "pages": lambda: page_figures(bench, [1_000, 10_000, max(args.rows)]),
    }
    for part in parts:
        for name in [known for known in runs if known.split()[0] == part]:
            try:
                figures = runs[name]()
            except (RuntimeError, TimeoutError) as error:  # the others' figures still come
                print(f"| {name} | failed: {str(error)[:200] or type(error).__name__} | | | |")
                continue
            for figure in figures:
                print(figure.row(), flush=True)


def _compiled(args: argparse.Namespace) -> Bench | None:
    """The checkout installed with the opt-in compiled build, or None (said in a row) when
    it does not build here: it needs a C compiler and the Python headers."""
    try:
        return Bench.install(args.tree, args.rounds, compiled=True)
    except RuntimeError as error:
        print(f"| compiled build | failed: {str(error)[:200]} | | | |", flush=True)
        return None


if __name__ == "__main__":
    main()
