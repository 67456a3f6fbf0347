"""The types of ``gmtool/games/foodfight/state.py`` describe the stored game as it is:
every key a dealt game, its players, cards and open battle hold, and no other."""

from __future__ import annotations

from typing import Any, get_args

from gmtool.games.foodfight.rules.moves import ACTION_TYPES, apply_action
from gmtool.games.foodfight.state import (
    ActionType,
    StoredBattle,
    StoredCard,
    StoredFortune,
    StoredGame,
    StoredPlay,
    StoredPlayer,
    StoredRules,
)

from .helpers import deal


def keys(shape: Any) -> set[str]:
    return set(shape.__required_keys__ | shape.__optional_keys__)


def test_the_action_names_are_the_rules_own() -> None:
    assert set(get_args(ActionType)) == set(ACTION_TYPES)


def test_a_dealt_game_has_exactly_the_keys_its_types_name() -> None:
    state = deal()
    assert set(state) == keys(StoredGame)
    assert set(state["rules"]) == keys(StoredRules)
    for player in state["players"]:
        assert set(player) == keys(StoredPlayer)
        for pile in player["piles"]:
            for card in pile:
                assert set(card) == keys(StoredCard)
    for card in state["fortune_cards"].values():
        assert set(card) == keys(StoredFortune)


def test_an_open_battle_and_its_fortunes_have_exactly_the_keys_their_types_name() -> None:
    state = deal()
    ana, bo = state["players"][0], state["players"][1]
    ana["fortunes"], bo["fortunes"] = ["f01"], ["f02"]
    apply_action(state, {"type": "attack", "pile": 1, "target": "Bo", "target_pile": 1})
    apply_action(state, {"type": "fortune", "id": "f01", "on": "mine"})
    battle = state["battle"]
    assert battle is not None and set(battle) == keys(StoredBattle)
    (play,) = battle["plays"]
    assert set(play) == keys(StoredPlay)
