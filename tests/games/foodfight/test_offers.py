"""The simulator's players and ``options`` say one thing: at every step of whole games,
the moves ``options(state, seat)`` lists are exactly the moves of the ``Offer`` the
players choose from, and the move a player makes is one of them."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.forecast import Player
from gmtool.engine.system import Move
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules import forecast
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.offers import Offer, defence, offer

from .helpers import NAMES, content

Key = tuple[Any, ...]
SIDES = ("mine", "theirs")


def _from_options(moves: list[Move]) -> set[Key]:
    """Every move a seat can make from its options, a choice's every answer taken."""
    keys: set[Key] = set()
    for move in moves:
        answers = {choice.key: choice.values or () for choice in move.choices}
        if move.name == "pass":
            keys.add(("pass",))
        elif move.name == "fortune":
            keys |= {("fortune", fid, on) for fid in answers["id"] for on in answers["on"]}
        elif move.name == "discard":
            keys |= {("discard", pile) for pile in answers["pile"]}
        elif move.name == "attack":
            fortunes = [None] + [(f, on) for f in answers.get("fortune", ()) for on in SIDES]
            if "fortune" in answers:
                assert answers["on"] == SIDES
            keys |= {
                ("attack", pile, target["target"], target["target_pile"], fortune)
                for pile in answers["pile"]
                for target in answers["target"]
                for fortune in fortunes
            }
    return keys


def _from_offer(offered: Offer) -> set[Key]:
    """Every move the players may choose from ``offered``."""
    if offered.answering:
        return {("pass",)} | {("fortune", f, on) for f in offered.fortunes for on in SIDES}
    keys: set[Key] = {("discard", pile) for pile in offered.piles}
    fortunes: list[Any] = [None]
    if offered.with_attack:
        fortunes += [(fid, on) for fid in offered.fortunes for on in SIDES]
    keys |= {
        ("attack", pile, other.name, target_pile, fortune)
        for pile in offered.piles
        for other in offered.opponents
        for target_pile in other.open_piles
        for fortune in fortunes
    }
    return keys


def _made(action: dict[str, Any]) -> Key:
    """The move ``action`` makes, as ``_from_options`` names it (the defender's Fortune
    against a blind attack aside: it is checked on its own)."""
    kind = action["type"]
    if kind == "pass":
        return ("pass",)
    if kind == "fortune":
        return ("fortune", action["id"], action["on"])
    if kind == "discard":
        return ("discard", action["pile"])
    mine = [(f["id"], f["on"]) for f in action.get("fortunes", []) if f["by"] == "attacker"]
    assert len(mine) <= 1
    fortune = mine[0] if mine else None
    return ("attack", action["pile"], action["target"], action["target_pile"], fortune)


def _steps(
    policy: str, seed: int, timing: str
) -> Iterator[tuple[dict[str, Any], Match, dict[str, Any]]]:
    """Each step of one whole game from the deal: the stored state before it, the match
    as the players see it, and the action they made (carried out after the yield)."""
    setup_options = {"players": NAMES}
    state = SYSTEM.new_state(content(), setup_options, DiceDoor(Rng(seed)))
    state["rules"]["fortune_timing"] = timing
    match = Match(state)
    policies = dict.fromkeys(NAMES, forecast.POLICIES[policy])
    player = Player(SYSTEM, content(), policies, Rng(seed + 50))
    for _ in range(forecast.MAX_MOVES):
        match.store()
        stored = copy.deepcopy(match.state)
        action = forecast.step(match, player)
        if action is None:
            return
        yield stored, match, dict(action)
        forecast.carry_out(match, action, DiceDoor(), {}, content())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("timing", ["after_reveal", "blind"])
def test_at_every_step_the_players_choose_among_the_options_moves(policy: str, timing: str) -> None:
    steps = answers = defences = 0
    for seed in (1, 2):
        for stored, match, action in _steps(policy, seed, timing):
            (seat,) = SYSTEM.to_move(stored)
            offered = offer(match)
            assert offered is not None and offered.player.name == seat
            moves = [m for m in SYSTEM.options(stored, seat) if m.name != "layout"]
            listed = _from_options(moves)
            assert listed == _from_offer(offered)
            assert _made(action) in listed
            steps += 1
            answers += offered.answering
            theirs = [f for f in action.get("fortunes", []) if f["by"] == "defender"]
            if theirs:  # declared blind: one of the Fortunes the defender's screen offers
                (declared,) = theirs
                target = action["target"]
                seen = SYSTEM.view(stored, target)
                hand = next(p for p in seen["players"] if p["name"] == target)["fortunes"]
                assert defence(match, target) == [f["id"] for f in hand]
                assert declared["id"] in defence(match, target) and declared["on"] in SIDES
                defences += 1
    assert steps > 100
    # Each timing has its own step the players take: answers once the cards are face up,
    # or a defender's Fortune declared with the attack (random players declare some).
    assert (answers > 0) == (timing == "after_reveal")
    assert defences > 0 or timing == "after_reveal" or policy == "greedy"
