"""Run by tests/compiled/test_compiled_build.py in a child Python, once against the compiled
copy and once against the sources: prints, as one JSON document, where each compiled module
was loaded from and the simulators' reports for a few seeds and both policies."""

from __future__ import annotations

import importlib
import json
import sys

SEEDS = (1, 7, 2026)
GAMES = 12


def main() -> None:
    modules = sys.argv[1:]
    from gmtool.games.foodfight.rules.simulate import simulate as foodfight
    from gmtool.games.zauberer.rules.simulate import simulate as zauberer

    reports: dict[str, object] = {}
    for name, simulate in (("foodfight", foodfight), ("zauberer", zauberer)):
        for policy in ("random", "greedy"):
            for seed in SEEDS:
                report = simulate(GAMES, seed, policy)
                reports[f"{name} {policy} {seed}"] = report.to_json()
        # Games shared between two processes: the shares and the reports cross a pipe.
        reports[f"{name} greedy {SEEDS[0]} jobs 2"] = simulate(
            GAMES, SEEDS[0], "greedy", jobs=2
        ).to_json()
    files = {module: importlib.import_module(module).__file__ for module in modules}
    print(json.dumps({"files": files, "reports": reports}, sort_keys=True))


if __name__ == "__main__":
    main()
