"""What SQLite's quick check of every page costs ``play`` and ``serve`` on a long log.

``python bench/page_check.py`` (``--rows 1000000``) builds an Originem campaign whose log
holds that many entries (rolls, linked into the checksum chain), then times, quickest of
three each: ``PRAGMA quick_check`` as ``play`` and ``serve`` run it when they open the
campaign and every five minutes (``CampaignStore.watch_pages``), and one roll written to
the same campaign without it, the yardstick. ``bench/run.py --only pages`` prints the same
figure in the speed table.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def build(name: str, count: int) -> Path:
    """A campaign of ``count`` logged rolls in the current GMTOOL_HOME."""
    import json

    from gmtool.dice import DiceDoor, Rng
    from gmtool.engine.game import Game
    from gmtool.store.log_names import add_all_names
    from gmtool.store.records import now_text
    from gmtool.store.seals import rehash_all

    game = Game.create(name, system_name="originem", options={}, overrides={}, seed=1)
    door = DiceDoor(Rng(1))
    store = game.store

    def rows():  # type: ignore[no-untyped-def]
        for _ in range(count):
            roll = door.roll("3d6")
            yield (now_text(), "roll", "Larlen", "3d6", str(roll.total),
                   json.dumps([roll.to_json()]))  # fmt: skip

    with store.transaction():
        store.conn.executemany(
            "INSERT INTO entries (time, kind, who, what, outcome, dice, result, rng)"
            " VALUES (?, ?, ?, ?, ?, ?, '{}', '1')",
            rows(),
        )
        rehash_all(store.conn)
        add_all_names(store.conn)
    path = store.path
    store.close()
    return path


def measure(count: int) -> dict[str, float]:
    """Seconds (quickest of three) of the page check and of one roll, and the file's MB."""
    from gmtool.engine.game import Game

    with tempfile.TemporaryDirectory() as home:
        os.environ["GMTOOL_HOME"] = home
        path = build("long", count)
        checks, rolls = [], []
        for _ in range(3):
            game = Game.open("long")
            started = time.perf_counter()
            game.store.check_pages()
            checks.append(time.perf_counter() - started)
            started = time.perf_counter()
            game.roll("1d20", game.door())
            rolls.append(time.perf_counter() - started)
            game.store.close()
        return {"check": min(checks), "roll": min(rolls), "mb": path.stat().st_size / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--figures", action="store_true", help="print the three numbers only")
    args = parser.parse_args()
    found = measure(args.rows)
    if args.figures:
        print(found["check"], found["roll"], found["mb"])
        return
    print(
        f"quick check of a {args.rows:,}-entry log ({found['mb']:.0f} MB):"
        f" {found['check']:.2f} s; one roll written there: {found['roll'] * 1000:.1f} ms;"
        f" every five minutes that is {found['check'] / 300:.2%} of a session's time"
    )


if __name__ == "__main__":
    main()


def page_figures(bench: object, rows: int) -> list[object]:
    """The speed table's row (``bench/run.py --only pages``)."""
    from common import PYTHON, Figure

    out = bench.run([PYTHON, str(Path(__file__)), "--rows", str(rows), "--figures"])  # type: ignore[attr-defined]
    check, roll, mb = (float(part) for part in out.split())
    return [
        Figure(
            f"SQLite's quick check, {rows:,}-entry log ({mb:.0f} MB), as `play`/`serve` open",
            f"{check:.2f} s",
            f"one roll there {roll * 1000:.0f} ms",
            "≤ 5 s (every 5 min)",
            check <= 5,
        )
    ]
