"""Asking a game's declaration what may be done, for the tests of its ``options``."""

from __future__ import annotations

from typing import Any

from gmtool.engine.game import Game
from gmtool.engine.system import Move


def moves(game: Game, seat: str | None = None, **given: Any) -> list[Move]:
    """The moves ``seat`` (None: the GM) may make now; ``given``: what else the game's
    ``options`` takes (Originem's ``now``)."""
    offered: list[Move] = game.system.options(  # type: ignore[attr-defined]
        game.state, seat, content=game.content, **given
    )
    return offered


def named(game: Game, name: str, seat: str | None = None, **given: Any) -> Move:
    """The move called ``name`` among those on offer."""
    return next(move for move in moves(game, seat, **given) if move.name == name)


def answer(game: Game, move: Move, *answers: Any) -> Move:
    """``move`` with its first choices answered, in order, through the game's ``follow``."""
    for given in answers:
        move = game.system.follow(  # type: ignore[attr-defined]
            game.state, move, move.choices[0], given, content=game.content
        )
    return move
