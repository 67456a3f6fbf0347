"""Zauberer's forecast against a duel worked out by hand."""

from __future__ import annotations

from fractions import Fraction

from gmtool.dice import DiceDoor, Rng
from gmtool.engine import forecast as F
from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules import forecast as rules
from gmtool.games.zauberer.rules.duels import start_duel
from gmtool.games.zauberer.rules.odds import duel_odds
from gmtool.games.zauberer.rules.state import find_team

from .helpers import content


def test_the_last_duel_by_hand() -> None:
    # Water and fire are the last two teams, in a duel at one hit point each, no spell in
    # hand. Each throws 2d6; water has the elemental advantage (+1 on every roll). Water
    # loses the roll only when fire's dice beat its own by 2 or more: of the 1296 pairs of
    # throws, fire beats water in 575, by exactly 1 in 140, so by 2 or more in 435; water
    # wins the roll in the 575 + 146 (equal dice) = 721 where its total is at least fire's.
    # The other 140 are ties, which hurt nobody (duel_tie: none) and are thrown again, so
    # water wins the duel, and the game as the last team, with 721 / (721 + 435).
    by_hand = Fraction(721, 1156)
    state = SYSTEM.new_state(
        content(),
        {"teams": {"water": ["Ana"], "fire": ["Bo"]}, "first": "water"},
        DiceDoor(Rng(1)),
    )
    start_duel(
        state, find_team(state, "water"), find_team(state, "fire"), resume="end", ends_turn=True
    )
    state["duel"]["hp"] = {"water": 1, "fire": 1}
    assert duel_odds(state, "water", "fire", {})["duel"]["win"] == by_hand
    start = rules.start(SYSTEM, state, content(), fresh=False)
    for policy in ("random", "greedy"):
        policies = F.policies_for(rules, dict.fromkeys(start.sides, policy), start.sides)
        setup = F.Setup(SYSTEM, rules, content(), start, policies)  # type: ignore[arg-type]
        tally = F.forecast(setup, 2000, 5).tally
        low, high = F.wilson(tally.wins["water"], tally.games)
        assert low <= by_hand <= high
        assert tally.wins["water"] + tally.wins["fire"] == 2000
        assert tally.events["ended by: last_team"] == 2000
