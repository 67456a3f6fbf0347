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
from gmtool.games import GAMES
GAMES["toy"] = "tests.core.toy"
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


def test_a_campaign_new_killed_at_any_moment_leaves_nothing_or_a_whole_campaign(
    gmtool, gmtool_home: Path
) -> None:  # type: ignore[no-untyped-def]
    """Killed while it builds (at delays spread over its run), ``campaign new`` leaves
    either no campaign of that name, which can then be created, or one that proves whole."""
    env = dict(os.environ, GMTOOL_HOME=str(gmtool_home), PYTHONPATH=str(Path.cwd()))
    outcomes = set()
    for trial, delay in enumerate((0.15, 0.3, 0.45, 0.6, 0.75, 0.9)):
        name = f"k{trial}"
        proc = subprocess.Popen(
            [sys.executable, "-m", "gmtool", "campaign", "new", name, "--from", "foodfight-demo"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if gmtool("campaign", "verify", name).code == 0:
            outcomes.add("whole")
            assert gmtool("-c", name, "status", "--json").code == 0
        else:
            outcomes.add("nothing")
            assert not (gmtool_home / "campaigns" / f"{name}.db").exists()
            assert gmtool("campaign", "new", name, "--from", "foodfight-demo").code == 0
        assert gmtool("campaign", "verify", name).code == 0
    leftovers = [p.name for p in (gmtool_home / "campaigns").iterdir() if ".new-" in p.name]
    assert leftovers == []  # a killed build's temporary file is cleared by the next one
    assert outcomes  # which of the two depends on the machine's speed


def test_a_build_stopped_before_it_is_put_in_place_leaves_no_campaign(
    gmtool, gmtool_home: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.store import campaign

    def killed(*args: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(campaign, "publish", killed)
        assert gmtool("campaign", "new", "half", "--system", "originem").code == 130
    folder = gmtool_home / "campaigns"
    assert [p.name for p in folder.iterdir()] == []
    assert gmtool("campaign", "new", "half", "--system", "originem").code == 0
