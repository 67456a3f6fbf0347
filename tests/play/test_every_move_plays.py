"""Every move the refereed games' declarations offer can be played: each demo is walked
for a while, and at every step each move on offer (the GM's and every seat's) is answered
with allowed values, played through ``Game.play`` and undone again, before one of them is
kept to move the game on. A move ``options`` offers that the rules then refuse would be a
menu entry that can only fail."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from gmtool.engine.game import Game
from gmtool.engine.system import Choice, Move
from gmtool.errors import GmtoolError
from gmtool.games.originem.rules.options import as_played

STEPS = 30

TEXTS = {
    "enemies": {"originem": "high", "starships": "Crawler"},
    "name": "Zed",
    "description": "a flash of light",
    "reason": "the crew withdraws",
    "knowledge": "",
    "languages": "",
    "roll": "",
}
"""A typed answer the rules accept, by the choice's key (and game, where they differ)."""
NUMBERS = {"ticks": 2, "aura": 5, "change": -1}
"""A number the rules accept, by the choice's key; any other is left blank."""
KEEP = {
    "originem": [
        "combat_initiative",
        "combat_attack",
        "combat_enemy_attack",
        "combat_heal",
        "combat_end_turn",
        "mission_start",
        "combat_start",
    ],
    "astral": ["attack", "tick"],
    "starships": ["encounter_start", "attack", "end_turn"],
}
"""The moves kept to move each game on, the first on offer first: into a fight and on."""


def typed_answer(system: str, move: Move, choice: Choice) -> Any:
    if choice.kind == "number":
        default = move.action.get(choice.key)
        return NUMBERS.get(choice.key, default if default is not None else None)
    if choice.key == "targets":  # Astral's move: the names are listed in the question
        listed = re.search(r"\(([^;]+);", choice.label)
        assert listed is not None
        return listed.group(1).split(", ")[0]
    text = TEXTS.get(choice.key, "")
    return text[system] if isinstance(text, dict) else text


def answered(game: Game, move: Move) -> Move:
    """``move`` with every choice answered (its dice left to roll): a typed answer the
    rules take, and of a list the first value they do not refuse (as a GM would choose
    again after reading why: a move must change a distance, say)."""
    follow: Callable[..., Move] = game.system.follow  # type: ignore[attr-defined]
    while move.choices:
        choice = move.choices[0]
        if choice.kind == "faces":
            move = replace(move, choices=move.choices[1:])
            continue
        tried = [typed_answer(game.system_name, move, choice)]
        if choice.kind == "one":
            assert choice.values, f"{move.name}: nothing to choose for {choice.label!r}"
            tried = list(choice.values)
        if choice.key == "to":  # Astral's move must change the distance to its target
            declared = move.action["declarations"][0]
            now = game.state["distances"][declared["who"]][declared["targets"][0]]
            tried = [value for value in tried if value != now]
        refusals = []
        for value in tried:
            try:
                move = follow(game.state, move, choice, value, content=game.content)
                break
            except GmtoolError as error:
                refusals.append(error.line())
        else:
            pytest.fail(f"{move.name}: every answer to {choice.label!r} refused: {refusals}")
    return move


def options(game: Game, seat: str | None) -> list[Move]:
    extra = {"now": time.time()} if game.system_name == "originem" else {}
    moves: list[Move] = game.system.options(  # type: ignore[attr-defined]
        game.state, seat, content=game.content, **extra
    )
    return moves


def play(game: Game, move: Move) -> None:
    action = dict(answered(game, move).action)
    if game.system_name == "originem":
        action = as_played(action, time.time())
    try:
        game.play(action, game.door())
    except GmtoolError as error:
        pytest.fail(f"{move.name} ({move.label}) was offered but refused: {error.line()}")


@pytest.mark.parametrize("system", ["originem", "astral", "starships"])
def test_every_move_on_offer_plays(system: str, gmtool: Callable[..., Any]) -> None:
    from gmtool.content.paths import packaged

    demo = str(packaged("campaigns", f"{system}-demo.yaml"))
    assert gmtool("campaign", "new", "walk", "--from", demo, "--seed", "3").code == 0
    game = Game.open("walk")
    seats: list[str] = game.system.seats(game.state)  # type: ignore[attr-defined]
    played: set[str] = set()
    for _ in range(STEPS):
        offered = [(None, m) for m in options(game, None)]
        offered += [(seat, m) for seat in seats for m in options(game, seat)]
        for seat, move in offered:
            if move.reason:
                continue
            assert move.seat in (seat, None) or seat is None
            before = game.store.count_entries()
            play(game, move)
            game.undo()
            played.add(move.name)
            assert game.store.count_entries() == before + 1  # the move and its undo
        kept = next(
            (m for name in KEEP[system] for _, m in offered if m.name == name and not m.reason),
            offered[0][1],
        )
        play(game, kept)
    assert set(KEEP[system]) - {"combat_heal"} <= played, played  # it reached a fight


@pytest.mark.parametrize("system", ["originem", "astral", "starships"])
def test_state_py_names_every_action_the_rules_take(system: str) -> None:
    """``state.ActionType`` is the list the declarations' moves are checked against."""
    import importlib
    from typing import get_args

    names = set(get_args(importlib.import_module(f"gmtool.games.{system}.state").ActionType))
    rules = importlib.import_module(f"gmtool.games.{system}.game")
    taken = set(getattr(rules, "HANDLERS", None) or rules.ACTION_TYPES)
    assert names == taken
