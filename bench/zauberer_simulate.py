"""How fast the Zauberer simulator plays whole games: games per second by policy.

Run: ``.venv/bin/python bench/zauberer_simulate.py [GAMES] [JOBS]`` (default 1000 per
policy, one process).
"""

from __future__ import annotations

import sys
import time

from gmtool.systems.zauberer.simulate import simulate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for policy in ("random", "greedy"):
        started = time.perf_counter()
        doc = simulate(games, 1, policy, jobs=jobs).to_json()
        seconds = time.perf_counter() - started
        clans = "  ".join(f"{c} {r:.1%}" for c, r in doc["win_rate"]["by_clan"].items())
        seats = "  ".join(f"{s}: {r:.1%}" for s, r in doc["win_rate"]["by_seat"].items())
        print(
            f"{policy:>6}: {games} games in {seconds:.2f} s = {games / seconds:,.0f} games/s"
            f" with {jobs} job(s)  ({doc['average_turns']} turns, {doc['average_duels']} duels"
            f" a game; {clans}; seats {seats})"
        )


if __name__ == "__main__":
    main()
