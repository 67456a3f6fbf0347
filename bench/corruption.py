"""Random damage to a campaign's file, and what gmtool makes of it.

``python bench/corruption.py --trials 300`` builds an Originem campaign (a mission's worth
of scenes, rolls, an undo), then for each trial copies it, overwrites one random byte with
a random value, and asks:

- does ``campaign verify`` find the damage?
- if not, is every row still what it was (the byte fell in unused space), or did a change
  go unnoticed (the figure that must stay at zero)?
- is it found by the check ``play`` and ``serve`` make when they open a campaign (the
  quick check of the chain and seal, then SQLite's quick check of every page)?
- do ``status``, ``log``, ``roll`` and ``undo`` each end in one line, never an internal
  error (exit 70)? and when a write was let through, is the damage still found by
  ``verify`` afterwards (a write must never seal damage over: the figure that must be 0)?
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


def build(home: Path) -> Path:
    os.environ["GMTOOL_HOME"] = str(home)
    run("campaign", "new", "base", "--from", "originem-demo")
    run("originem", "mission", "start", "Map Out Ancient Forest")
    for number in range(40):
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
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="gmtool-corruption-"))
    pristine = build(home)
    data = pristine.read_bytes()
    before = rows(pristine)
    rng = random.Random(args.seed)
    detected = harmless = unnoticed = internal = many_lines = 0
    on_open = written = hidden = 0
    for trial in range(args.trials):
        name = f"t{trial}"
        path = home / "campaigns" / f"{name}.db"
        damaged = bytearray(data)
        offset = rng.randrange(len(damaged))
        damaged[offset] = (damaged[offset] + rng.randrange(1, 256)) % 256
        path.write_bytes(bytes(damaged))
        code, _ = run("campaign", "verify", name)
        if code != 0:
            detected += 1
        elif rows(path) == before:
            harmless += 1
        else:
            unnoticed += 1
            print(f"unnoticed: trial {trial}, byte {offset}")
        found_on_open = opened_check(name)
        on_open += found_on_open and code != 0
        wrote = False
        for command in (["status"], ["log", "--json"], ["roll", "1d6"], ["undo"]):
            code_, err = run("-c", name, *command)
            internal += code_ == 70
            if code_ == 70:
                print(f"internal error: trial {trial}, byte {offset}, {command}: {err.strip()}")
            many_lines += len(err.strip().splitlines()) > 1
            wrote = wrote or (code_ == 0 and command[0] in ("roll", "undo"))
        if code != 0 and wrote:
            written += 1
            if run("campaign", "verify", name)[0] == 0:
                hidden += 1
                print(f"damage sealed over by a write: trial {trial}, byte {offset}")
    shutil.rmtree(home, ignore_errors=True)
    print(
        f"{args.trials} random one-byte corruptions of a {len(data):,}-byte campaign: "
        f"verify found {detected}; {harmless} left every row as it was (unused space); "
        f"{unnoticed} changed a row unnoticed. The check play and serve make on opening"
        f" found {on_open} of the {detected}. Commands: {internal} internal errors,"
        f" {many_lines} refusals of more than one line; a command line wrote to {written}"
        f" damaged campaigns (damage far from the rows a write checks), and sealed over"
        f" {hidden} (verify still found the rest)."
    )


def opened_check(name: str) -> bool:
    """Whether the check ``play`` and ``serve`` make when they open a campaign finds it
    damaged: the chain's quick check (``damage``), then SQLite's of every page."""
    from gmtool.errors import GmtoolError
    from gmtool.store.campaign import CampaignStore

    try:
        store = CampaignStore.open(name)
    except GmtoolError:
        return True
    try:
        if store.damage is not None:
            return True
        store.watch_pages()
        return False
    except GmtoolError:
        return True
    finally:
        store.close()


if __name__ == "__main__":
    main()
