"""The packaged decks, Fortunes and board; a campaign's overrides; the demo campaign."""

from __future__ import annotations

from collections import Counter

import pytest

from gmtool.content.campaignfile import read_campaign_file
from gmtool.content.paths import packaged
from gmtool.dice import DiceDoor, Rng
from gmtool.errors import ContentError
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules.content import load_content


def test_four_fair_decks_of_eighteen_and_sixteen_balanced_fortunes() -> None:
    content = load_content({})
    assert list(content.decks) == ["yellow", "blue", "red", "green"]
    values = [Counter(card.salt for card in deck.cards.values()) for deck in content.decks.values()]
    assert all(len(deck.cards) == 18 for deck in content.decks.values())
    assert all(v == values[0] for v in values)
    deltas = sorted(card.delta for card in content.fortunes.values())
    assert len(deltas) == 16 and sum(deltas) == 0
    assert content.board.track.length == 20 and content.board.track.fortune_spots == [5, 10, 15]


def test_a_campaign_overrides_one_card_one_fortune_and_a_ruling() -> None:
    content = load_content(
        {
            "decks": {"red": {"cards": {"r01": {"food": "Salt Lick", "salt": 12}}}},
            "fortunes": {"f01": {"amount": 6}},
            "rules": {"tie": "neither"},
        }
    )
    assert content.decks["red"].cards["r01"].salt == 12
    assert content.decks["red"].cards["r02"].food == "Fruit Cup"
    assert content.fortunes["f01"].delta == 6 and content.rules.tie == "neither"


@pytest.mark.parametrize(
    ("overrides", "needle"),
    [
        ({"rules": {"tie": "coin"}}, "board.yaml:\\d+: rules.tie"),
        (
            {"decks": {"blue": {"cards": {"b99": {"food": "Extra", "salt": 1}}}}},
            "deck blue has 19 cards",
        ),
        ({"board": {"track": {"length": 10}}}, "F spot 10 is not between"),
        ({"fortunes": {"f02": {"effect": "double"}}}, "fortunes.yaml:\\d+: fortunes.f02.effect"),
        (
            {"decks": {"green": {"cards": {"g01": {"food": "Kimchi"}}}}},
            "two cards are called 'Kimchi'",
        ),
    ],
)
def test_bad_overrides_name_the_field(overrides, needle) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ContentError, match=needle):
        load_content(overrides)


def test_the_demo_campaign_deals() -> None:
    data = read_campaign_file(packaged("campaigns", "foodfight-demo.yaml"))
    assert data["system"] == "foodfight"
    content = SYSTEM.load_content(data.get("content") or {})
    state = SYSTEM.new_state(content, data["options"], DiceDoor(Rng(1)))
    assert state["players"][state["turn"]]["name"] == "Cy"
    bo = state["players"][1]
    assert bo["piles"][0][-1]["salt"] == 1
