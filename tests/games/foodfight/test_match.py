"""What a match keeps at hand agrees with the state and the rulings it was read from."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gmtool.games.foodfight.rules.match import Match, Rulings, is_two_step_ruling

from .helpers import deal


def stored_open_piles(player: dict[str, Any]) -> list[int]:
    """The piles of a stored player that hold a card, counted from the stored dict."""
    return [number for number, pile in enumerate(player["piles"], start=1) if pile]


@pytest.mark.parametrize("when", ["entered", "left"])
@pytest.mark.parametrize("spots", [[5, 10, 15], [1, 19], [4], []])
def test_the_f_spots_passed_are_those_the_ruling_counts(when: str, spots: list[int]) -> None:
    rules = deal()["rules"] | {"fortune_spots": spots, "f_spot_counts_when": when}
    rulings = Rulings(rules)
    for start in range(21):
        for end in range(start, 21):
            if when == "entered":  # landing on a spot counts, leaving the start does not
                wanted = [spot for spot in spots if start < spot <= end]
            else:  # leaving a spot counts, landing on one does not (yet)
                wanted = [spot for spot in spots if start <= spot < end]
            assert list(rulings.fortune_spots_passed(start, end)) == wanted, (start, end)


@pytest.mark.parametrize(
    ("timing", "two_step"), [("after_reveal", True), ("blind", False), (None, False)]
)
def test_the_referee_and_the_match_read_the_fortune_timing_alike(
    timing: str | None, two_step: bool
) -> None:
    state = deal()
    if timing is None:  # a game dealt before the setting existed
        del state["rules"]["fortune_timing"]
    else:
        state["rules"]["fortune_timing"] = timing
    assert is_two_step_ruling(state["rules"]) is two_step
    assert Rulings(state["rules"]).two_step is two_step
    assert Match(state).rulings.two_step is two_step


def test_older_games_keep_the_settings_they_were_played_by() -> None:
    rules = deal()["rules"]
    for setting in ("fortune_timing", "fortune_floor", "f_spot_counts_when", "reveal_discards"):
        del rules[setting]
    rulings = Rulings(rules)
    assert not rulings.two_step and not rulings.floor_each and not rulings.reveal_discards
    assert rulings.fortune_spots_passed(4, 5) == (5,)  # entered


def test_cards_turned_and_taken_keep_open_piles_face_up_and_face_down_salt() -> None:
    state = deal()
    match = Match(state)
    ana = match.by_name["Ana"]
    salt = sum(card["salt"] for pile in state["players"][0]["piles"] for card in pile)
    assert (ana.hidden_salt, ana.hidden_cards) == (salt, 18)
    assert ana.face_up_salt == {}
    top = match.turn_face_up(ana, 1)
    assert top.face_up and (ana.hidden_salt, ana.hidden_cards) == (salt - top.salt, 17)
    assert ana.face_up_salt == {1: top.salt}
    assert match.turn_face_up(ana, 1) is top and ana.hidden_cards == 17  # once only
    match.take_top(ana, 1)  # face up: the face-down salt stays
    assert ana.face_up_salt == {}
    below = match.take_top(ana, 1)  # face down: it goes
    assert (ana.hidden_salt, ana.hidden_cards) == (salt - top.salt - below.salt, 16)
    match.store()
    recounted = Match(state).by_name["Ana"]
    assert (recounted.hidden_salt, recounted.hidden_cards) == (ana.hidden_salt, 16)
    assert 1 not in ana.open_piles and ana.open_piles == stored_open_piles(state["players"][0])


def test_a_face_up_card_stacked_under_another_shows_once_it_is_on_top() -> None:
    state = deal()
    ana = state["players"][0]
    ana["piles"][1][0]["face_up"] = True  # stacked so by hand
    match = Match(state)
    seat = match.by_name["Ana"]
    assert seat.face_up_salt == {}
    match.take_top(seat, 2)
    assert seat.face_up_salt == {2: ana["piles"][1][0]["salt"]}


def test_a_match_stores_back_exactly_the_state_it_read() -> None:
    state = deal()
    state["players"][2]["piles"][0][0]["face_up"] = True
    state["players"][1]["fortunes"] = ["f03", "f01"]
    before = json.dumps(state)
    Match(state).store()
    assert json.dumps(state) == before
