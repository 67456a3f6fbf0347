"""The log at length: exports of 100,000 and 1,000,000 entries (rows a second, peak
memory), ``log`` with no options and ``roll``/``status`` on a long log against an empty one."""

from __future__ import annotations

from common import PYTHON, Bench, Figure, Step

FILL = """
import json, sys
from gmtool.dice import DiceDoor, Rng
from gmtool.store.campaign import CampaignStore
from gmtool.store.records import now_text

name, count = sys.argv[1], int(sys.argv[2])
store = CampaignStore.open(name)
columns = {row[1] for row in store.conn.execute("PRAGMA table_info(entries)")}
chained = "hash" in columns  # a version whose log is a checksum chain
door = DiceDoor(Rng(1))
scenes = ("exploration", "puzzle", "general", "")
def rows():
    for number in range(count):
        roll = door.roll("3d6")
        scene = scenes[number % 4]
        yield (now_text(), "roll", "Larlen" if scene else "",
               "3d6", str(roll.total), "Map Out Ancient Forest" if scene else "", scene,
               json.dumps([roll.to_json()])) + (("1",) if "rng" in columns else ())
rng = ", rng" if "rng" in columns else ""
marks = ", ?" if rng else ""
with store.transaction():
    store.conn.executemany(
        f"INSERT INTO entries (time, kind, who, what, outcome, mission, scene, dice, result{rng})"
        f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{{}}'{marks})",
        rows(),
    )
    if chained:  # link every entry, as a campaign brought into the chain is
        from gmtool.store.seals import rehash_all
        rehash_all(store.conn)
    tables = {row[0] for row in store.conn.execute("SELECT name FROM sqlite_master")}
    if "entry_names" in tables:  # a version that keeps the names of the log indexed
        from gmtool.store.log_names import add_all_names
        add_all_names(store.conn)
store.close()
"""


FORMATS = ("csv", "json", "md")
EXPORT_ROUNDS = 3
"""Runs of each export, the quickest counted: this host's speed at a long export has moved
by half from one minute to the next, more than any yardstick taken beside it could show."""
FILTERS = ("who", "mission", "scene")
"""The log's filters, each timed on a value no entry has (the most it can read)."""


def fill(bench: Bench, name: str, count: int) -> None:
    bench.run(bench.gmtool("campaign", "new", name, "--system", "originem"))
    if count:
        bench.run([PYTHON, "-c", FILL, name, str(count)])


def export_figures(bench: Bench, sizes: list[int]) -> list[Figure]:
    fill(bench, "empty", 0)
    figures: list[Figure] = []
    for size in sizes:
        name = f"log{size}"
        fill(bench, name, size)
        runs: dict[str, list[tuple[float, float, int]]] = {fmt: [] for fmt in FORMATS}
        for _ in range(EXPORT_ROUNDS):  # the formats take turns, as commands and yardsticks do
            for fmt in FORMATS:
                runs[fmt].append(bench.peak(bench.gmtool("-c", name, "log", "--format", fmt)))
        for fmt in FORMATS:
            seconds, cpu, peak = min(runs[fmt])
            rate, cpu_rate = size / seconds, size / cpu
            target, met = "", None
            if fmt == "csv" and size >= 1_000_000:
                target = "≥ 200,000 rows/s, < 100 MB"
                met = cpu_rate >= 200_000 and peak < 100e6
            figures.append(
                Figure(
                    f"`log --format {fmt}`, {size:,} entries",
                    f"{rate:,.0f} rows/s ({cpu_rate:,.0f} a CPU second), {peak / 1e6:,.0f} MB peak",
                    "",
                    target,
                    met,
                )
            )
        rounds, bench.rounds = bench.rounds, max(3, bench.rounds // 3)
        medians = bench.time_rounds(
            [
                Step("empty", bench.gmtool("-c", "empty", "log")),
                Step("full", bench.gmtool("-c", name, "log")),
                *(Step(f, bench.gmtool("-c", name, "log", f"--{f}", "Nobody")) for f in FILTERS),
            ]
        )
        bench.rounds = rounds
        ratio = medians["full"] / medians["empty"]
        figures.append(
            Figure(
                f"`log` (no options), {size:,} entries",
                f"{ratio:.2f}",
                "`log` of an empty campaign",
                "≤ 1.2",
                ratio <= 1.2,
            )
        )
        figures.append(
            Figure(
                f"`log --who` / `--mission` / `--scene` finding nothing, {size:,} entries",
                " / ".join(f"{medians[f] / medians['empty']:.2f}" for f in FILTERS),
                "`log` of an empty campaign",
                "",
                None,
            )
        )
    size = sizes[0]
    for command in (("roll", "1d20"), ("status",)):
        medians = bench.time_rounds(
            [
                Step("empty", bench.gmtool("-c", "empty", *command)),
                Step("full", bench.gmtool("-c", f"log{size}", *command)),
            ]
        )
        ratio = medians["full"] / medians["empty"]
        figures.append(
            Figure(
                f"`{' '.join(command)}`, {size:,} entries",
                f"{ratio:.2f}",
                "the same on an empty campaign",
                "≤ 1.5",
                ratio <= 1.5,
            )
        )
    return figures
