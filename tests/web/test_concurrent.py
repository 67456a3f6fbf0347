"""No move lost or misplaced while the GM rolls from another terminal all along: a real
server, the players attacking and answering from their own links, the GM's free rolls
landing between every step."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode, urlsplit
from urllib.request import Request, urlopen

import pytest

from .harness import Server, run_gmtool, start_server

SEEN = re.compile(r'name="seen" value="([0-9a-f]+)"')
ASKED = re.compile(r'name="asked" value="(\d+)"')
NOTICE = re.compile(r'<p class="notice[^"]*">([^<]*)</p>')
BLIND = """\
system: foodfight
options: {players: [Ana, Bo, Cy, Di], starter: Ana, seed: 7}
content: {rules: {fortune_timing: blind}}
"""
PLAYERS = ["Ana", "Bo", "Cy", "Di"]


@pytest.fixture
def blind(home: Path, tmp_path: Path) -> Iterator[Server]:
    (tmp_path / "blind.yaml").write_text(BLIND)
    made = run_gmtool(home, "campaign", "new", "ff", "--from", str(tmp_path / "blind.yaml"))
    assert made.returncode == 0, made.stderr
    server = start_server(home, "ff")
    yield server
    server.stop()


def screen(server: Server, seat: str) -> str:
    with urlopen(server.links[seat], timeout=10) as answer:
        return str(answer.read().decode())


def post(server: Server, seat: str, verb: str, **form: str) -> str:
    """What the seat's screen says after the post (its notice)."""
    origin = f"http://{urlsplit(server.base).netloc}"
    request = Request(
        f"{server.links[seat]}/{verb}", data=urlencode(form).encode(), headers={"Origin": origin}
    )
    with urlopen(request, timeout=10) as answer:
        found = NOTICE.search(answer.read().decode())
    return found[1] if found else ""


def test_moves_and_answers_under_the_gms_rolls_are_each_played_once(
    blind: Server, home: Path
) -> None:
    stop = threading.Event()
    rolled: list[int] = []

    def gm() -> None:
        while not stop.is_set():
            done = run_gmtool(home, "-c", "ff", "roll", "1d20")
            assert done.returncode == 0, done.stderr
            rolled.append(1)

    rolling = threading.Thread(target=gm)
    rolling.start()
    played: list[tuple[str, str]] = []
    try:
        for seat in PLAYERS:  # everyone discards once: each holds a Fortune
            seen = SEEN.findall(screen(blind, seat))[0]
            said = post(blind, seat, "move", move="discard", pile="1", seen=seen)
            assert not said.startswith("refused"), said
            played.append((seat, "discard pile 1"))
        for attacker, defender in (("Ana", "Bo"), ("Bo", "Cy"), ("Cy", "Di"), ("Di", "Ana")):
            seen = SEEN.findall(screen(blind, attacker))[0]
            form = {"move": "attack", "pile": "2", "target": f"{defender}:3", "seen": seen}
            said = post(blind, attacker, "move", **form)
            assert said == f"waiting for {defender} to answer", said
            again = post(blind, attacker, "move", **form)  # a double tap
            assert again.startswith("refused: this move was already sent"), again
            asked = screen(blind, defender)
            (number,) = ASKED.findall(asked)
            answer = {"fortune": "", "asked": number, "seen": SEEN.findall(asked)[0]}
            said = post(blind, defender, "answer", **answer)
            assert not said.startswith("refused"), said
            twice = post(blind, defender, "answer", **answer)
            assert twice.startswith("refused: nothing is waiting"), twice
            played.append((f"{attacker}, {defender}", f"attack 2 {defender}:3"))
    finally:
        stop.set()
        rolling.join()
    log = json.loads(run_gmtool(home, "-c", "ff", "log", "--json").stdout)
    actions = [(e["who"], e["what"]) for e in log if e["kind"] == "action"]
    assert actions == played  # every move once, by its own seat, in order
    assert len([e for e in log if e["kind"] == "roll"]) == len(rolled) > 0
    assert run_gmtool(home, "campaign", "verify", "ff").returncode == 0
