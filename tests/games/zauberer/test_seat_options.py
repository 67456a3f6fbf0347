"""A team's options: what its own screen may offer, and nothing of another's card."""

from __future__ import annotations

import json
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules import duel_steps

from .helpers import duel, give, put, start


def _shown(state: dict[str, Any], clan: str) -> tuple[dict[str, Any], str]:
    """``clan``'s moves by name, and all of them as a screen is sent them."""
    moves = SYSTEM.options(state, clan)
    return {move.name: move for move in moves}, json.dumps([move.to_json() for move in moves])


def test_the_team_to_play_gets_its_moves_and_the_others_none() -> None:
    state = start()
    mine, _ = _shown(state, "fire")
    assert list(mine) == ["move"]
    (way,) = mine["move"].choices
    assert way.key == "ways.n1" and way.values == ("na1", "nb1")
    assert SYSTEM.options(state, "water") == []


def test_a_cast_offers_what_the_card_needs_and_only_to_its_holder() -> None:
    state = start()
    give(state, "fire", "hells_wrath")
    give(state, "water", "ice_pike")
    mine, fire = _shown(state, "fire")
    cast = mine["cast"]
    assert cast.action == {"type": "cast", "card": "hells_wrath"}
    assert cast.label == "cast Hell's Wrath"
    assert [(c.key, c.values) for c in cast.choices] == [("ways.n1", ("na1", "nb1"))]
    water = json.dumps([move.to_json() for move in SYSTEM.options(state, "water")])
    assert "hells_wrath" not in water and "Hell's Wrath" not in water
    assert "ice_pike" not in fire


def test_in_a_duel_both_duellists_see_their_own_cards_before_and_after_the_roll() -> None:
    state = start()
    give(state, "fire", "hells_wrath")
    give(state, "earth", "quicksand")
    put(state, "air", "s1")
    fight = duel(state, "fire", "earth")
    earth, _ = _shown(fight, "earth")
    (card,) = earth["duel_round"].choices
    assert (card.key, card.values, card.optional) == ("attack", ("quicksand",), True)
    assert card.label == "earth: play Quicksand?"
    fire, shown = _shown(fight, "fire")
    assert fire["duel_round"].choices == ()  # a non-combat card waits
    assert "quicksand" not in shown
    assert SYSTEM.options(fight, "air") == []


def test_a_duel_roll_asks_after_the_roll_every_duellist_holding_a_spell_without_an_attack() -> None:
    state = start()
    give(state, "fire", "fireball")
    give(state, "earth", "quicksand")
    fight = duel(state, "fire", "earth")
    assert duel_steps.asked_after_the_roll(fight, {}) == ["fire", "earth"]
    assert duel_steps.asked_after_the_roll(fight, {"fire": "fireball"}) == ["earth"]
    assert not duel_steps.dice_hidden(fight, {"fire": "fireball"})
    rolled = duel_steps.dice_before_defence(
        fight, {"fire": "fireball"}, DiceDoor(entered_by={"fire": [6, 1], "earth": [2, 2]})
    )
    assert rolled == {
        "fire": {"faces": [6, 1], "extra": None},
        "earth": {"faces": [2, 2], "extra": None},
    }
    bare = duel(start(), "fire", "earth")
    assert duel_steps.asked_after_the_roll(bare, {}) == []


def test_a_vaporous_field_hides_the_dice_until_the_defence_is_chosen() -> None:
    state = start()
    give(state, "water", "vaporous_field")
    fight = duel(state, "water", "earth")
    assert duel_steps.dice_hidden(fight, {"water": "vaporous_field"})


def test_a_duel_roll_asks_before_it_every_duellist_holding_a_spell_and_names_added_dice() -> None:
    state = start()
    give(state, "fire", "mysterious_fan")
    give(state, "earth", "ice_mirror")
    fight = duel(state, "fire", "earth")
    assert duel_steps.asked_before_the_roll(fight) == ["fire", "earth"]
    assert duel_steps.asked_before_the_roll(duel(start(), "fire", "earth")) == []
    assert duel_steps.die_of_its_own(fight, "mysterious_fan") == "Mysterious Fan"
    assert duel_steps.die_of_its_own(fight, "ice_mirror") == "Ice Mirror"
    assert duel_steps.die_of_its_own(fight, "vaporous_field") is None
    assert duel_steps.die_of_its_own(fight, None) is None
    typed = {"fire": [2, 2, 5], "earth": [3, 3]}
    fanned = duel_steps.roll_before_defence(
        fight, {"fire": "mysterious_fan"}, DiceDoor(entered_by=typed)
    )
    plain = duel_steps.roll_before_defence(fight, {}, DiceDoor(entered_by=typed))
    assert fanned.faces == {"fire": [2, 2], "earth": [3, 3]} and fanned.extra == {"fire": 5}
    assert fanned.power("fire") - plain.power("fire") == 3  # a 5 on the Fan's die: three more
    assert fanned.power("earth") == plain.power("earth")
