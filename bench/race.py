"""Writers of every kind on one campaign while ``campaign rebuild`` runs among them, and
whether every acknowledged entry is still there afterwards, checked entry by entry.

``python bench/race.py`` (``--writers 3 --rolls 150 --moves 36 --rebuilds 20``) runs, on
one Food Fight campaign, at once:

- ``--writers`` command-line writers (one process each, open, roll, close, as ``gmtool
  roll`` does), each roll carrying its own name in ``who``;
- a ``play`` session: one process holding the campaign open (its watch running) and
  rolling in it;
- a running ``gmtool serve``, and the four players' phones posting moves to it over HTTP
  from their own links, as a browser posts them (up to ``--moves`` discards, in turn,
  until the match ends: this one is won after 39);
- one process rebuilding the campaign ``--rebuilds`` times, ``--gap`` seconds apart.

A roll counts as acknowledged once its call returned, a phone move once the page the
server answered with says it was played. It prints how many of each were acknowledged,
how many rolls are missing or changed in the file, whether the moves in the log are the
acknowledged ones in their order (all must hold), the rebuilds done, the errors met and
whether ``campaign verify`` finds the campaign whole.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

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
for step in range(rolls):
    who = f"{kind}{worker}-{step}"
    try:
        if kind == "cli":
            game = Game.open("race")
            try:
                outcome = str(game.roll("1d1000", game.door(), who=who)[0].total)
            finally:
                game.store.close()
        else:
            outcome = str(held.roll("1d1000", held.door(), who=who)[0].total)
        acknowledged[who] = outcome
    except StoreError as error:
        errors.append(error.line())
if held is not None:
    held.store.close()
print(json.dumps({"acknowledged": acknowledged, "errors": errors}))
"""

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
SPOTS = 9
"""Each player's piles (Food Fight's ``board.spots``)."""
LINK = re.compile(r"^  (?P<seat>[^:]+): (?P<url>http://\S+/p/[\w-]+)$")
READY = "Listening; Ctrl-C stops the server."
SEEN = re.compile(r'name="seen" value="([0-9a-f]+)"')
NOTICE = re.compile(r'<p class="notice[^"]*">([^<]*)</p>')


