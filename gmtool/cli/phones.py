"""A GM's move that leaves its dice or declarations to the players' screens: the move is
checked and kept (``Game.ask``), ``gmtool serve`` asks each player in turn and plays it,
and the GM waits and is shown what was played. Taken back (Ctrl-C), the move is gone from
the phones; the GM then types the dice, or lets the campaign roll them, as ever.

Two front ends wait so, through ``AskedOfPhones``: a command's ``--phones``
(``played_from_screens``) and ``gmtool play``'s "on their phones" (``playloop.phones``).
While it waits nothing polls the log: the database's change counter (``PRAGMA
data_version``, as the server's own watcher reads it) and the server's word of whom it asks
(``store.serving``, one ``stat``) are looked at a few times a second, and the log is read
only once one of them has changed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gmtool.engine.game import Game
from gmtool.errors import UsageError

LOOK_EVERY = 0.2
"""Seconds between two looks at the campaign while the players answer."""


def asked_of(game: Game, action: Mapping[str, Any]) -> list[str]:
    """The seats whose screens ``action`` would wait for, asked of them, in the order the
    server asks them (the declaration's ``asked_of``); none when it cannot be asked."""
    asks = getattr(game.system, "asked_of", None)
    if asks is None:
        return []
    found: list[str] = asks(game.state, action, content=game.content)
    return found


@dataclass(frozen=True)
class Awaited:
    """Where a move asked of the phones stands: who answered, who is still awaited (in
    the order they are asked), and whose phone has not opened its link yet."""

    answered: tuple[str, ...]
    waiting: tuple[str, ...]
    unopened: tuple[str, ...]
    served: bool
    taken_up: bool
    """Whether the server has asked its first seat yet."""

    def line(self) -> str:
        """The wait in one line: "still awaited: Remmy · answered: Larlen"."""
        if not self.served:
            return "gmtool serve has stopped: start it again, or Ctrl-C to call the move off"
        if not self.taken_up:
            return "gmtool serve is taking the move up"
        waiting = ", ".join(
            f"{name} (no phone open yet)" if name in self.unopened else name
            for name in self.waiting
        )
        told = f"still awaited: {waiting or 'nobody: it is being played'}"
        if self.answered:
            told += f" · answered: {', '.join(self.answered)}"
        return told


class AskedOfPhones:
    """One move asked of the phones, from ``Game.ask`` to its end: ``result()`` once it is
    played, ``awaited()`` while it waits, ``take_back()`` to call it off."""

    def __init__(
        self,
        game: Game,
        action: Mapping[str, Any],
        whom: Sequence[str] = (),
        *,
        seen: str | None = None,
    ) -> None:
        from gmtool.store.live import ChangeWatcher
        from gmtool.store.serving import said_mark

        self.game = game
        self.action = dict(action)
        self.whom = tuple(whom)
        self.asked = game.ask(action, seen=seen)
        self._watcher = ChangeWatcher(game.name, game.store.path)
        self._data = -1
        self._said: tuple[int, int] = (-1, -1)
        self._said_mark = said_mark
        self._awaited: Awaited | None = None

    def close(self) -> None:
        self._watcher.close()

    def result(self) -> dict[str, Any] | None:
        """The result of the entry the move made once played; None while it waits. A move
        that ended unplayed (the server refused it, the game moved on) is a ``UsageError``.
        The log is read only when the database changed since the last look."""
        now = self._watcher.data_version()
        if now == self._data:
            return None
        self._data = now
        return _ended(self.game, self.asked.id, self.asked.version, self.action)

    def changed(self) -> bool:
        """Whether the server's word of whom it asks changed since ``awaited`` was read."""
        return self._said_mark(self.game.store.path) != self._said

    def awaited(self) -> Awaited:
        """Who answered and who is still awaited, as the server says."""
        from gmtool.store.serving import serving

        mark = self._said_mark(self.game.store.path)
        if self._awaited is not None and mark == self._said:
            return self._awaited
        self._said = mark
        said = serving(self.game.store.path)
        asking = said.asking if said is not None and said.asked == self.asked.id else ""
        at = self.whom.index(asking) if asking in self.whom else 0
        opened = set(said.phones) if said is not None else set()
        self._awaited = Awaited(
            answered=self.whom[:at],
            waiting=self.whom[at:],
            unopened=tuple(name for name in self.whom if name not in opened),
            served=said is not None,
            taken_up=bool(asking),
        )
        return self._awaited

    def take_back(self) -> dict[str, Any] | None:
        """Call the move off (the asked screens say so); the result instead when it was
        played just as it was taken back."""
        self.game.store.drop_asked_move(self.asked.id)
        if self.game.look().version != self.asked.version:  # answered just as it was taken back
            return _ended(self.game, self.asked.id, self.asked.version, self.action)
        return None


def played_from_screens(
    game: Game, action: Mapping[str, Any], whom: str, names: Sequence[str] = ()
) -> dict[str, Any]:
    """Keep ``action`` for the screens of ``whom`` (words: "Larlen's and Remmy's dice")
    and wait until it is played; the result of the entry it made. With ``names`` (the
    seats asked, in order), who is still awaited is said as it changes."""
    from gmtool.cli.common import console_err

    asking = AskedOfPhones(game, action, names)
    err = console_err()
    err.print(
        f"Waiting for {whom} from their screens (gmtool serve must be running); "
        "Ctrl-C takes the move back."
    )
    shown = ""
    try:
        while True:
            time.sleep(LOOK_EVERY)
            found = asking.result()
            if found is not None:
                return found
            if names and asking.changed():
                line = asking.awaited().line()
                if line != shown:
                    err.print(f"  {line}", markup=False)
                    shown = line
    except KeyboardInterrupt:
        found = asking.take_back()
        if found is not None:
            return found
        raise UsageError(
            "taken back: nothing was played",
            hint="play it again with --dice FACES, or without --phones to roll here",
        ) from None
    finally:
        asking.close()


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
