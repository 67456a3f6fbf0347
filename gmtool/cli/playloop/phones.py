"""``gmtool play``'s "on their phones": a move whose dice or declarations belong to players
(an Originem scene's rollers, the player characters of an Astral tick: the declaration's
``asked_of``) may be left to their phones in ``gmtool serve``, as a command's ``--phones``
leaves it (``cli.phones``, whose wait this is).

Once the campaign has been served (its seats have links), such a move asks one question
before its dice: here, or on their phones. On the phones, the move is kept for them
(``Game.ask``, on the state the menu was drawn from), and the GM's screen says who is still
awaited, line by line as each answers, until the last answer plays it: its result is then
the loop's news, as any move's. Esc or Ctrl-C calls it off (the asked phones say so) and
nothing is written. A move another terminal made meanwhile calls it off too: one line says
so, and the menu is drawn as the game now is. When ``serve`` is not running, or none of the
move's players has opened their link, one line says so and the move is made here instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gmtool.cli.phones import LOOK_EVERY, AskedOfPhones, asked_of
from gmtool.cli.playloop.asking import BackToMenu, Prompts
from gmtool.cli.playloop.loop import say, show_error
from gmtool.errors import GmtoolError

if TYPE_CHECKING:
    from gmtool.engine.game import Game

HERE = "here, at this terminal"
ON_PHONES = "on their phones"
CALLED_OFF = "called off: nothing was played (the phones that were asked say so)"


@dataclass
class Phones:
    """The phones of ``game``'s players, as the play loop asks them."""

    game: Game
    ask: Prompts

    def offered(self, action: Mapping[str, Any]) -> list[str]:
        """The players ``action`` could be asked of: none unless the campaign has been
        served (a GM who never serves it is never asked where)."""
        from gmtool.store.seat_links import SeatLinks

        names = asked_of(self.game, action)
        if not names or not SeatLinks(self.game.store).tokens():
            return []
        return names

    def chosen(self, action: Mapping[str, Any], what: str) -> list[str]:
        """Where ``what`` of ``action`` ("rolls", "declarations") are made, asked when the
        phones could make them: the players to ask, or none for here. The phones chosen
        while they cannot be asked: one line says why, and none (here)."""
        from gmtool.store.serving import serving

        names = self.offered(action)
        if not names:
            return []
        whose = " and ".join(f"{name}'s" for name in names)
        phones = f"{ON_PHONES} ({', '.join(names)})"
        if self.ask.select(f"Where are {whose} {what} made?", [HERE, phones]) == HERE:
            return []
        said = serving(self.game.store.path)
        if said is None:
            say(
                f"the phones cannot be asked: gmtool serve is not running on "
                f"'{self.game.name}' (start it in another terminal); the {what} are made here"
            )
            return []
        if not set(names) & set(said.phones):
            say(
                f"the phones cannot be asked: no phone has opened {' or '.join(names)}'s "
                f"link yet (gmtool serve printed them); the {what} are made here"
            )
            return []
        return names

    def play(
        self, action: Mapping[str, Any], names: list[str], *, seen: str | None
    ) -> dict[str, Any] | None:
        """Ask ``action`` of the phones of ``names`` (refused if the game has left the
        state ``seen``) and wait: the result of the entry it made once played; None when
        the GM called it off."""
        asking = AskedOfPhones(self.game, action, names, seen=seen)
        played: list[dict[str, Any]] = []

        def look() -> str | None:
            found = asking.result()
            if found is not None:
                played.append(found)
                return None
            return asking.awaited().line()

        try:
            say(f"asked of the phones ({', '.join(names)}): Esc or Ctrl-C calls it off")
            try:
                finished = self.ask.watch(look, LOOK_EVERY)
            except KeyboardInterrupt:
                finished = False
            except GmtoolError as error:
                if seen is None or self.game.look().version == seen:
                    raise  # the server refused it: the question before is asked again
                show_error(error)  # the game moved on: the menu is drawn as it is now
                raise BackToMenu from None
            if finished:
                return played[0]
            return asking.take_back()  # None, unless the last answer came just then
        finally:
            asking.close()


__all__ = ["CALLED_OFF", "HERE", "ON_PHONES", "Phones"]
