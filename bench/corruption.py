"""Random damage to a campaign's file, and what gmtool makes of it.

``python bench/corruption.py --trials 300`` builds an Originem campaign (a mission's worth
of scenes, rolls, an undo: 81 entries; ``--length 400`` makes it 801, longer than the
slice of the chain a write checks), then for each trial copies it, overwrites one random byte with
a random value, and asks:

- did it change a row (of the game, the log, the snapshots, the meta data), and does
  ``campaign verify`` find it (a change unnoticed: the figure that must stay at zero)?
- where is damage that changed a row found first: before the next write (``status``,
  ``log``, then ``roll``: the roll refused), else by the check ``play`` and ``serve`` make
  when they open a campaign, else only by ``verify``?
- do ``status``, ``log``, ``roll`` and ``undo`` each end in one line, never an internal
  error (exit 70)? and when a write was let through, is the damage still found by
  ``verify`` afterwards (a write must never seal damage over: the figure that must be 0)?

Each question is asked of a copy of its own, so no check's damage mark helps another.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def run(*args: str) -> tuple[int, str]:
    from gmtool.cli.main import main

    err = io.StringIO()
    with (
        patch.object(sys, "argv", ["gmtool", *args]),
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
    ):
        try:
            main()
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, err.getvalue()


def rows(path: Path) -> list[tuple[object, ...]] | None:
    """Every row of every table, or None when the file cannot be read through."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            found = []
            for table in ("game", "entries", "snapshots", "meta"):
                found += conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            return found
        finally:
            conn.close()
    except (sqlite3.DatabaseError, UnicodeError):
        return None


def build(home: Path, length: int) -> Path:
    os.environ["GMTOOL_HOME"] = str(home)
    run("campaign", "new", "base", "--from", "originem-demo")
    run("originem", "mission", "start", "Map Out Ancient Forest")
    for number in range(length):
        run("originem", "scene", "general", "--by", ["Remmy", "Larlen"][number % 2])
        run("roll", "1d20", "--by", "Pierre")
    run("undo")
    path = home / "campaigns" / "base.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--length", type=int, default=40, help="scenes (and as many rolls) in the campaign"
    )
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="gmtool-corruption-"))
    pristine = build(home, args.length)
    data = pristine.read_bytes()
    before = rows(pristine)
    conn = sqlite3.connect(pristine)
    entries = conn.execute("SELECT count(*) FROM entries").fetchone()[0]
    conn.close()
    rng = random.Random(args.seed)
    counts = dict.fromkeys(
        ("changed", "found", "unnoticed", "harmless", "other", "before_write", "on_open",
         "verify_only", "other_before_write", "other_on_open", "other_verify_only",
         "written", "hidden", "internal", "many_lines"),
        0,
    )  # fmt: skip
    for trial in range(args.trials):
        offset = rng.randrange(len(data))
        damaged = bytearray(data)
        damaged[offset] = (damaged[offset] + rng.randrange(1, 256)) % 256
        # Each question on a copy of its own: no check's damage mark helps another.
        paths = {}
        for use in ("verify", "open", "cli"):
            paths[use] = home / "campaigns" / f"t{trial}{use}.db"
            paths[use].write_bytes(bytes(damaged))
        changed = rows(paths["verify"]) != before
        found = run("campaign", "verify", f"t{trial}verify")[0] != 0
        counts["changed"] += changed
        counts["found"] += found and changed
        counts["other"] += found and not changed
        counts["harmless"] += not found and not changed
        if changed and not found:
            counts["unnoticed"] += 1
            print(f"unnoticed: trial {trial}, byte {offset}")
        if not found:
            continue
        on_open = opened_check(f"t{trial}open")
        refused_first = None
        wrote = False
        for command in (["status"], ["log", "--json"], ["roll", "1d6"], ["undo"]):
            code, err = run("-c", f"t{trial}cli", *command)
            counts["internal"] += code == 70
            if code == 70:
                print(f"internal error: trial {trial}, byte {offset}, {command}: {err.strip()}")
            counts["many_lines"] += len(err.strip().splitlines()) > 1
            if command[0] in ("roll", "undo"):
                refused_first = code != 0 if refused_first is None else refused_first
                wrote = wrote or code == 0
        kind = "before_write" if refused_first else "on_open" if on_open else "verify_only"
        counts[kind if changed else f"other_{kind}"] += 1
        if wrote:
            counts["written"] += 1
            if run("campaign", "verify", f"t{trial}cli")[0] == 0:
                counts["hidden"] += 1
                print(f"damage sealed over by a write: trial {trial}, byte {offset}")
    shutil.rmtree(home, ignore_errors=True)
    c = counts
    print(
        f"{args.trials} random one-byte corruptions of a {len(data):,}-byte campaign"
        f" ({entries} entries);"
        f" {c['changed']} changed a row: verify found {c['found']}, {c['unnoticed']} went"
        f" unnoticed. Of those {c['changed']}: found before the next write"
        f" {c['before_write']}, by the check play and serve make on opening"
        f" {c['on_open']}, by verify only {c['verify_only']}. Verify also found"
        f" {c['other']} that changed no row (an index, free space): before the next write"
        f" {c['other_before_write']}, on opening {c['other_on_open']}, by verify only"
        f" {c['other_verify_only']}; {c['harmless']} left every"
        f" row as it was unnoticed. Commands: {c['internal']} internal errors,"
        f" {c['many_lines']} refusals of more than one line; a write went ahead on"
        f" {c['written']} damaged campaigns, and sealed over {c['hidden']}."
    )


def opened_check(name: str) -> bool:
    """Whether the check ``play`` and ``serve`` make when they open a campaign finds it
    damaged: the quick check of the chain's last links as it opens (``damage``), then the
    first round of its watch (SQLite's integrity check of every page and index, every
    link, every snapshot)."""
    from gmtool.errors import GmtoolError
    from gmtool.store.campaign import CampaignStore

    try:
        store = CampaignStore.open(name)
    except GmtoolError:
        return True
    try:
        if store.damage is not None:
            return True
        watch = store.watch_pages()
        watch.after_rounds(1)
        return watch.found is not None
    finally:
        store.close()


if __name__ == "__main__":
    main()