def serve(run: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """``gmtool serve`` on a free port, and each seat's link once it listens."""
    server = subprocess.Popen(
        [*run, "-c", "race", "serve", "--no-open", "--port", "0"],
        env=dict(env, PYTHONUNBUFFERED="1"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert server.stdout is not None
    links, said = {}, []
    for line in server.stdout:
        said.append(line)
        if found := LINK.match(line.rstrip("\n")):
            links[found["seat"]] = found["url"]
        if line.strip() == READY:
            return server, links
    server.kill()
    raise RuntimeError("gmtool serve did not start: " + "".join(said)[-500:])


def phones(links: dict[str, str], moves: int) -> dict[str, Any]:
    """The players discarding in turn from their links over HTTP, each from their first
    pile that is not empty, until ``moves`` were played or the match is over; a move
    refused for any other reason (a rebuild holding the lock, say), or turned away by the
    server's limit of moves a seat makes in a few seconds (429), is posted again."""
    import time
    from urllib.error import HTTPError
    from urllib.parse import urlencode, urlsplit
    from urllib.request import Request, urlopen

    origin = "http://" + urlsplit(links[PLAYERS[0]]).netloc
    played: list[list[str]] = []
    errors: list[str] = []
    pile = dict.fromkeys(PLAYERS, 1)
    turn = throttled = 0
    while len(played) < moves and pile[PLAYERS[turn % 4]] <= SPOTS and len(errors) < 200:
        seat = PLAYERS[turn % 4]
        with urlopen(links[seat], timeout=30) as answer:
            seen = SEEN.findall(answer.read().decode())
        form = {"move": "discard", "pile": str(pile[seat]), "seen": seen[0] if seen else ""}
        request = Request(
            f"{links[seat]}/move", data=urlencode(form).encode(), headers={"Origin": origin}
        )
        try:
            with urlopen(request, timeout=30) as answer:
                notice = NOTICE.search(answer.read().decode())
        except HTTPError as error:
            if error.code != 429:
                raise
            throttled += 1  # the server's limit of moves a seat makes in a few seconds
            time.sleep(1)
            continue
        said = html.unescape(notice[1]) if notice else ""
        if "is empty" in said:
            pile[seat] += 1
        elif "the game is over" in said:
            break
        elif said.startswith("refused"):
            errors.append(f"{seat}: {said}")
        else:
            played.append([seat, f"discard pile {pile[seat]}"])
            turn += 1
    return {"played": played, "errors": errors, "throttled": throttled}


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
    time.sleep(float(sys.argv[2]))
print(json.dumps({"rebuilds": done, "errors": errors}))
"""


def race(
    home: Path, *, writers: int, rolls: int, moves: int, rebuilds: int, gap: float = 0.3
) -> dict[str, Any]:
    """Run the race in ``home`` (a GMTOOL_HOME of its own) and count what it left."""
    import sqlite3

    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONPATH=str(REPO))
    env.pop("GMTOOL_CAMPAIGN", None)
    run = [sys.executable, "-m", "gmtool"]
    players = ["--players", ",".join(PLAYERS), "--starter", PLAYERS[0], "--seed", "7"]
    subprocess.run(
        [*run, "campaign", "new", "race", "--system", "foodfight", *players],
        env=env,
        check=True,
        capture_output=True,
    )
    server, links = serve(run, env)
    try:
        kinds = [("cli", n) for n in range(writers)] + [("play", 0)]
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
                [sys.executable, "-c", REBUILDER, str(rebuilds), str(gap)],
                env=env,
                stdout=subprocess.PIPE,
                text=True,
            )
        )
        posted: dict[str, Any] = {}
        posting = threading.Thread(target=lambda: posted.update(phones(links, moves)))
        posting.start()
        reports = [json.loads(proc.communicate()[0]) for proc in procs]
        posting.join()
    finally:
        server.send_signal(2)  # Ctrl-C, as the GM stops it
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
    acknowledged: dict[str, str] = {}
    errors: list[str] = list(posted.get("errors", []))
    for report in reports:
        acknowledged.update(report.get("acknowledged", {}))
        errors += report["errors"]
    conn = sqlite3.connect(home / "campaigns" / "race.db")
    stored = dict(conn.execute("SELECT who, outcome FROM entries WHERE kind = 'roll'"))
    logged = conn.execute(
        "SELECT who, what FROM entries WHERE kind = 'action' AND voided = 0 ORDER BY seq"
    ).fetchall()
    conn.close()
    played = [tuple(move) for move in posted.get("played", [])]
    missing = [who for who in acknowledged if who not in stored]
    changed = [who for who in acknowledged if who in stored and stored[who] != acknowledged[who]]
    verify = subprocess.run(
        [*run, "campaign", "verify", "race"], env=env, capture_output=True, text=True
    )
    return {
        "acknowledged": len(acknowledged),
        "missing": len(missing),
        "changed": len(changed),
        "moves": len(played),
        "moves_lost": len([move for move in played if move not in logged]),
        "moves_in_order": logged == played,
        "rebuilds": reports[-1]["rebuilds"],
        "errors": errors,
        "whole": verify.returncode == 0,
        "backups": len(list((home / "campaigns").glob("race.db.before-rebuild-*"))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--rolls", type=int, default=150)
    parser.add_argument("--moves", type=int, default=36)
    parser.add_argument("--rebuilds", type=int, default=20)
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between rebuilds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        counts = race(
            Path(home),
            writers=args.writers,
            rolls=args.rolls,
            moves=args.moves,
            rebuilds=args.rebuilds,
            gap=args.gap,
        )
    print(
        f"rolls acknowledged {counts['acknowledged']}, missing {counts['missing']}, changed"
        f" {counts['changed']}; phone moves over HTTP acknowledged {counts['moves']}, lost"
        f" {counts['moves_lost']}, the log's moves {'' if counts['moves_in_order'] else 'NOT '}"
        f"the acknowledged ones in order; rebuilds {counts['rebuilds']} (backups"
        f" {counts['backups']}); errors {len(counts['errors'])}; verify:"
        f" {'whole' if counts['whole'] else 'DAMAGED'}"
    )
    for line in sorted(set(counts["errors"]))[:10]:
        print(f"  {line}")
    good = not counts["missing"] and not counts["changed"] and counts["moves_in_order"]
    sys.exit(0 if good and counts["whole"] else 1)


if __name__ == "__main__":
    main()
