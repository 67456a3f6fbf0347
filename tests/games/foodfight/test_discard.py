"""Discarding: the top card goes to the box, the token moves two, Fortunes are drawn."""

from __future__ import annotations

import pytest

from .helpers import deal, discard, empty_all_but, play, player, set_pile


def test_discard_moves_two_and_draws_one_fortune_from_the_deck() -> None:
    state = deal()
    outcome = play(state, discard(1))
    after = outcome.state
    ana = player(after, "Ana")
    assert after["discards"] == ["y18"]
    assert [card["id"] for card in ana["piles"][0]] == ["y01"]
    assert ana["track_position"] == 2
    [drawn] = ana["fortunes"]
    assert len(after["fortune_deck"]) == 15 and drawn not in after["fortune_deck"]
    assert after["turn"] == 1 and after["moves"] == 1
    assert outcome.result["moves"][0] == {
        "player": "Ana",
        "from": 0,
        "to": 2,
        "fortune_spots": [],
        "draws": 1,
        "out": None,
    }
    assert outcome.who == "Ana" and outcome.what == "discard pile 1"


def test_draws_come_from_the_games_secret_generator() -> None:
    state = deal()
    first = play(state, discard(1)).state
    assert (
        player(play(state, discard(1)).state, "Ana")["fortunes"] == player(first, "Ana")["fortunes"]
    )  # the same state draws the same card: undo and redo agree
    assert first["secret_rng"] != state["secret_rng"]
    drawn = set()
    for seed in range(8):
        state["secret_rng"] = seed
        drawn.update(player(play(state, discard(1)).state, "Ana")["fortunes"])
    assert len(drawn) > 2  # the seed decides which card is drawn


@pytest.mark.parametrize(("start", "spots"), [(3, [5]), (4, [5]), (8, [10]), (13, [15])])
def test_entering_an_f_spot_draws_a_second_fortune(start: int, spots: list[int]) -> None:
    state = deal()
    player(state, "Ana")["track_position"] = start
    state["fortune_deck"] = ["f01", "f02", "f03"]
    outcome = play(state, discard(2))
    move = outcome.result["moves"][0]
    assert move["fortune_spots"] == spots
    hand = player(outcome.state, "Ana")["fortunes"]
    assert len(hand) == 2 and sorted(hand + outcome.state["fortune_deck"]) == ["f01", "f02", "f03"]


def test_leaving_an_f_spot_does_not_count_as_passing_it() -> None:
    state = deal()
    player(state, "Ana")["track_position"] = 5
    outcome = play(state, discard(2))
    assert outcome.result["moves"][0]["fortune_spots"] == []
    assert len(player(outcome.state, "Ana")["fortunes"]) == 1


def test_reaching_the_end_of_the_track_puts_the_player_out_without_drawing() -> None:
    state = deal()
    player(state, "Ana")["track_position"] = 19
    outcome = play(state, discard(3))
    ana = player(outcome.state, "Ana")
    assert ana["out"] == "health" and ana["track_position"] == 20 and ana["fortunes"] == []
    assert outcome.result["eliminated"] == ["Ana"] and outcome.state["turn"] == 1


def test_discarding_the_last_card_loses_by_towers() -> None:
    state = deal()
    empty_all_but(state, "Ana", 4)
    set_pile(state, "Ana", 4, 6)
    outcome = play(state, discard(4))
    assert player(outcome.state, "Ana")["out"] == "towers"
    assert outcome.result["moves"][0]["draws"] == 0


def test_an_empty_fortune_deck_is_reshuffled_from_the_used_fortunes() -> None:
    state = deal()
    state["fortune_deck"] = []
    state["fortune_discards"] = ["f09", "f02"]
    after = play(state, discard(1)).state
    hand = player(after, "Ana")["fortunes"]
    assert len(hand) == 1 and sorted(hand + after["fortune_deck"]) == ["f02", "f09"]
    assert after["fortune_discards"] == []


def test_the_last_fortune_is_drawn_without_a_roll_and_an_empty_supply_draws_nothing() -> None:
    state = deal()
    player(state, "Ana")["track_position"] = 3
    state["fortune_deck"] = ["f07"]
    outcome = play(state, discard(1))
    assert player(outcome.state, "Ana")["fortunes"] == ["f07"]
    assert outcome.result["moves"][0]["draws"] == 1


def test_without_reshuffling_an_empty_deck_draws_nothing() -> None:
    state = deal()
    state["rules"]["reshuffle_used_fortunes"] = False
    state["fortune_deck"] = []
    state["fortune_discards"] = ["f01"]
    after = play(state, discard(1)).state
    assert player(after, "Ana")["fortunes"] == [] and after["fortune_discards"] == ["f01"]


def test_discard_with_a_card_number_names_the_top_card() -> None:
    state = deal()
    set_pile(state, "Ana", 5, 3)
    after = play(state, discard(5, card=1)).state
    assert player(after, "Ana")["piles"][4] == []


def test_a_game_dealt_before_draws_were_secret_still_draws() -> None:
    state = deal()
    del state["secret_rng"]  # as 0.1.0 dealt it
    first = play(state, discard(1)).state
    assert len(player(first, "Ana")["fortunes"]) == 1 and "secret_rng" in first
    assert play(state, discard(1)).state == first  # the seed comes from the game itself


@pytest.mark.parametrize(
    ("start", "entered", "left"),
    [(3, [5], []), (4, [5], [5]), (5, [], [5]), (8, [10], []), (6, [], [])],
)
def test_an_f_spot_counts_when_entered_or_when_left_by_the_ruling(
    start: int, entered: list[int], left: list[int]
) -> None:
    state = deal()
    player(state, "Ana")["track_position"] = start
    assert play(state, discard(2)).result["moves"][0]["fortune_spots"] == entered
    state["rules"]["f_spot_counts_when"] = "left"
    outcome = play(state, discard(2))
    assert outcome.result["moves"][0]["fortune_spots"] == left
    assert len(player(outcome.state, "Ana")["fortunes"]) == 1 + len(left)
