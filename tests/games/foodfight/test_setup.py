"""Dealing: seats by colour, who starts, tower layouts, the Fortune deck, bad options."""

from __future__ import annotations

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import RulesError, UsageError
from gmtool.games.foodfight.game import SYSTEM

from .helpers import NAMES, content, deal, discard, play, player


def salts(state, name):  # type: ignore[no-untyped-def]
    return [[card["salt"] for card in pile] for pile in player(state, name)["piles"]]


def test_seats_are_coloured_clockwise_and_the_yellow_player_starts_by_default() -> None:
    state = deal()
    assert [(p["name"], p["color"]) for p in state["players"]] == [
        ("Ana", "Yellow"),
        ("Bo", "Blue"),
        ("Cy", "Red"),
        ("Di", "Green"),
    ]
    assert state["turn"] == 0 and state["moves"] == 0 and state["winner"] is None
    assert all(p["track_position"] == 0 and p["out"] is None for p in state["players"])
    assert state["fortune_deck"] == [f"f{n:02}" for n in range(1, 17)]


def test_each_player_gets_their_colours_deck_two_cards_per_spot_face_down() -> None:
    state = deal()
    for p, prefix in zip(state["players"], "ybrg", strict=True):
        cards = [card for pile in p["piles"] for card in pile]
        assert len(p["piles"]) == 9 and all(len(pile) == 2 for pile in p["piles"])
        assert sorted(card["id"] for card in cards) == [f"{prefix}{n:02}" for n in range(1, 19)]
        assert not any(card["face_up"] for card in cards)


@pytest.mark.parametrize(("starter", "turn"), [("Cy", 2), ("di", 3), ("Blue", 1), ("green", 3)])
def test_the_player_who_ate_last_starts(starter: str, turn: int) -> None:
    assert deal(starter=starter)["turn"] == turn
    assert deal(first=starter)["turn"] == turn


def test_a_random_starter_rolls_a_d4_after_the_secret_seed() -> None:
    door = DiceDoor.entered_faces(1, 2, 3, 4, 3)
    state = SYSTEM.new_state(content(), {"players": NAMES, "starter": "random"}, door)
    door.finish()
    assert state["turn"] == 2
    assert [roll.expression for roll in door.rolls] == ["4d10000", "1d4"]
    assert state["secret_rng"] == 1_0002_0003  # the faces less one, as four base-10000 digits


def test_strongest_on_top_puts_the_nine_strongest_on_top_over_the_weakest() -> None:
    assert salts(deal(), "Ana") == [
        [1, 9],
        [1, 9],
        [2, 8],
        [2, 8],
        [3, 7],
        [3, 7],
        [4, 6],
        [4, 6],
        [5, 5],
    ]


def test_weakest_on_top_is_the_mirror() -> None:
    piles = salts(deal(layout="weakest_on_top"), "Bo")
    assert [pile[1] for pile in piles] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert [pile[0] for pile in piles] == [9, 9, 8, 8, 7, 7, 6, 6, 5]


def test_a_shuffled_layout_comes_from_the_secret_seed() -> None:
    def shuffled(*faces: int) -> list[list[int]]:
        door = DiceDoor.entered_faces(*faces)
        opts = {"players": NAMES, "layouts": {"Cy": "shuffled"}}
        state = SYSTEM.new_state(content(), opts, door)
        door.finish()  # the seed is the only roll: the shuffle itself is never logged
        assert salts(state, "Ana") == salts(deal(), "Ana")
        return salts(state, "Cy")

    piles = shuffled(5, 6, 7, 8)
    assert all(len(pile) == 2 for pile in piles)
    assert sorted(sum(piles, [])) == sorted([n for n in range(1, 10)] * 2)
    assert shuffled(5, 6, 7, 8) == piles
    assert shuffled(5, 6, 7, 9) != piles


def test_an_explicit_layout_by_id_or_food_name_bottom_first() -> None:
    piles = [["y01", "Salmon Bagel"], ["y02", "y18"]] + [
        [f"y{2 * n + 1:02}", f"y{2 * n + 2:02}"] for n in range(1, 8)
    ]
    state = deal(layouts={"ana": piles})
    ana = player(state, "Ana")["piles"]
    assert [card["id"] for card in ana[0]] == ["y01", "y17"]
    assert [card["id"] for card in ana[1]] == ["y02", "y18"]
    assert ana[0][-1]["food"] == "Salmon Bagel"


@pytest.mark.parametrize(
    ("piles", "error", "needle"),
    [
        ([["y01", "y02"]] * 8, RulesError, "has 8 piles"),
        ([["y01", "y02"]], RulesError, "layout has 1 pile:"),
        ([["y01"]] + [["y02", "y03"]] * 8, RulesError, "pile 1 has 1 card:"),
        ([["y01", "y01"]] + [["y02", "y03"]] * 8, RulesError, "twice"),
        ([["b01", "y01"]] + [["y02", "y03"]] * 8, UsageError, "unknown card in Ana's deck 'b01'"),
    ],
)
def test_bad_explicit_layouts_are_refused(piles, error, needle) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=needle):
        deal(layouts={"Ana": piles})


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"players": ["A", "B", "C"]}, "exactly 4 players, not 3"),
        ({"players": "A,B,C,D,E"}, "exactly 4 players, not 5"),
        ({"players": ["A", "B", "a", "D"]}, "share a name"),
        ({"players": "Ana,Bo,Cy,"}, "player 4 has no name"),
        ({}, "needs 4 players"),
        ({"players": NAMES, "starter": "Zed"}, "unknown player 'Zed'"),
        ({"players": NAMES, "layout": "tallest"}, "unknown layout 'tallest'"),
        ({"players": NAMES, "layouts": {"Zed": "shuffled"}}, "'Zed', who is not playing"),
    ],
)
def test_bad_options_are_refused(options, needle) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UsageError, match=needle):
        SYSTEM.new_state(content(), options, DiceDoor(Rng(1)))


def test_a_player_may_relay_their_towers_before_the_first_move_only() -> None:
    state = deal()
    laid = play(state, {"type": "layout", "player": "Di", "strategy": "weakest_on_top"}).state
    assert [pile[1]["salt"] for pile in player(laid, "Di")["piles"]][:3] == [1, 1, 2]
    assert laid["turn"] == 0 and laid["moves"] == 0
    moved = play(laid, discard(1)).state
    with pytest.raises(RulesError, match="before the first move"):
        play(moved, {"type": "layout", "player": "Di", "strategy": "strongest_on_top"})
