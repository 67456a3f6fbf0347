"""One screen passed round a table of players who must not see each other's secrets.

``HotSeat`` is the part of ``gmtool play`` every game with secrets shares: it keeps the
state the screen was drawn from (with its version, so a move chosen on it is refused once
the game has moved on: ``PlayLoop`` then draws the screen again), who holds the screen,
whether a secret was shown on it, and what each seat is still to be told in private.

Before each menu the screen goes to the seat that must hold it, or is wiped if a secret is
still on it. Passing it: the screen is cleared, the last move's news (public) is shown to
whoever holds it still (the attacker sees her battle's result), and the screen waits for
the next seat's Enter; it is then cleared again and drawn as that seat sees it, with what
only that seat was to be told since (a Fortune drawn, say). The screen passes only when
the seat to hold it changes. Every move on the menu comes from the declaration's
``options``; a game adds only its own words and drawings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop.asking import Back, Prompts
from gmtool.cli.playloop.loop import PlayLoop, Step
from gmtool.dice import DiceDoor
from gmtool.engine.system import Choice, Move, Outcome

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.cli.playloop.moves import Fold
    from gmtool.engine.game import Game
    from gmtool.store.campaign import Head


class HotSeat:
    """The shared screen of one game of ``gmtool play``. A game's subclass gives its menu
    (``entries``), its question, the drawing of the table and the news of a move."""

    def __init__(self, loop: PlayLoop) -> None:
        self.loop = loop
        self.game = loop.game
        self.ask = loop.ask
        self.holder: str | None = None
        self.secret_shown = False
        self.private: dict[str, list[Any]] = {}
        """What each seat is to be told when it next holds the screen, and nobody else."""
        self.head: Head = self.game.look()

    @classmethod
    def run(cls, game: Game, prompts: Prompts | None = None) -> None:
        """Play ``game`` round the table until the GM quits."""
        loop = PlayLoop(game, prompts)
        table = cls(loop)
        loop.dashboard = table.dashboard
        loop.question = table.question
        loop.run(table.entries)

    # -- what a game gives ------------------------------------------------------------
    def entries(self) -> Mapping[str, Step]:
        raise NotImplementedError

    def question(self) -> str:
        raise NotImplementedError

    def table_drawing(self, seat: str | None = None) -> RenderableType:
        """What ``seat`` (who holds the screen; None: the whole table) may see now."""
        raise NotImplementedError

    def told(self, outcome: Outcome) -> RenderableType:
        """The news of a move just played (public)."""
        raise NotImplementedError

    def told_privately(self, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
        """What a move told one seat only (a card drawn), by seat, from the states before
        and after it: shown to that seat when it next holds the screen."""
        return {}

    def must_hold(self) -> str | None:
        """Who must hold the screen at the menu (None: whoever holds it now)."""
        return None

    # -- the state the screen shows ----------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        return self.head.state

    def view(self, seat: str | None = None) -> dict[str, Any]:
        """What ``seat`` (None: the whole table) may see on the screen drawn."""
        return self.game.system.view(self.state, seat, content=self.game.content)

    def moves(self, seat: str | None) -> list[Move]:
        """What ``seat`` (None: the GM) may do on the screen drawn."""
        return self.game.system.options(self.state, seat, content=self.game.content)

    def to_move(self) -> list[str]:
        return self.game.system.to_move(self.state, content=self.game.content)

    # -- the screen ----------------------------------------------------------------------
    def dashboard(self) -> RenderableType:
        """Before each menu: look at the game again, hand the screen over if its holder
        changed, wipe it if a secret was on it; then the game as the holder sees it, with
        what only the holder is told (the loop prints the news under it)."""
        from rich.console import Group

        self.head = self.game.look()
        holder = self.must_hold()
        if holder is not None and holder != self.holder:
            self.hand_to(holder)
        elif holder is None and self.secret_shown:
            self.ask.clear_screen()
        self.secret_shown = holder is not None  # the holder's own secrets are drawn
        told = self.private.pop(holder, []) if holder is not None else []
        return Group(self.table_drawing(holder), *told)

    def hand_to(self, name: str) -> None:
        """The "pass the screen" gate before the menu (Esc does not skip it): the last
        move's news stays in view of who holds the screen until the next seat takes it."""
        while True:
            try:
                self.ask.pass_to(name, before=self.news_before_the_gate)
                break
            except Back:
                continue
        self.ask.clear_screen()
        self.holder = name

    def news_before_the_gate(self) -> None:
        """The last move's news, above the gate's one row."""
        from gmtool.cli.playloop.loop import show_news

        rows = self.ask.rows()
        show_news(self.loop.news, None if rows is None else rows - 1)

    def gate(self, name: str, shown_as: str | None = None) -> None:
        """Inside a step, before anything only ``name`` may see: the screen is theirs
        (``shown_as``: how the gate names them)."""
        self.ask.pass_to(shown_as or name)
        self.holder = name
        self.secret_shown = True

    # -- asking and playing ---------------------------------------------------------------
    def choose(self, choice: Choice, extra: tuple[str, ...] = (), *, default: Any = None) -> Any:
        """One of ``choice``'s values (``extra`` entries after them), as every move's
        question is asked (``moves.ask_choice``)."""
        from gmtool.cli.playloop.moves import ask_choice

        return ask_choice(self.ask, choice, default=default, extra=extra)

    def answered(self, move: Move, *keys: str, follow: Fold | None = None) -> dict[str, Any]:
        """``move``'s action with its choices (only those of ``keys``, when given) asked as
        every move's are (``moves.ask_move``; ``follow`` shapes the later ones)."""
        from gmtool.cli.playloop.moves import answers_of

        asked = [c for c in move.choices if not keys or c.key in keys]
        return move.fill(answers_of(self.ask, replace(move, choices=tuple(asked)), follow))

    def play(self, action: Mapping[str, Any], door: DiceDoor | None = None) -> Outcome:
        """Play ``action`` as chosen on the screen drawn (refused if the game moved on)."""
        door = door if door is not None else self.game.door()
        outcome = self.game.play(action, door, seen=self.head.version)
        self.loop.tell(self.told(outcome))
        for seat, item in self.told_privately(self.state, outcome.state).items():
            self.private.setdefault(seat, []).append(item)
        return outcome
