"""A process killed at each file operation of a write, of ``campaign new`` and of
``campaign rebuild``, and what it leaves.

``python bench/kill.py`` needs ``strace``: it runs each command once to list its file
operations (writes, syncs, truncations, links, renames, unlinks, chmods), then again once
per operation, killed with SIGKILL as it enters that one (``strace -e inject=...``). After
each kill it checks, from a fresh process:

- a roll: the campaign is whole under its name (``campaign verify``) and holds the roll
  if and only if the command had printed it (acknowledged); every earlier entry is there;
- ``campaign new``: there is no campaign of that name, and one can be made, or a whole one;
- ``campaign rebuild``: the campaign is whole under its name with every entry and its seat
  links, and the next rebuild leaves no temporary file behind.

``--every N`` kills at every Nth operation only (CI's short run). It prints the counts.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FILE_OPERATIONS = (
    "write,pwrite64,fsync,fdatasync,ftruncate,rename,renameat,renameat2,link,linkat,"
    "unlink,unlinkat,chmod,fchmod,mkdir,mkdirat"
)
COMMANDS = {
    "roll": ["-c", "k", "roll", "1d20", "--by", "Killed"],
    "new": ["campaign", "new", "n", "--from", "foodfight-demo"],
    "rebuild": ["campaign", "rebuild", "k"],
}


def gmtool(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run(
        [sys.executable, "-m", "gmtool", *args], env=env, capture_output=True, text=True
    )


def traced(
    home: Path, args: list[str], inject: str | None, log: Path
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    strace = ["strace", "-f", "-qq", "-e", f"trace={FILE_OPERATIONS}", "-o", str(log)]
    if inject:
        strace += ["-e", f"inject={inject}"]
    return subprocess.run(
        [*strace, sys.executable, "-m", "gmtool", *args], env=env, capture_output=True, text=True
    )


def prepare(home: Path) -> None:
    """Campaign ``k``: a few rolls and an action, and seat links."""
    assert gmtool(home, "campaign", "new", "k", "--from", "originem-demo").returncode == 0
    for _ in range(3):
        assert gmtool(home, "-c", "k", "roll", "1d6").returncode == 0
    assert gmtool(home, "-c", "k", "originem", "scene", "general", "--by", "Pierre").returncode == 0
    script = (
        "from gmtool.engine.game import Game\nfrom gmtool.store.seat_links import SeatLinks\n"
        "g = Game.open('k'); SeatLinks(g.store).ensure(['gm', 'ana']); g.store.close()"
    )
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    subprocess.run([sys.executable, "-c", script], env=env, check=True)


def snapshot(home: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    conn = sqlite3.connect(f"file:{home / 'campaigns' / 'k.db'}?mode=ro", uri=True)
    try:
        entries = conn.execute("SELECT seq, who, outcome FROM entries ORDER BY seq").fetchall()
        links = conn.execute("SELECT seat, token FROM seat_links ORDER BY seat").fetchall()
        return entries, links
    finally:
        conn.close()


def operations(home: Path, args: list[str]) -> Counter[str]:
    """How many times the command makes each file operation."""
    log = home.parent / "count.log"
    traced(home, args, None, log)
    found: Counter[str] = Counter()
    for line in log.read_text().splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and "(" in parts[1]:
            found[parts[1].split("(", 1)[0]] += 1
    return found


def check(
    kind: str, home: Path, before: tuple[list, list], done: subprocess.CompletedProcess[str]
) -> list[str]:
    """What is wrong after a kill (nothing: [])."""
    problems = []
    acknowledged = done.returncode == 0 and bool(done.stdout.strip())
    if kind == "new":
        path = home / "campaigns" / "n.db"
        if path.exists():
            if gmtool(home, "campaign", "verify", "n").returncode != 0:
                problems.append("a campaign that is not whole under its name")
            if gmtool(home, "campaign", "new", "n2", "--system", "originem").returncode != 0:
                problems.append("the next build failed")
        else:
            if acknowledged:
                problems.append("acknowledged, yet no campaign")
            if gmtool(home, "campaign", "new", "n", "--from", "foodfight-demo").returncode != 0:
                problems.append("the name cannot be used again")
        leftovers = [p.name for p in (home / "campaigns").iterdir() if ".new-" in p.name]
        if leftovers:
            problems.append(f"temporary files left after the next build: {leftovers}")
        return problems
    verify = gmtool(home, "campaign", "verify", "k")
    if verify.returncode != 0:
        return [f"not whole under its name: {verify.stderr.strip()[:200]}"]
    entries, links = snapshot(home)
    if entries[: len(before[0])] != before[0]:
        problems.append("an earlier entry is missing or changed")
    if kind == "roll":
        added = entries[len(before[0]) :]
        if acknowledged and [who for _, who, _ in added] != ["Killed"]:
            problems.append("an acknowledged roll is missing")
        if not acknowledged and len(added) > 1:
            problems.append("more than one roll")
    else:
        if len(entries) != len(before[0]):
            problems.append("the rebuild changed the log")
        if links != before[1]:
            problems.append("the seat links changed")
        again = gmtool(home, "campaign", "rebuild", "k")
        leftovers = [p.name for p in (home / "campaigns").iterdir() if ".new-" in p.name]
        if again.returncode != 0 or leftovers:
            problems.append(f"the next rebuild: {again.stderr.strip()[:120]} {leftovers}")
    return problems


def run(every: int = 1, kinds: tuple[str, ...] = tuple(COMMANDS)) -> dict[str, dict[str, int]]:
    """{command: {"operations", "kills", "acknowledged", "bad"}}; bad must be 0."""
    results: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        pristine = Path(scratch) / "pristine"
        prepare(pristine)
        for kind in kinds:
            args = COMMANDS[kind]
            counted = operations(_copy(pristine, Path(scratch) / "count"), args)
            counts = {"operations": sum(counted.values()), "kills": 0, "acknowledged": 0, "bad": 0}
            number = 0
            for call, total in sorted(counted.items()):
                for when in range(1, total + 1):
                    number += 1
                    if (number - 1) % every:
                        continue
                    home = _copy(pristine, Path(scratch) / "trial")
                    before = snapshot(home)
                    log = Path(scratch) / "trial.log"
                    done = traced(home, args, f"{call}:signal=SIGKILL:when={when}", log)
                    counts["kills"] += done.returncode in (-9, 137)
                    counts["acknowledged"] += done.returncode == 0
                    problems = check(kind, home, before, done)
                    if problems:
                        counts["bad"] += 1
                        print(f"{kind}: killed at {call} #{when}: {'; '.join(problems)}")
            results[kind] = counts
    return results


def _copy(source: Path, target: Path) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="kill at every Nth operation")
    parser.add_argument("--only", choices=list(COMMANDS), nargs="+")
    args = parser.parse_args()
    if shutil.which("strace") is None:
        sys.exit("bench/kill.py needs strace (apt-get install strace)")
    results = run(args.every, tuple(args.only or COMMANDS))
    for kind, counts in results.items():
        print(
            f"{kind}: {counts['operations']} file operations, killed at {counts['kills']},"
            f" {counts['acknowledged']} finished; {counts['bad']} left a campaign not whole,"
            " an acknowledged entry lost or a file behind"
        )
    sys.exit(1 if any(counts["bad"] for counts in results.values()) else 0)


if __name__ == "__main__":
    main()
