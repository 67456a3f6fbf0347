"""``seat_options``: what one team's own screen may offer, and nothing of another's card."""

from __future__ import annotations

import json

from gmtool.dice import DiceDoor
from gmtool.games.zauberer.rules import duel_steps
from gmtool.games.zauberer.rules.view import options_document, seat_options

from .helpers import duel, give, put, start


def test_the_team_to_play_gets_the_options_document_and_the_others_only_whose_turn() -> None:
    state = start()
    mine = seat_options(state, "fire")
    assert mine == {**options_document(state), "your_turn": True}
    assert mine["commands"] == ["move"] and mine["forks"] == {"n1": ["na1", "nb1"]}
    theirs = seat_options(state, "water")
    assert theirs["your_turn"] is False and theirs["turn"] == "fire"
    assert "commands" not in theirs and "forks" not in theirs


def test_a_cast_offers_what_the_card_needs_and_only_to_its_holder() -> None:
    state = start()
    give(state, "fire", "hells_wrath")
    give(state, "water", "ice_pike")
    cast = seat_options(state, "fire")["cast"]
    assert cast["card"] == "hells_wrath" and cast["name"] == "Hell's Wrath"
    assert cast["forks"] == {"n1": ["na1", "nb1"]} and cast["steps"] is None
    assert cast["targets"] == (0, []) and cast["spaces"] == (0, [])
    water = json.dumps(seat_options(state, "water"))
    assert "hells_wrath" not in water and "Hell's Wrath" not in water
    assert "ice_pike" not in json.dumps(seat_options(state, "fire"))


def test_in_a_duel_both_duellists_see_their_own_cards_before_and_after_the_roll() -> None:
    state = start()
    give(state, "fire", "hells_wrath")
    give(state, "earth", "quicksand")
    put(state, "air", "s1")
    fight = duel(state, "fire", "earth")
    earth = seat_options(fight, "earth")
    assert earth["your_turn"] is True and earth["phase"] == "duel"
    assert earth["attack"] == {"card": "quicksand", "name": "Quicksand"}
    assert earth["defense"] == {} and earth["duel"]["hp"] == {"fire": 4, "earth": 4}
    fire = seat_options(fight, "fire")
    assert fire["attack"] == {} and fire["defense"] == {}  # a non-combat card waits
    assert "quicksand" not in json.dumps(fire)
    air = seat_options(fight, "air")
    assert air["your_turn"] is False and air["turn"] == "fire"


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
