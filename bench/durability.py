"""What durability and waiting for a lock cost, to choose ``SYNCHRONOUS`` and
``BUSY_TIMEOUT_MS`` in ``gmtool/store/connection.py``.

``python bench/durability.py`` prints:

- the time of one write command (open the campaign, roll, log it, close) with SQLite's
  ``synchronous=FULL`` against ``NORMAL``, taken in turn, medians and p90;
- the latency of commands when 8 writers (rolls, scenes, undo and redo, one process each,
  as the GM's terminal and the table's phones would) hit one campaign at once: p50, p99
  and the longest, which the busy timeout must clear with a margin.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

WRITER = """
import json, sys, time
from gmtool.engine.game import Game
from gmtool.errors import RulesError, StoreError
from gmtool.store import connection

connection.SYNCHRONOUS = sys.argv[3]
connection.LOCK_POLL_MS = int(sys.argv[4])
worker, steps = int(sys.argv[1]), int(sys.argv[2])
crew = ["Pierre", "Larlen", "Remmy", "Delilah"]
times, errors = [], []
for step in range(steps):
    kind = ("roll", "scene", "undo", "redo")[(worker + step) % 4]
    started = time.perf_counter()
    game = Game.open("table")
    try:
        if kind == "roll":
            game.roll("1d20", game.door())
        elif kind == "scene":
            action = {"type": "scene", "scene": "general", "by": [crew[step % 4]] * 3,
                      "mission": None, "target": None}
            game.play(action, game.door())
        else:
            getattr(game, kind)()
    except RulesError:
        pass
    except StoreError as error:
        errors.append(error.line())
    finally:
        game.store.close()
    times.append(time.perf_counter() - started)
print(json.dumps({"times": times, "errors": errors}))
"""


def _campaign(home: Path) -> None:
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    for args in (
        ["campaign", "new", "table", "--from", "originem-demo"],
        ["originem", "mission", "start", "Map Out Ancient Forest"],
    ):
        subprocess.run([sys.executable, "-m", "gmtool", *args], env=env, check=True, stdout=-3)


def single_writer(rounds: int) -> dict[str, list[float]]:
    """One write command at a time, FULL and NORMAL in turn."""
    from gmtool.engine.game import Game
    from gmtool.store import connection

    home = Path(tempfile.mkdtemp(prefix="gmtool-durability-"))
    os.environ["GMTOOL_HOME"] = str(home)
    _campaign(home)
    found: dict[str, list[float]] = {"FULL": [], "NORMAL": []}
    for _ in range(rounds):
        for mode in found:
            connection.SYNCHRONOUS = mode
            started = time.perf_counter()
            game = Game.open("table")
            game.roll("1d20", game.door())
            game.store.close()
            found[mode].append(time.perf_counter() - started)
    return found


def eight_writers(
    writers: int, steps: int, mode: str, poll_ms: int
) -> tuple[list[float], list[str]]:
    home = Path(tempfile.mkdtemp(prefix="gmtool-writers-"))
    _campaign(home)
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(n), str(steps), mode, str(poll_ms)],
            env=env,
            stdout=-1,
            text=True,
        )
        for n in range(writers)
    ]
    times: list[float] = []
    errors: list[str] = []
    for proc in procs:
        out, _ = proc.communicate()
        report = json.loads(out)
        times += report["times"]
        errors += report["errors"]
    return times, errors


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument(
        "--poll", type=int, nargs="+", default=[40, 5000], help="LOCK_POLL_MS values to compare"
    )
    args = parser.parse_args()
    single = single_writer(args.rounds)
    print("| synchronous | median ms | p90 ms |")
    print("|---|---|---|")
    for mode, values in single.items():
        print(f"| {mode} | {statistics.median(values) * 1000:.2f} | {_ms(values, 0.9):.2f} |")
    for mode, poll_ms in [(m, p) for m in ("FULL", "NORMAL") for p in args.poll]:
        times, errors = eight_writers(args.writers, args.steps, mode, poll_ms)
        print(
            f"\n{args.writers} writers x {args.steps} commands, synchronous={mode}, "
            f"polling the lock every {poll_ms} ms: "
            f"p50 {_ms(times, 0.5):.0f} ms, p99 {_ms(times, 0.99):.0f} ms, "
            f"longest {max(times) * 1000:.0f} ms, lock errors {len(errors)}"
        )


if __name__ == "__main__":
    main()
