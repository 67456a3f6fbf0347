"""Each ``gmtool play --demo`` game played in a pseudo-terminal of 80×24 (``TablePlayer``):
moves with typed and rolled faces, undo and redo, Ctrl-C at each question of a move; no
screen shows a seat's secret to another, and every menu's screen fits.

The default run plays ``MOVES`` moves a game; ``pytest -m slow`` plays ``LONG`` (20)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gmtool.engine.game import Game
from tests.play_terminal.table_player import COLUMNS, ROWS, Policy, TablePlayer
from tests.terminal import Terminal

MOVES = 6
LONG = 20


def first_roll(screen: str) -> str:
    """FTL's first roll listed above its dice question, given a face by name (``evade=1``)."""
    listed = re.search(r"^  (\w+) (d\d+|coin) for ", screen, re.MULTILINE)
    assert listed, screen
    return f"{listed[1]}={'heads' if listed[2] == 'coin' else 1}"


POLICIES = {
    "astral": Policy(
        top="Astral · tick",
        menu=["play a tick"],
        picks={
            "does what?": ["attack", "rest", "defend"],  # a turn of three over four: each attacks
            "speak": ["nobody", "nobody", "Ana", "nobody"],
        },
        typed={"say?": "We shall see who stands at the end of this"},
    ),
    "starships": Policy(
        top=r"(Exploration|Encounter \d)",
        menu=["start an encounter", "attack", "end the turn"],
        typed={"nem": "Crawler"},
        faces={"initiative": "15 4", "attack d20": "2"},  # a miss: no damage die
    ),
    "originem": Policy(
        top="NOVA ",
        menu=["start a mission", "play a scene", "start the fight", "attack", "end this turn"],
        typed={"Enemies": "low:1"},
    ),
    "foodfight": Policy(
        top=".*Fortune deck",
        menu=["start playing", "attack", "pass", "discard"],
        picks={"stack": ["by the"], "Fortune": ["no Fortune", "pass"]},
        dice_from=None,
    ),
    "zauberer": Policy(top=r"\S", menu=["roll off"], holder=lambda name: name.split(" (")[0]),
    "ftl": Policy(
        top="second ",
        menu=["Red gives an order"] * 3 + ["run several seconds"],
        rotate=True,
        picks={
            "order?": ["move reactor power", "turn a weapon", "aim a weapon"],
            "Which system?": ["shields"],  # a bar from the shields frees one for a weapon
            "How many bars in shields?": ["2", "1"],
            "Which weapon?": ["heavy_laser"],
        },
        typed={"seconds?": "9"},  # long enough for the laser to fire twice
        faces={"by name": first_roll},
        dice_from=None,  # it fires (power, a weapon, its aim) but types and rolls no pair yet
    ),
}


@pytest.mark.parametrize("system", sorted(POLICIES))
def test_a_demo_played_at_80_by_24(system: str, gmtool_home: Path) -> None:
    played(system, gmtool_home, MOVES)


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(POLICIES))
def test_a_demo_played_long_at_80_by_24(system: str, gmtool_home: Path) -> None:
    played(system, gmtool_home, LONG)


def played(system: str, gmtool_home: Path, moves: int) -> None:
    term = Terminal(gmtool_home, "play", "--demo", system, columns=COLUMNS, rows=ROWS)
    try:
        term.wait_until_waiting()
        game = Game.open(f"demo-{system}")
        player = TablePlayer(term, game, POLICIES[system])
        player.play(moves, undo_at=moves // 2)
        assert term.finish() == 0
    finally:
        term.child.close(force=True)
    assert "left the session; the campaign is saved." in term.text()
    assert "Traceback" not in term.written.decode(errors="replace")
    policy = POLICIES[system]
    if policy.dice_from is not None and moves >= policy.dice_from:
        sources = {roll["source"] for entry in game.store.entries() for roll in entry.dice}
        assert {"entered", "rolled"} <= sources, "\n".join(player.asked)  # as the log says
    assert player.interrupted
    assert game.store.count_entries() >= moves
