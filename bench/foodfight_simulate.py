"""How fast the Food Fight simulator plays whole games: games per second by policy.

Run: ``.venv/bin/python bench/foodfight_simulate.py [GAMES]`` (default 2000 per policy).
"""

from __future__ import annotations

import sys
import time

from gmtool.systems.foodfight.content import load_content
from gmtool.systems.foodfight.simulate import simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    content = load_content({})
    for policy in ("random", "greedy"):
        started = time.perf_counter()
        report = simulate(games, 1, policy, content=content)
        seconds = time.perf_counter() - started
        doc = report.to_json()
        rates = "  ".join(f"{seat} {rate:.1%}" for seat, rate in doc["win_rate"].items())
        print(
            f"{policy:>6}: {games} games in {seconds:.2f} s = {games / seconds:,.0f} games/s"
            f"  ({doc['average_length']} moves a game; {rates};"
            f" ended by towers {doc['ended_by']['towers']:.1%},"
            f" health {doc['ended_by']['health']:.1%})"
        )


if __name__ == "__main__":
    main()
