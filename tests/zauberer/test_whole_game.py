"""Whole games refereed through the engine and through ``gmtool play``, to the winner."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.cli import play_zauberer
from gmtool.cli.playloop.asking import BACK, Prompts
from gmtool.dice import Rng
from gmtool.engine.game import Game
from gmtool.systems.zauberer.policies import POLICIES

TEAMS = {"fire": ["Ana", "Bo"], "water": ["Cy"], "air": ["Di", "Eve"], "earth": ["Finn"]}


@pytest.mark.parametrize(("policy", "seed"), [("greedy", 1), ("random", 2), ("greedy", 3)])
def test_a_whole_game_through_the_log(policy: str, seed: int) -> None:
    """Every action logged by ``Game.play``, as a table using the command line would."""
    game = Game.create(
        "whole", system_name="zauberer", options={"teams": TEAMS}, overrides={}, seed=seed
    )
    choose, attack_card, defense_card = POLICIES[policy]
    thinking = Rng(seed)
    for _ in range(2000):
        state = game.state
        if state["over"]:
            break
        if state["duel"] is None:
            action = choose(state, thinking)
        else:
            duel = state["duel"]
            action = {"type": "duel_round", "attack": {}, "defense": {}}
            for clan in (duel["challenger"], duel["defender"]):
                team = next(t for t in state["teams"] if t["clan"] == clan)
                card = attack_card(state, team, thinking)
                if card:
                    action["attack"][clan] = card
        game.play(action, game.door())
    state = game.state
    assert state["over"] and state["winner"] in TEAMS
    entries = game.store.entries(last=100_000)
    assert all(entry.outcome for entry in entries)
    last = entries[-1].outcome
    assert last.endswith(("and wins the game", "wins the game"))
    # undo and redo the winning move: the same state comes back from the recorded faces
    game.undo()
    assert not game.state["over"]
    game.redo()
    assert game.state == state


class FirstChoice(Prompts):
    """A tireless table: always the first entry of a list, every die rolled, Enter at gates."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.menus = 0
        self.clears = 0

    def _choose(self, message: str, choices: list[str], default: Any, live: Any) -> str:
        if live is not None or BACK not in choices:
            self.menus += 1
            if self.menus > self.limit or choices[0] == "show the log":
                return "quit"
        return choices[0]

    def _type(self, message: str, default: str, check: Any) -> str:
        return "1" if "how many" in message else ""

    def _wait(self, message: str) -> None:
        return None

    def clear_screen(self) -> None:
        self.clears += 1


def test_a_whole_game_from_the_play_menus() -> None:
    game = Game.create(
        "menus", system_name="zauberer", options={"teams": TEAMS}, overrides={}, seed=11
    )
    prompts = FirstChoice(limit=3000)
    play_zauberer.run(game, prompts)
    state = game.state
    assert state["over"], "the first entry of every menu should lead to an end"
    assert state["winner"] in TEAMS and state["duels"] >= 1
