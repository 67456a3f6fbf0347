"""Writers of every kind on one campaign while ``campaign rebuild`` runs among them, and
whether every acknowledged entry is still there afterwards, checked entry by entry.

``python bench/race.py`` (``--writers 3 --rolls 150 --rebuilds 20``) runs, at once:

- ``--writers`` command-line writers (one process each, open, roll, close, as ``gmtool
  roll`` does), each roll carrying its own name in ``who``;
- a ``play`` session: one process holding the campaign open and rolling in it;
- ``serve``: one process holding the campaign in the web's ``LiveCampaign`` (its worker
  thread and long-lived connection) and rolling there;
- one process rebuilding the campaign ``--rebuilds`` times.

A roll counts as acknowledged once its call returned. It prints how many were
acknowledged, how many of those are missing or changed in the file (must be 0), the
rebuilds done, the errors met and whether ``campaign verify`` finds the campaign whole.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

WRITER = """
import json, sys
from gmtool.engine.game import Game
from gmtool.errors import StoreError
kind, worker, rolls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
acknowledged, errors = {}, []
held = None
if kind == "play":
    held = Game.open("race")
    held.store.watch_pages()
elif kind == "serve":
    from gmtool.web.campaign import LiveCampaign
    live = LiveCampaign("race")
for step in range(rolls):
    who = f"{kind}{worker}-{step}"
    try:
        if kind == "cli":
            game = Game.open("race")
            try:
                outcome = str(game.roll("1d1000", game.door(), who=who)[0].total)
            finally:
                game.store.close()
        elif kind == "play":
            outcome = str(held.roll("1d1000", held.door(), who=who)[0].total)
        else:
            game = live.game
            outcome = str(live.call(lambda: game.roll("1d1000", game.door(), who=who)[0].total))
        acknowledged[who] = outcome
    except StoreError as error:
        errors.append(error.line())
if kind == "serve":
    live.close()
print(json.dumps({"acknowledged": acknowledged, "errors": errors}))
"""

REBUILDER = """
import json, sys, time
from gmtool.engine.integrity import rebuild
from gmtool.errors import StoreError
done, errors = 0, []
for _ in range(int(sys.argv[1])):
    try:
        rebuild("race")
        done += 1
    except StoreError as error:
        errors.append(error.line())
    time.sleep(0.02)
print(json.dumps({"rebuilds": done, "errors": errors}))
"""


def race(home: Path, *, writers: int, rolls: int, rebuilds: int) -> dict[str, object]:
    """Run the race in ``home`` (a GMTOOL_HOME of its own) and count what it left."""
    import sqlite3

    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    run = [sys.executable, "-m", "gmtool"]
    subprocess.run(
        [*run, "campaign", "new", "race", "--system", "originem", "--seed", "5"],
        env=env,
        check=True,
        capture_output=True,
    )
    kinds = [("cli", n) for n in range(writers)] + [("play", 0), ("serve", 0)]
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, kind, str(n), str(rolls)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for kind, n in kinds
    ]
    procs.append(
        subprocess.Popen(
            [sys.executable, "-c", REBUILDER, str(rebuilds)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
    )
    reports = [json.loads(proc.communicate()[0]) for proc in procs]
    acknowledged: dict[str, str] = {}
    errors: list[str] = []
    for report in reports:
        acknowledged.update(report.get("acknowledged", {}))
        errors += report["errors"]
    conn = sqlite3.connect(home / "campaigns" / "race.db")
    stored = dict(conn.execute("SELECT who, outcome FROM entries WHERE kind = 'roll'"))
    conn.close()
    missing = [who for who in acknowledged if who not in stored]
    changed = [who for who in acknowledged if who in stored and stored[who] != acknowledged[who]]
    verify = subprocess.run(
        [*run, "campaign", "verify", "race"], env=env, capture_output=True, text=True
    )
    return {
        "acknowledged": len(acknowledged),
        "missing": len(missing),
        "changed": len(changed),
        "rebuilds": reports[-1]["rebuilds"],
        "errors": errors,
        "whole": verify.returncode == 0,
        "backups": len(list((home / "campaigns").glob("race.db.before-rebuild-*"))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=150)
    parser.add_argument("--rebuilds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        counts = race(Path(home), writers=args.writers, rolls=args.rolls, rebuilds=args.rebuilds)
    print(
        f"acknowledged {counts['acknowledged']}, missing {counts['missing']}, changed"
        f" {counts['changed']}; rebuilds {counts['rebuilds']} (backups {counts['backups']});"
        f" errors {len(counts['errors'])}; verify: {'whole' if counts['whole'] else 'DAMAGED'}"
    )
    for line in sorted(set(counts["errors"]))[:10]:  # type: ignore[call-overload]
        print(f"  {line}")
    sys.exit(0 if not counts["missing"] and not counts["changed"] and counts["whole"] else 1)


if __name__ == "__main__":
    main()
