"""The ``show --json`` contract, hidden information, legal actions and status."""

from __future__ import annotations

import json

import pytest

from gmtool.errors import UsageError
from gmtool.games.foodfight.game import SYSTEM, options_document
from gmtool.games.foodfight.rules.view import view

from .helpers import deal, empty_all_but, give, player, set_pile

PLAYER_KEYS = {"name", "color", "track_position", "track_length", "out", "piles", "fortunes"}


def test_the_document_has_exactly_the_contract_keys() -> None:
    doc = json.loads(json.dumps(view(deal())))
    assert set(doc) == {"turn", "winner", "players", "fortune_deck", "discards", "battle"}
    assert doc["turn"] == "Ana" and doc["winner"] is None
    assert doc["fortune_deck"] == 16 and doc["discards"] == 0
    for entry in doc["players"]:
        assert set(entry) == PLAYER_KEYS
        assert entry["track_length"] == 20 and entry["out"] is False
        assert len(entry["piles"]) == 9
        assert all(
            set(card) == {"food", "salt", "face_up"} for pile in entry["piles"] for card in pile
        )
    top = doc["players"][0]["piles"][0][-1]
    assert top == {"food": "Canadian Bacon", "salt": 9, "face_up": False}


def test_as_a_player_only_your_own_face_down_cards_and_fortunes_show() -> None:
    state = deal()
    set_pile(state, "Bo", 2, 3, 8, face_up=True)
    give(state, "Bo", "f05")
    give(state, "Ana", "f09")
    doc = view(state, "Ana")
    ana, bo = doc["players"][0], doc["players"][1]
    assert ana["piles"][0][-1]["salt"] == 9
    assert ana["fortunes"] == [{"id": "f09", "text": "A squeeze of lemon juice", "delta": -1}]
    assert bo["piles"][0][-1] == {"food": None, "salt": None, "face_up": False}
    assert bo["piles"][1][-1] == {"food": "Bo food 2.2", "salt": 8, "face_up": True}
    assert bo["fortunes"] == [{"id": None, "text": None, "delta": None}]
    public = view(state, public=True)
    assert public["players"][0]["piles"][0][-1]["salt"] is None
    assert public["players"][0]["fortunes"] == [{"id": None, "text": None, "delta": None}]


def test_viewing_as_a_stranger_is_refused() -> None:
    with pytest.raises(UsageError, match="unknown player 'Zed'"):
        view(deal(), "Zed")


def test_options_list_every_pile_with_a_card_and_only_players_still_in() -> None:
    state = deal()
    player(state, "Cy")["out"] = "health"
    empty_all_but(state, "Bo", 5)
    set_pile(state, "Ana", 3)
    doc = options_document(state)
    assert doc["discard"] == doc["attack_with"] == [1, 2, 4, 5, 6, 7, 8, 9]
    assert doc["targets"] == {"Bo": [5], "Di": list(range(1, 10))}


def test_options_and_status_documents() -> None:
    state = deal()
    give(state, "Ana", "f08")
    doc = options_document(state)
    assert doc["player"] == "Ana" and doc["discard"] == list(range(1, 10))
    assert set(doc["targets"]) == {"Bo", "Cy", "Di"} and doc["fortunes"][0]["delta"] == 5
    status = SYSTEM.status(state, now=0.0)
    assert status["turn"] == "Ana" and status["players"][0]["towers"] == 9
    assert status["players"][0]["cards"] == 18 and status["players"][0]["fortunes"] == 1
    state["over"], state["turn"], state["winner"] = True, None, "Di"
    assert options_document(state) == {"player": None, "over": True, "winner": "Di"}
