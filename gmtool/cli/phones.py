"""A GM's command that leaves its dice or declarations to the players' screens
(``--phones``): the move is checked and kept (``Game.ask``), ``gmtool serve`` asks each
player in turn and plays it, and the command waits and shows what was played. Ctrl-C
takes the move back; the GM then types the dice, or lets the campaign roll them, as ever.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from gmtool.engine.game import Game
from gmtool.errors import UsageError

LOOK_EVERY = 0.2
"""Seconds between two looks at the campaign while the players answer."""


def played_from_screens(game: Game, action: Mapping[str, Any], whom: str) -> dict[str, Any]:
    """Keep ``action`` for the screens of ``whom`` (words: "Larlen's and Remmy's dice")
    and wait until it is played; the result of the entry it made."""
    from gmtool.cli.common import console_err

    asked = game.ask(action)
    console_err().print(
        f"Waiting for {whom} from their screens (gmtool serve must be running); "
        "Ctrl-C takes the move back."
    )
    try:
        while True:
            time.sleep(LOOK_EVERY)
            found = _ended(game, asked.id, asked.version, action)
            if found is not None:
                return found
    except KeyboardInterrupt:
        game.store.drop_asked_move(asked.id)
        if game.look().version != asked.version:  # answered just as it was taken back
            found = _ended(game, asked.id, asked.version, action)
            if found is not None:
                return found
        raise UsageError(
            "taken back: nothing was played",
            hint="play it again with --dice FACES, or without --phones to roll here",
        ) from None


def _ended(
    game: Game, asked_id: int, version: str, action: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The result of the move once played; an error once it can no longer be; None while
    it waits."""
    if game.look().version == version:
        kept = game.store.asked_move()
        if kept is not None and kept.id == asked_id:
            return None
        raise UsageError(
            "the move was taken off the players' screens before it was played",
            hint="the players' screens say why; play it again",
        )
    newest = game.store.entries(last=1)
    if newest and newest[0].action is not None and _same(newest[0].action, action):
        return newest[0].result
    raise UsageError(
        "the game moved on before the players answered: their move was called off",
        hint="'gmtool log' shows what was played",
    )


def _same(played: Mapping[str, Any], asked: Mapping[str, Any]) -> bool:
    """The entry is the asked move, whatever the screens added (their declarations, the
    time it was played at)."""
    kept = {key: value for key, value in asked.items() if key not in ("now", "declarations")}
    return all(played.get(key) == value for key, value in kept.items())
