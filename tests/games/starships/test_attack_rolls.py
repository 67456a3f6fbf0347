"""The d20 against Defense: naturals, meet or beat, and which modifier counts."""

from __future__ import annotations

import pytest

from gmtool.engine.system import State
from gmtool.errors import DiceError
from tests.games.starships.helpers import block, content_with, duel, hit


@pytest.fixture
def state() -> State:
    # Ana: Might 3, Dex 1; Rex: Defense 12
    return duel(block(might=3, dex=1), block(defense=12, hp=30))


def test_natural_1_misses_even_when_the_total_beats_defense() -> None:
    state = duel(block(might=15), block(defense=5, hp=30))
    outcome = hit(state, "melee", 1)
    assert outcome.result["hit"] is False
    assert outcome.result["natural"] == 1
    assert outcome.result["attack_total"] == 16
    assert outcome.result["damage"] == 0
    assert outcome.state["combatants"]["Rex"]["hp"] == 30


def test_natural_20_hits_even_below_defense() -> None:
    state = duel(block(might=0), block(defense=40, hp=30))
    outcome = hit(state, "melee", 20, 4)
    assert outcome.result["hit"] is True
    assert outcome.result["attack_total"] == 20
    assert outcome.result["damage"] == 4
    assert outcome.state["combatants"]["Rex"]["hp"] == 26


def test_meeting_defense_hits(state: State) -> None:
    outcome = hit(state, "melee", 9, 2)  # 9 + 3 = 12
    assert outcome.result["hit"] is True
    assert outcome.result["attack_total"] == 12


def test_beating_defense_by_one_hits(state: State) -> None:
    outcome = hit(state, "melee", 10, 2)  # 13 against 12
    assert outcome.result["hit"] is True


def test_missing_defense_by_one_misses(state: State) -> None:
    outcome = hit(state, "melee", 8)  # 11 against 12: no damage dice rolled
    assert outcome.result["hit"] is False
    assert outcome.result["attack_total"] == 11
    assert outcome.result["defense"] == 12


def test_ranged_adds_dexterity_not_might(state: State) -> None:
    missed = hit(state, "ranged", 10)  # 10 + 1 = 11 < 12 (with Might it would hit)
    assert missed.result["hit"] is False
    assert missed.result["attack_total"] == 11
    landed = hit(state, "ranged", 11, 5)
    assert landed.result["hit"] is True
    assert landed.result["damage"] == 5  # ranged damage adds nothing


def test_melee_damage_adds_might(state: State) -> None:
    outcome = hit(state, "melee", 15, 5)
    assert outcome.result["damage"] == 8
    assert outcome.result["hp"]["Rex"] == 22


def test_a_miss_rolls_no_damage_dice(state: State) -> None:
    with pytest.raises(DiceError) as caught:
        hit(state, "melee", 2, 5)
    assert caught.value.line() == (
        "too many faces entered: the attack missed (2 + 3 = 5 against Defense 12), so no "
        "damage dice are rolled (enter only the d20: --dice 2)"
    )


def test_a_face_off_the_die_is_refused(state: State) -> None:
    with pytest.raises(DiceError, match="the 1st face, 21, is not on a d20"):
        hit(state, "melee", 21)
    with pytest.raises(DiceError, match="the 2nd face, 7, is not on a d6"):
        hit(state, "melee", 15, 7)


def test_the_json_contract_has_exactly_its_keys(state: State) -> None:
    result = hit(state, "melee", 15, 5).result
    assert set(result) == {
        "hit", "natural", "attack_total", "defense", "affinity",
        "damage", "hp", "momentum", "next",
    }  # fmt: skip
    assert result["affinity"] == "normal"
    assert result["next"] == "Rex"
    assert result["momentum"] == {"Ana": 1, "Rex": 0}


def test_only_the_natural_faces_ignore_defense() -> None:
    state = duel(block(might=0), block(defense=20, hp=30))
    assert hit(state, "melee", 19).result["hit"] is False  # 19 is no automatic hit
    state = duel(block(might=10), block(defense=12, hp=30))
    assert hit(state, "melee", 2, 1).result["hit"] is True  # 2 is no automatic miss


def test_naturals_follow_the_rules_file() -> None:
    content = content_with({"attack": {"natural_miss": 2, "natural_hit": 19}})
    state = duel(block(might=15), block(defense=5, hp=30), content=content)
    assert hit(state, "melee", 2, content=content).result["hit"] is False
    assert hit(state, "melee", 1, 1, content=content).result["hit"] is True
    state = duel(block(), block(defense=40, hp=30), content=content)
    assert hit(state, "melee", 19, 1, content=content).result["hit"] is True
