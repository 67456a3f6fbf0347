"""Eight commands writing one campaign at once (the GM's terminal and the table's phones):
rolls, scenes, undo and redo all wait their turn; none fails for the lock, nothing is lost,
and the campaign proves whole afterwards."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

WRITERS = 8
STEPS = 16

WRITER = """
import json, sys, time
from gmtool.engine.game import Game
from gmtool.errors import RulesError, StoreError

worker, steps = int(sys.argv[1]), int(sys.argv[2])
crew = ["Pierre", "Larlen", "Remmy", "Delilah"]
done = {"rolls": 0, "actions": 0, "undo": 0, "redo": 0, "refused": 0, "store_errors": []}
for step in range(steps):
    kind = ("roll", "scene", "undo", "redo")[(worker + step) % 4]
    game = Game.open("table")  # one command: open, write, close
    try:
        if kind == "roll":
            game.roll("1d20", game.door())
            done["rolls"] += 1
        elif kind == "scene":
            by = [crew[(worker + step) % 4]] * 3
            action = {"type": "scene", "scene": "general", "by": by, "mission": None,
                      "target": None}
            game.play(action, game.door())
            done["actions"] += 1
        else:
            getattr(game, kind)()
            done[kind] += 1
    except RulesError:
        done["refused"] += 1  # nothing to undo or redo, or the rules said no: not the lock
    except StoreError as error:
        done["store_errors"].append(error.line())
    finally:
        game.store.close()
print(json.dumps(done))
"""


def test_eight_writers_at_once_all_get_their_turn(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "table", "--from", "originem-demo").code == 0
    assert gmtool("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    env = dict(os.environ, GMTOOL_HOME=str(gmtool_home), PYTHONPATH=str(Path.cwd()))
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(number), str(STEPS)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for number in range(WRITERS)
    ]
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        reports.append(json.loads(out))
    assert [r["store_errors"] for r in reports] == [[]] * WRITERS
    rolls = sum(r["rolls"] for r in reports)
    actions = sum(r["actions"] for r in reports)
    assert rolls == WRITERS * STEPS // 4
    log = json.loads(gmtool("-c", "table", "log", "--json").out)
    assert len(log) == 1 + rolls + actions  # the mission start, then every acknowledged write
    verified = gmtool("campaign", "verify", "table", "--json")
    assert verified.code == 0, verified.out
    assert json.loads(verified.out)["replayed"] >= 1
