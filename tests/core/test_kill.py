"""A process appending rolls is killed with SIGKILL: the database stays whole and keeps
every roll whose command had returned (was acknowledged)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

WRITER = """
import sys
from gmtool.systems import SYSTEMS
SYSTEMS["toy"] = "tests.core.toy_system"
from gmtool.engine.game import Game
game = Game.create("k", system_name="toy", options={}, overrides={}, seed=3)
while True:
    game.roll("1d20", game.door())
    seq = game.store.count_entries()
    sys.stdout.write(f"{seq}\\n")
    sys.stdout.flush()
"""


def test_kill_minus_nine_keeps_every_acknowledged_roll(gmtool_home: Path) -> None:
    env = dict(os.environ, GMTOOL_HOME=str(gmtool_home), PYTHONPATH=str(Path.cwd()))
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER], stdout=subprocess.PIPE, env=env, text=True
    )
    assert proc.stdout is not None
    acknowledged = 0
    deadline = time.monotonic() + 20
    while acknowledged < 200 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert acknowledged >= 200
    conn = sqlite3.connect(gmtool_home / "campaigns" / "k.db")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = conn.execute("SELECT count(*) FROM entries WHERE kind = 'roll'").fetchone()[0]
    assert stored >= acknowledged
    seqs = [row[0] for row in conn.execute("SELECT seq FROM entries ORDER BY seq")]
    assert seqs == list(range(1, len(seqs) + 1))
