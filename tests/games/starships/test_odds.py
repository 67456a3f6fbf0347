"""Exact odds checked against every roll the dice can make, played through the rules."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from gmtool.engine.system import State
from gmtool.errors import DiceError, RulesError
from gmtool.games.starships.rules.odds import attack_odds
from tests.games.starships.helpers import block, duel, hit, packaged_content


def brute_force(
    state: State, weapon: str, sides: list[int]
) -> tuple[Fraction, dict[int, Fraction]]:
    """Play the attack for every d20 face and every damage roll; the chance to hit and the
    distribution of ``damage`` given a hit."""
    hit_chance = Fraction(0)
    damage: dict[int, Fraction] = {}
    for natural in range(1, 21):
        try:
            outcomes = [(hit(state, weapon, natural), Fraction(1, 20))]
        except DiceError:  # a hit that rolls damage: try every face of every die
            rolls = list(itertools.product(*(range(1, s + 1) for s in sides)))
            weight = Fraction(1, 20 * len(rolls))
            outcomes = [(hit(state, weapon, natural, *faces), weight) for faces in rolls]
        for outcome, weight in outcomes:
            if outcome.result["hit"]:
                hit_chance += weight
                amount = outcome.result["damage"]
                damage[amount] = damage.get(amount, Fraction(0)) + weight
    return hit_chance, {amount: p / hit_chance for amount, p in damage.items()}


def from_odds(doc: dict[str, Any]) -> tuple[Fraction, dict[int, Fraction]]:
    return Fraction(doc["hit"]["fraction"]), {
        row["amount"]: Fraction(row["fraction"]) for row in doc["on_hit"]
    }


CASES = {
    "normal melee": (block(might=2, melee={"dice": "2d6+1", "type": "Kinetic"}),
                     block(defense=14), "melee", [6, 6]),
    "back row melee": (block(might=-1, row="back"), block(defense=9), "melee", [6]),
    "back row target": (block(dex=3, ranged={"dice": "1d10", "type": "Energy"}),
                        block(defense=16, row="back"), "ranged", [10]),
    "both back rows": (block(might=1, row="back", melee={"dice": "2d4", "type": "Kinetic"}),
                       block(row="back"), "melee", [4, 4]),
    "weak": (block(might=3), block(defense=18, affinities={"Kinetic": "weak"}), "melee", [6]),
    "strong": (block(dex=1), block(affinities={"Energy": "strong"}), "ranged", [6]),
    "immune": (block(), block(affinities={"Kinetic": "immune"}), "melee", [6]),
    "reflect": (block(row="back", hp=40), block(affinities={"Energy": "reflect"}), "ranged", [6]),
    "drain": (block(might=4), block(defense=25, affinities={"Kinetic": "drain"}), "melee", [6]),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_odds_match_every_roll_played_out(case: str) -> None:
    attacker, target, weapon, sides = CASES[case]
    state = duel(attacker, target)
    doc = attack_odds(state, packaged_content(), "Ana", "Rex", weapon)
    assert from_odds(doc) == brute_force(state, weapon, sides)


def test_odds_report_the_affinity_and_the_mean() -> None:
    state = duel(block(might=2), block(defense=12, row="back"))
    doc = attack_odds(state, packaged_content(), "Ana", "Rex", "melee")
    assert doc["hit"]["fraction"] == "11/20"  # faces 10..20
    assert doc["affinity"] == "normal"
    assert doc["effect"] == "damage"
    # Rex is an enemy, so the back row does not protect it: 1d6 + 2 is 3 to 8, mean 5.5
    assert [row["amount"] for row in doc["on_hit"]] == [3, 4, 5, 6, 7, 8]
    assert doc["mean_on_hit"] == pytest.approx(33 / 6)
    assert doc["mean"] == pytest.approx(33 / 6 * 11 / 20)


def test_odds_halve_for_a_back_row_character() -> None:
    state = duel(block(might=2, row="back"), block(defense=12))
    doc = attack_odds(state, packaged_content(), "Ana", "Rex", "melee")
    # (1d6 + 2) / 2 rounded down: 1, 2, 2, 3, 3, 4
    assert [row["amount"] for row in doc["on_hit"]] == [1, 2, 3, 4]
    assert doc["mean_on_hit"] == pytest.approx(15 / 6)


def test_natural_20_keeps_a_chance_against_any_defense() -> None:
    state = duel(block(), block(defense=99))
    doc = attack_odds(state, packaged_content(), "Ana", "Rex", "melee")
    assert doc["hit"]["fraction"] == "1/20"


def test_odds_refuse_a_missing_weapon() -> None:
    state = duel(block(melee=None), block())
    with pytest.raises(RulesError, match="Ana has no melee weapon"):
        attack_odds(state, packaged_content(), "Ana", "Rex", "melee")
