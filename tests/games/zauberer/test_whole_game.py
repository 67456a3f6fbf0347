"""Whole games refereed through the engine and through ``gmtool play``, to the winner."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gmtool.cli.playloop.asking import BACK, Prompts
from gmtool.dice import Rng
from gmtool.engine.game import Game
from gmtool.games.zauberer import play as play_zauberer

from .helpers import attack_card, turn_action

TEAMS = {"fire": ["Ana", "Bo"], "water": ["Cy"], "air": ["Di", "Eve"], "earth": ["Finn"]}


@pytest.mark.parametrize(("policy", "seed"), [("greedy", 1), ("random", 2), ("greedy", 3)])
def test_a_whole_game_through_the_log(policy: str, seed: int) -> None:
    """Every action logged by ``Game.play``, as a table using the command line would."""
    game = Game.create(
        "whole", system_name="zauberer", options={"teams": TEAMS}, overrides={}, seed=seed
    )
    thinking = Rng(seed)
    for _ in range(2000):
        state = game.state
        if state["over"]:
            break
        if state["duel"] is None:
            action = turn_action(policy, state, thinking)
        else:
            duel = state["duel"]
            action = {"type": "duel_round", "attack": {}, "defense": {}}
            for clan in (duel["challenger"], duel["defender"]):
                card = attack_card(policy, state, clan, thinking)
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
            if self.menus > self.limit or message.startswith("The game is over"):
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
    assert prompts.menus < prompts.limit, "the game-over menu should have been left at once"
    assert state["winner"] in TEAMS and state["duels"] >= 1


def command_for(action: dict[str, Any]) -> list[str]:
    """The ``gmtool zauberer`` command a table would type for ``action``."""
    kind = action["type"]
    words = {
        "roll_off": ["roll-off"],
        "move": ["move"],
        "dungeon": ["dungeon"],
        "trap": ["trap"],
        "end_turn": ["end-turn"],
        "duel_start": ["duel", "start", str(action.get("target"))],
        "cast": ["cast", str(action.get("card"))],
        "duel_round": ["duel", "round"],
    }[kind]
    for way in action.get("ways") or []:
        words += ["--way", way]
    if action.get("return_spell"):
        words.append("--return-spell")
    for target in action.get("targets") or []:
        words += ["--target", target]
    for space in action.get("spaces") or []:
        words += ["--space", space]
    if action.get("steps") is not None:
        words += ["--steps", str(action["steps"])]
    for role in ("attack", "defense"):
        for clan, card in (action.get(role) or {}).items():
            words += [f"--{role}", f"{clan}={card}"]
    return ["zauberer", *words]


def test_a_whole_game_from_the_command_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    teams = "fire=Ana+Bo,water=Cy,air=Di+Eve,earth=Finn"
    created = gmtool(
        "campaign", "new", "cli", "--system", "zauberer", "--teams", teams, "--seed", "8"
    )
    assert created.code == 0, created.err
    thinking = Rng(8)
    commands = 0
    while commands < 600:
        with Game.open("cli") as game:
            state = game.state
        if state["over"]:
            break
        if state["duel"] is None:
            action = turn_action("greedy", state, thinking)
        else:
            duel = state["duel"]
            action = {"type": "duel_round", "attack": {}}
            for clan in (duel["challenger"], duel["defender"]):
                card = attack_card("greedy", state, clan, thinking)
                if card:
                    action["attack"][clan] = card
        result = gmtool(*command_for(action))
        assert result.code == 0, (action, result.err)
        commands += 1
    doc = json.loads(gmtool("zauberer", "show", "--all", "--json").out)
    assert doc["winner"] in ("fire", "water", "air", "earth") and doc["team_to_play"] is None
    assert len(json.loads(gmtool("log", "--json", "--last", "1000").out)) == commands
    refused = gmtool("zauberer", "end-turn")
    assert refused.code == 4 and "the game is over" in refused.err
