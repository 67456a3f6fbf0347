"""What a player may see, and what they may do: ``show --json``, ``options``, ``status``
(``--as`` included)."""

from __future__ import annotations

from typing import Any

from gmtool.games.foodfight.rules import battle_steps
from gmtool.games.foodfight.rules.state import (
    Card,
    Player,
    State,
    cards_left,
    current_player,
    find_player,
    is_out,
    open_piles,
    standing,
    towers,
)

HIDDEN_CARD = {"food": None, "salt": None, "face_up": False}
HIDDEN_FORTUNE = {"id": None, "text": None, "delta": None}


def view(state: State, as_player: str | None = None, *, public: bool = False) -> dict[str, Any]:
    """The board as the ``show --json`` document.

    With ``as_player``, face-down cards and Fortunes are shown to their owner only; with
    ``public``, to nobody; with neither, everything is shown (the referee's view).
    """
    viewer = find_player(state, as_player)["name"] if as_player is not None else None
    hide_others = public or viewer is not None
    turn = current_player(state)
    return {
        "turn": turn["name"] if turn else None,
        "winner": state["winner"],
        "players": [
            _player_view(state, player, hide_others and player["name"] != viewer)
            for player in state["players"]
        ],
        "fortune_deck": len(state["fortune_deck"]),
        "discards": len(state["discards"]),
        "battle": battle_steps.public(state),
    }


def _player_view(state: State, player: Player, hidden: bool) -> dict[str, Any]:
    return {
        "name": player["name"],
        "color": player["color"],
        "track_position": player["track_position"],
        "track_length": state["rules"]["track_length"],
        "out": is_out(player),
        "piles": [[_card_view(card, hidden) for card in pile] for pile in player["piles"]],
        "fortunes": [
            dict(HIDDEN_FORTUNE) if hidden else {"id": fid, **state["fortune_cards"][fid]}
            for fid in player["fortunes"]
        ],
    }


def _card_view(card: Card, hidden: bool) -> dict[str, Any]:
    if hidden and not card["face_up"]:
        return dict(HIDDEN_CARD)
    return {"food": card["food"], "salt": card["salt"], "face_up": card["face_up"]}


def options_document(state: State) -> dict[str, Any]:
    """What the current player may do, grouped for ``gmtool foodfight options``."""
    player = current_player(state)
    if player is None or state["over"]:
        return {"player": None, "over": True, "winner": state["winner"]}
    battle = battle_steps.public(state)
    if battle is not None:
        answering = find_player(state, battle["to_answer"])
        return {
            "player": answering["name"],
            "color": answering["color"],
            "over": False,
            "battle": battle,
            "fortunes": [
                {"id": fid, **state["fortune_cards"][fid]} for fid in answering["fortunes"]
            ],
            "can_pass": True,
        }
    return {
        "player": player["name"],
        "color": player["color"],
        "over": False,
        "discard": open_piles(player),
        "attack_with": open_piles(player),
        "targets": {
            other["name"]: open_piles(other) for other in standing(state) if other is not player
        },
        "fortunes": [{"id": fid, **state["fortune_cards"][fid]} for fid in player["fortunes"]],
        "fortunes_per_battle": state["rules"]["fortunes_per_player_per_battle"],
        "can_lay_out": state["moves"] == 0,
    }


def seat_options(state: State, seat: str) -> dict[str, Any]:
    """What ``seat`` may do now: when it is theirs to move or to answer a battle, the same
    as ``options_document``; otherwise nothing but stacking their towers, which every
    player may do before the first move. ``fortunes_with_attack`` says whether Fortunes are
    declared with the attack (``fortune_timing: blind``) or after the cards turn over."""
    doc = options_document(state)
    mine = find_player(state, seat)["name"]
    timing = {"fortunes_with_attack": not battle_steps.is_two_step(state)}
    if doc["player"] == mine:
        return {**doc, **timing, "your_turn": True}
    return {
        "player": mine,
        "over": doc["over"],
        "winner": state["winner"],
        "your_turn": False,
        "turn": doc["player"],
        "can_lay_out": state["moves"] == 0 and not state["over"],
        **timing,
    }


def status(state: State) -> dict[str, Any]:
    """The ``gmtool status --json`` document: no hidden information at all."""
    turn = current_player(state)
    return {
        "system": "foodfight",
        "turn": turn["name"] if turn else None,
        "moves": state["moves"],
        "over": state["over"],
        "winner": state["winner"],
        "players": [
            {
                "name": player["name"],
                "color": player["color"],
                "track_position": player["track_position"],
                "track_length": state["rules"]["track_length"],
                "out": player["out"],
                "towers": towers(player),
                "cards": cards_left(player),
                "fortunes": len(player["fortunes"]),
            }
            for player in state["players"]
        ],
        "fortune_spots": state["rules"]["fortune_spots"],
        "fortune_deck": len(state["fortune_deck"]),
        "discards": len(state["discards"]),
        "battle": battle_steps.public(state),
    }
