"""The simulator plays the referee's rules: moves carried out unchecked and without
documents leave the very state the referee's checked, documented, narrated moves leave."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.forecast import Player
from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules.actions import apply_action, carry_out, check_action
from gmtool.games.zauberer.rules.forecast import POLICIES as PLAYERS
from gmtool.games.zauberer.rules.forecast import duel_roll
from gmtool.games.zauberer.rules.setup import new_state
from gmtool.games.zauberer.rules.simulate import play_game

from .helpers import content, turn_action

SEEDS = range(1, 9)


def _both_ways(policy: str, seed: int, kinds: set[str]) -> None:
    """One whole game as the simulator plays it, refereed move by move alongside."""
    teams = {"fire": ["Ana"], "water": ["Bo", "Eve"], "air": ["Cy"], "earth": ["Di"]}
    options: dict[str, Any] = {"teams": teams, "first": "roll_off"}
    simulated = new_state(content(), options, DiceDoor(Rng(seed)))
    refereed = copy.deepcopy(simulated)
    dice = Rng(seed * 31 + 7)
    thinking = Rng(seed * 17 + 5)
    while not simulated["over"] and simulated["turn_number"] < 1000:
        if simulated["duel"] is not None:
            every = Player(SYSTEM, None, dict.fromkeys(teams, PLAYERS[policy]), thinking)
            action, faces = duel_roll(simulated, dice, thinking, every)
            door = DiceDoor(entered_by=faces)
            referee_door = DiceDoor(entered_by=faces)
        else:
            action = turn_action(policy, simulated, thinking)
            referee_door = DiceDoor(Rng(dice.state))
            door = DiceDoor(dice)
        kinds.add(action["type"])
        before = copy.deepcopy(refereed)
        check_action(refereed, copy.deepcopy(action))
        assert refereed == before  # checking changes nothing
        done = apply_action(refereed, copy.deepcopy(action), referee_door)
        assert done.outcome  # the referee narrates every move
        carry_out(simulated, action, door, record=False)
        assert simulated == refereed
        assert [r.faces for r in door.rolls] == [r.faces for r in referee_door.rolls]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_simulators_unchecked_quiet_moves_leave_the_referees_state(policy: str) -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        _both_ways(policy, seed, kinds)
    # Every kind of move a player makes was played (and compared) at least once.
    expected = {"roll_off", "move", "end_turn", "duel_start", "duel_round", "cast", "trap"}
    assert expected <= kinds
    if policy == "random":
        assert "dungeon" in kinds


def test_a_game_is_the_same_for_the_same_seed() -> None:
    assert play_game(content(), "random", 5) == play_game(content(), "random", 5)


def test_the_evenness_test_by_hand() -> None:
    """Pearson's chi-squared against even shares, worked out by hand."""
    from gmtool.engine.evenness import chi_square_even, upper_tail

    # 10 and 20 of 30: 15 expected each, (5² + 5²) / 15 = 10/3; one degree of freedom:
    # p = erfc(√(5/3)) = 0.0679
    chi2, p = chi_square_even([10, 20])
    assert chi2 == pytest.approx(10 / 3) and p == pytest.approx(0.0679, abs=5e-5)
    # the textbook 5% points: 3.84 (1 degree), 5.99 (2), 7.81 (3), 9.49 (4)
    for freedom, point in ((1, 3.841), (2, 5.991), (3, 7.815), (4, 9.488)):
        assert upper_tail(point, freedom) == pytest.approx(0.05, abs=2e-4)
    # the seats of the issue: 2,359, 2,403, 2,579 and 2,659 wins of 10,000 games
    chi2, p = chi_square_even([2359, 2403, 2579, 2659])
    assert chi2 == pytest.approx(24.32, abs=0.01) and p == pytest.approx(2.14e-5, rel=0.01)
    assert chi_square_even([7, 7, 7, 7]) == (0.0, 1.0) and chi_square_even([]) == (0.0, 1.0)


def test_the_report_tells_how_each_seat_won_and_how_even_the_wins_are() -> None:
    from gmtool.games.zauberer.rules.simulate import simulate

    doc = simulate(60, 3).to_json()
    rates = doc["win_rate"]
    for seat, rate in rates["by_seat"].items():
        split = rates["by_seat_and_ending"]
        assert split["centre"][seat] + split["last_team"][seat] == pytest.approx(rate, abs=2e-4)
    assert set(doc["evenness"]) == {"by_clan", "by_seat"}
    # every duel is fought by two teams
    fought = sum(doc["average_duels_by_seat"].values())
    assert fought == pytest.approx(2 * doc["average_duels"], abs=0.01)
    assert 0 <= doc["evenness"]["by_seat"]["p"] <= 1
