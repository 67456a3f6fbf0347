"""Exact attack odds checked against brute-force enumeration of the faces."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gmtool.errors import RulesError
from gmtool.games.astral.rules.odds import attack_odds
from tests.games.astral.conftest import cast, new_state

TWO_D6 = [a + b for a, b in itertools.product(range(1, 7), repeat=2)]


def brute(attacker_mod, target_mod, blockers=0, npc_tn=None):
    """P(hit), P(tie) by enumerating every face of every die."""
    hit = tie = total = 0
    target_rolls = [npc_tn] if npc_tn is not None else TWO_D6
    blocker_sets = itertools.product(TWO_D6, repeat=blockers)
    for blocks in blocker_sets:
        for a in TWO_D6:
            for t in target_rolls:
                cv = max([t + target_mod, *blocks])
                total += 1
                hit += a + attacker_mod > cv
                tie += a + attacker_mod == cv
    return Fraction(hit, total), Fraction(tie, total)


@pytest.mark.parametrize(
    ("distance", "action", "attacker_mod", "target_mod"),
    [
        ("near", "hesitate", 0, 0),
        ("touching", "hesitate", 2, 0),
        ("far", "hesitate", -2, 0),
        ("near", "defend", 0, 2),
        ("far", "move", -2, 2),
        ("touching", "attack", 2, 2),
    ],
)
def test_odds_match_brute_force(content, distance, action, attacker_mod, target_mod):
    state = cast(content, [f"Ana Cy {distance}"])
    doc = attack_odds(state, content, "Ana", "Cy", target_action=action)
    hit, tie = brute(attacker_mod, target_mod)
    assert Fraction(doc["beats"]["fraction"]) == hit
    assert Fraction(doc["ties"]["fraction"]) == tie
    assert Fraction(doc["misses"]["fraction"]) == 1 - hit - tie


def test_odds_against_an_npc_and_with_a_blocker(content):
    state = new_state(
        content, entities={"Ana": {}, "Cy": {}, "Bo": {}, "Wisp": {"kind": "npc", "tn": 8}}
    )
    doc = attack_odds(state, content, "ana", "wisp")
    assert Fraction(doc["beats"]["fraction"]) == brute(0, 0, npc_tn=8)[0] == Fraction(10, 36)
    doc = attack_odds(state, content, "Ana", "Cy", blockers=["Bo"])
    assert Fraction(doc["beats"]["fraction"]) == brute(0, 0, blockers=1)[0]
    assert doc["blockers"] == ["Bo"]


def test_loss_table_sums_to_one_and_mutual_ties_cost_the_attacker(content):
    state = cast(content)
    doc = attack_odds(state, content, "Ana", "Cy", target_action="attack")
    assert sum(Fraction(row["fraction"]) for row in doc["target_loss"]) == 1
    tie = Fraction(doc["ties"]["fraction"])
    one = next(Fraction(r["fraction"]) for r in doc["attacker_loss"] if r["aura"] == 1)
    back_by_one = Fraction(sum(1 for a in TWO_D6 for t in TWO_D6 if t - a == 1), 36 * 36)
    assert one == tie + back_by_one  # equal CVs cost 1; Cy's attack back one higher costs 1


def test_odds_reject_an_away_target(content):
    with pytest.raises(RulesError, match="Away"):
        attack_odds(cast(content, ["Ana Cy away"]), content, "Ana", "Cy")
