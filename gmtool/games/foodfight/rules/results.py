"""The referee's result documents: what a move did, as the whole table may read it.

The rules (``moves.play``) return only the tokens they moved. The referee notes what a
document tells that a move takes away (the cards about to fight or go to the box), and
works the battle's values and losers out again with the rules' own functions, so a
document always says what was played. The simulator, whose documents nobody would read,
builds none.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.foodfight.rules.battle import ROLES, Moved, attacker_first, battle_values, losers
from gmtool.games.foodfight.rules.battle_steps import public_battle
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import Play, SaltCard, Seat
from gmtool.games.foodfight.rules.track import token_move_document
from gmtool.games.foodfight.state import Role

Document = dict[str, Any]


def discard_document(player: Seat, pile: int, seen: SaltCard | None, moves: Moved) -> Document:
    """A discard; the card is named only if the table saw it (``seen``)."""
    return {
        "type": "discard",
        "player": player.name,
        "pile": pile,
        "card": seen.shown() if seen else None,
        "moves": [token_move_document(move) for move in moves],
    }


def battle_result(
    match: Match,
    sides: tuple[Document, Document],
    plays: list[Play],
    moves: Moved | None,
    step: Document | None,
) -> Document:
    """What an attack or an answer in a battle did: the battle resolved (``moves``), or
    the step taken (``step``) and who is asked next. ``sides`` are the two cards as they
    were before the battle (``battle_steps.card_document``); a blind attack has no step."""
    if moves is None:
        assert step is not None and match.battle is not None
        return {
            **step,
            "resolved": False,
            "to_answer": match.battle.player(match.battle.to_answer),
            "battle": public_battle(match),
        }
    result = _resolved(match, sides, plays, moves)
    if step is not None:
        result["resolved"] = True
        result["step"] = step
    return result


def _resolved(
    match: Match, sides: tuple[Document, Document], plays: list[Play], moves: Moved
) -> Document:
    rulings = match.rulings
    plays = attacker_first(plays)
    salts = sides[0]["card"]["salt"], sides[1]["card"]["salt"]
    values = battle_values(salts[0], salts[1], plays, floor_each=rulings.floor_each)
    lost = losers(values[0], values[1], rulings.tie)
    winners = [side["player"] for role, side in zip(ROLES, sides, strict=True) if role not in lost]
    return {
        "type": "attack",
        "attacker": _side(sides[0], values[0], plays, "attacker"),
        "defender": _side(sides[1], values[1], plays, "defender"),
        "tie": values[0] == values[1],
        "winner": winners[0] if len(winners) == 1 else None,
        "losers": [side["player"] for role, side in zip(ROLES, sides, strict=True) if role in lost],
        "moves": [token_move_document(move) for move in moves],
    }


def _side(side: Document, value: int, plays: list[Play], role: str) -> Document:
    return {
        **side,
        "fortunes": [
            {"id": p.id, "text": p.text, "delta": p.delta, "by": p.by}
            for p in plays
            if p.card == role
        ],
        "value": value,
    }


def answer_step(players: dict[Role, Seat], role: Role, play: Play | None) -> Document:
    """A Fortune played in an open battle (``play``), or a pass (None)."""
    player = players[role]
    if play is None:
        return {"type": "battle_pass", "by": player.name, "role": role}
    return {
        "type": "battle_fortune",
        "by": player.name,
        "role": role,
        "fortune": {"id": play.id, "text": play.text, "delta": play.delta},
        "on": players[play.card].name,
    }


def finished(match: Match, result: Document) -> None:
    """A move is over: add who went out, who plays next, and whether the game is won."""
    result.update(
        eliminated=[move["player"] for move in result["moves"] if move["out"]],
        next=None if match.turn is None else match.current.name,
        game_winner=match.winner,
        over=match.over,
    )
