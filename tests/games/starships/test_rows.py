"""Rows: the back row takes half (at least 1) and deals half in melee; switching is free.

The rules give rows to "characters" (the party) by default; the tests of the halving itself
use ``rows.apply_to: everyone`` so an enemy's row counts too.
"""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.starships.rules.content import StarshipsContent
from tests.games.starships.helpers import block, content_with, duel, fight, hit, play, roster


def everyone(**settings: object) -> StarshipsContent:
    return content_with({"rows": {"apply_to": "everyone", **settings}})


def test_by_default_an_enemy_in_the_back_row_takes_and_deals_full_damage() -> None:
    # "Characters in the back row take half of the damage from enemy attacks": an enemy is
    # not a character, so Rex (enemy, back row) takes Ana's full 1d6 melee hit of 5 ...
    state = duel(block(), block(hp=30, row="back"))
    assert hit(state, "melee", 15, 5).result["damage"] == 5
    # ... and Rex's own melee from the back row is not halved: 4 + Might 1 = 5 on Ana.
    state = duel(block(hp=30), block(hp=30, might=1, row="back"), first="enemies")
    assert hit(state, "melee", 15, 4, by="Rex", on="Ana").result["damage"] == 5


def test_by_default_a_character_in_the_back_row_is_halved_both_ways() -> None:
    # Rex's 1d6 melee hit of 5 on Ana in the back row: 5 / 2 = 2 (rounded down).
    state = duel(block(hp=30, row="back"), block(hp=30), first="enemies")
    assert hit(state, "melee", 15, 5, by="Rex", on="Ana").result["damage"] == 2
    # Ana's melee from the back row: (6 + Might 1) / 2 = 3.
    state = duel(block(might=1, row="back"), block(hp=30))
    assert hit(state, "melee", 15, 6).result["damage"] == 3


def test_back_row_target_takes_half_rounded_down() -> None:
    rules = everyone()
    state = duel(block(), block(hp=30, row="back"), content=rules)
    assert hit(state, "melee", 15, 5, content=rules).result["damage"] == 2
    assert hit(state, "ranged", 15, 6, content=rules).result["damage"] == 3


def test_back_row_target_takes_at_least_one() -> None:
    rules = everyone()
    state = duel(block(), block(hp=30, row="back"), content=rules)
    assert hit(state, "melee", 15, 1, content=rules).result["damage"] == 1


def test_back_row_attacker_deals_half_in_melee_only() -> None:
    state = duel(block(might=1, row="back"), block(hp=30))
    assert hit(state, "melee", 15, 6).result["damage"] == 3  # (6 + 1) / 2
    assert hit(state, "ranged", 15, 6).result["damage"] == 6


def test_back_row_melee_into_back_row_is_halved_twice() -> None:
    rules = everyone()
    state = duel(block(might=2, row="back"), block(hp=30, row="back"), content=rules)
    assert hit(state, "melee", 15, 6, content=rules).result["damage"] == 2  # 8 / 4
    assert hit(state, "melee", 15, 1, content=rules).result["damage"] == 1  # 3 / 4, at least 1


def test_halving_once_when_rows_do_not_stack() -> None:
    content = everyone(stack=False)
    state = duel(block(might=2, row="back"), block(hp=30, row="back"), content=content)
    assert hit(state, "melee", 15, 6, content=content).result["damage"] == 4


def test_rounding_up_when_the_rules_say_so() -> None:
    content = everyone(rounding="up")
    state = duel(block(), block(hp=30, row="back"), content=content)
    assert hit(state, "melee", 15, 5, content=content).result["damage"] == 3


def test_max_dmg_on_a_back_row_target_is_halved_after() -> None:
    rules = everyone()
    state = duel(
        block(might=1), block(hp=30, row="back", affinities={"Kinetic": "weak"}), content=rules
    )
    assert hit(state, "melee", 15, content=rules).result["damage"] == 3  # (6 + 1) / 2


def test_reflect_onto_a_back_row_attacker_is_halved_by_their_row() -> None:
    state = duel(block(hp=20, row="back"), block(hp=30, affinities={"Energy": "reflect"}))
    outcome = hit(state, "ranged", 15, 6)
    assert outcome.result["damage"] == 3
    assert outcome.result["hp"]["Ana"] == 17


def test_drain_by_a_back_row_target_is_not_halved() -> None:
    rules = everyone()
    state = duel(block(), block(hp=30, row="back", affinities={"Kinetic": "drain"}), content=rules)
    state["combatants"]["Rex"]["hp"] = 10
    assert hit(state, "melee", 15, 6, content=rules).result["hp"]["Rex"] == 16


def test_switching_row_is_free_and_takes_effect_at_once() -> None:
    state = duel(block(row="back"), block(hp=30))
    moved = play(state, {"type": "row", "name": "Ana", "row": "front"})
    assert moved.result["next"] == "Ana"  # still Ana's turn
    assert moved.state["combatants"]["Ana"]["row"] == "front"
    assert hit(moved.state, "melee", 15, 6).result["damage"] == 6


def test_switching_row_out_of_turn_is_refused() -> None:
    state = duel(block(), block(hp=30))
    with pytest.raises(RulesError, match="it is Ana's turn, not Rex's"):
        play(state, {"type": "row", "name": "Rex", "row": "back"})


def test_rows_can_be_set_between_fights() -> None:
    state = fight({"Ana": block()}, {"Rex": block(hp=1)})
    state = hit(state, "melee", 15, 1).state
    assert state["mode"] == "exploration"
    assert play(state, {"type": "row", "name": "Ana", "row": "back"}).result["row"] == "back"


def test_rows_and_affinities_are_read_in_any_case() -> None:
    state = duel(block(), block(hp=30))
    assert play(state, {"type": "row", "name": "Ana", "row": "Back"}).result["row"] == "back"
    added = play(state, {"type": "add", "name": "Zed", "hp": 3, "defense": 3, "row": "BACK"})
    assert added.result["combatant"]["row"] == "back"
    party = {"Ana": block(row="Back", affinities={"Kinetic": "Strong"})}
    ana = roster(party, {})["combatants"]["Ana"]
    assert (ana["row"], ana["affinities"]) == ("back", {"Kinetic": "strong"})
