"""What checking a long log costs: a write's slice of the chain, the watch of a session.

``python bench/page_check.py`` (``--rows 1000 10000 1000000``) builds, for each count, an
Originem campaign whose log holds that many entries (rolls, linked into the checksum
chain), then times, quickest of three each: ``PRAGMA integrity_check``, and a whole round of
the watch ``play`` and ``serve`` run when they open the campaign and every five minutes
(``store.watch``: the integrity check, every link and snapshot); then one roll written with
its slice of the chain (``CHAIN_SLICE`` links, what every write checks) against the same
roll with none, the two taking turns (their CPU time, steadier than the wall's on a busy
machine). ``bench/run.py --only pages`` prints the same figures in the speed table.
"""

from __future__ import annotations

import argparse
import os
import statistics
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


def measure(count: int, rolls: int = 15) -> dict[str, float]:
    """Seconds (quickest of three): SQLite's integrity check of the pages and indexes, a
    round of a session's watch (that check, every link and every snapshot); CPU seconds (the
    median of ``rolls``) of a roll written with its slice of the chain (CHAIN_SLICE links)
    and of the same roll with none, taking turns; and the file's MB."""
    from gmtool.engine.game import Game
    from gmtool.store import campaign, damage_mark
    from gmtool.store.watch import Watch

    with tempfile.TemporaryDirectory() as home:
        os.environ["GMTOOL_HOME"] = home
        path = build("long", count)
        checks, rounds = [], []
        for _ in range(3):
            game = Game.open("long")
            started = time.perf_counter()
            damage_mark.page_problem(game.store.conn, indexes=True)
            checks.append(time.perf_counter() - started)
            started = time.perf_counter()
            found = Watch("long", path, wait=lambda seconds: False).check(game.store.conn)
            rounds.append(time.perf_counter() - started)
            assert found is None, found
            game.store.close()
        timed: dict[int, list[float]] = {campaign.CHAIN_SLICE: [], 0: []}
        game = Game.open("long")
        game.roll("1d20", game.door())  # the writable connection opened, the schema read
        kept = campaign.CHAIN_SLICE
        try:
            for _ in range(rolls):
                for links in timed:
                    campaign.CHAIN_SLICE = links
                    started = time.process_time()  # on a busy machine, steadier than the wall's
                    game.roll("1d20", game.door())
                    timed[links].append(time.process_time() - started)
        finally:
            campaign.CHAIN_SLICE = kept
            game.store.close()
        return {
            "check": min(checks),
            "round": min(rounds),
            "roll": statistics.median(timed[kept]),
            "bare": statistics.median(timed[0]),
            "mb": path.stat().st_size / 1e6,
        }


FIGURES = ("check", "round", "roll", "bare", "mb")


def main() -> None:
    from gmtool.store.campaign import CHAIN_SLICE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1_000, 10_000, 1_000_000])
    parser.add_argument("--figures", action="store_true", help="print the numbers only")
    args = parser.parse_args()
    for rows in args.rows:
        found = measure(rows)
        if args.figures:
            print(rows, *(found[key] for key in FIGURES))
            continue
        print(
            f"{rows:,}-entry log ({found['mb']:.1f} MB): SQLite's integrity check"
            f" {found['check']:.2f} s; a round of the watch of play and serve (it and every"
            f" link) {found['round']:.2f} s; one roll {found['roll'] * 1000:.1f} ms of CPU with"
            f" its slice of {CHAIN_SLICE} links, {found['bare'] * 1000:.1f} ms without",
            flush=True,
        )


if __name__ == "__main__":
    main()


def page_figures(bench: object, rows: list[int]) -> list[object]:
    """The speed table's rows (``bench/run.py --only pages``)."""
    from common import PYTHON, Figure

    argv = [PYTHON, str(Path(__file__)), "--figures", "--rows", *map(str, rows)]
    out = bench.run(argv)  # type: ignore[attr-defined]
    figures = []
    for line in out.splitlines():
        count, check, round_, roll, bare, mb = (float(part) for part in line.split())
        size = f"{int(count):,}-entry log ({mb:.0f} MB)"
        figures.append(
            Figure(
                f"a roll's slice of the chain, {size}",
                f"{(roll - bare) * 1000:.1f} ms of CPU",
                f"the roll without it {bare * 1000:.1f} ms",
                "≤ 5 ms",
                roll - bare <= 0.005,
            )
        )
        if count == max(rows):
            figures.append(
                Figure(
                    f"SQLite's integrity check, {size}, in the watch of `play`/`serve`",
                    f"{check:.2f} s",
                    "",
                    "≤ 15 s (every 5 min)",
                    check <= 15,
                )
            )
            figures.append(
                Figure(
                    f"a round of that watch (the integrity check and every link), {size}",
                    f"{round_:.1f} s",
                    "",
                    "≤ 150 s (it rests as long again)",
                    round_ <= 150,
                )
            )
    return figures
