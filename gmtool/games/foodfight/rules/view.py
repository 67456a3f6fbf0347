"""What a player may see, and what they may do: ``show --json``, ``options``, ``status``
(``--as`` included).

Each document is made from the game stored in ``state``, read once into a ``Match``.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.foodfight.rules.battle_steps import public_battle
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.offers import offer
from gmtool.games.foodfight.rules.pieces import SaltCard, Seat
from gmtool.games.foodfight.rules.state import cards_left, current_player, find_player, towers

HIDDEN_CARD = {"food": None, "salt": None, "face_up": False}
HIDDEN_FORTUNE = {"id": None, "text": None, "delta": None}


def view(
    state: dict[str, Any], as_player: str | None = None, *, public: bool = False
) -> dict[str, Any]:
    """The board as the ``show --json`` document.

    With ``as_player``, face-down cards and Fortunes are shown to their owner only; with
    ``public``, to nobody; with neither, everything is shown (the referee's view).
    """
    return view_of(Match(state), as_player, public=public)


def view_of(match: Match, as_player: str | None = None, *, public: bool = False) -> dict[str, Any]:
    """``view`` of a game already read."""
    viewer = find_player(match, as_player).name if as_player is not None else None
    hide_others = public or viewer is not None
    turn = current_player(match)
    return {
        "turn": turn.name if turn else None,
        "winner": match.winner,
        "players": [
            _player_view(match, player, hide_others and player.name != viewer)
            for player in match.players
        ],
        "fortune_deck": len(match.fortune_deck),
        "discards": len(match.discards),
        "battle": public_battle(match),
    }


def _player_view(match: Match, player: Seat, hidden: bool) -> dict[str, Any]:
    return {
        "name": player.name,
        "color": player.color,
        "track_position": player.track_position,
        "track_length": match.rulings.track_length,
        "out": player.out is not None,
        "piles": [[_card_view(card, hidden) for card in pile] for pile in player.piles],
        "fortunes": [
            dict(HIDDEN_FORTUNE) if hidden else match.fortune_cards[fid].shown(fid)
            for fid in player.fortunes
        ],
    }


def _card_view(card: SaltCard, hidden: bool) -> dict[str, Any]:
    if hidden and not card.face_up:
        return dict(HIDDEN_CARD)
    return {"food": card.food, "salt": card.salt, "face_up": card.face_up}


def options_document(state: dict[str, Any]) -> dict[str, Any]:
    """What the current player may do, grouped for ``gmtool foodfight options``."""
    return options_of(Match(state))


def options_of(match: Match) -> dict[str, Any]:
    """``options_document`` of a game already read: its ``Offer``, grouped."""
    offered = offer(match)
    if offered is None:
        return {"player": None, "over": True, "winner": match.winner}
    player = offered.player
    fortunes = [match.fortune_cards[fid].shown(fid) for fid in offered.fortunes]
    if offered.answering:
        return {
            "player": player.name,
            "color": player.color,
            "over": False,
            "battle": public_battle(match),
            "fortunes": fortunes,
            "can_pass": True,
        }
    return {
        "player": player.name,
        "color": player.color,
        "over": False,
        "discard": list(offered.piles),
        "attack_with": list(offered.piles),
        "targets": {other.name: list(other.open_piles) for other in offered.opponents},
        "fortunes": fortunes,
        "fortunes_per_battle": match.rulings.fortunes_per_battle,
        "can_lay_out": match.moves == 0,
    }


def seat_options(state: dict[str, Any], seat: str) -> dict[str, Any]:
    """What ``seat`` may do now: when it is theirs to move or to answer a battle, the same
    as ``options_document``; otherwise nothing but stacking their towers, which every
    player may do before the first move. ``fortunes_with_attack`` says whether Fortunes are
    declared with the attack (``fortune_timing: blind``) or after the cards turn over."""
    return seat_options_of(Match(state), seat)


def seat_options_of(match: Match, seat: str) -> dict[str, Any]:
    """``seat_options`` of a game already read."""
    doc = options_of(match)
    mine = find_player(match, seat).name
    timing = {"fortunes_with_attack": not match.rulings.two_step}
    if doc["player"] == mine:
        return {**doc, **timing, "your_turn": True}
    return {
        "player": mine,
        "over": doc["over"],
        "winner": match.winner,
        "your_turn": False,
        "turn": doc["player"],
        "can_lay_out": match.moves == 0 and not match.over,
        **timing,
    }


def status(state: dict[str, Any]) -> dict[str, Any]:
    """The ``gmtool status --json`` document: no hidden information at all."""
    return status_of(Match(state))


def status_of(match: Match) -> dict[str, Any]:
    """``status`` of a game already read."""
    turn = current_player(match)
    return {
        "system": "foodfight",
        "turn": turn.name if turn else None,
        "moves": match.moves,
        "over": match.over,
        "winner": match.winner,
        "players": [
            {
                "name": player.name,
                "color": player.color,
                "track_position": player.track_position,
                "track_length": match.rulings.track_length,
                "out": player.out,
                "towers": towers(player),
                "cards": cards_left(player),
                "fortunes": len(player.fortunes),
            }
            for player in match.players
        ],
        "fortune_spots": match.rulings.fortune_spots,
        "fortune_deck": len(match.fortune_deck),
        "discards": len(match.discards),
        "battle": public_battle(match),
    }
