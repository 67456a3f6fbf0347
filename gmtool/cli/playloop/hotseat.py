"""One screen passed round a table of players who must not see each other's secrets.

``HotSeat`` is the part of ``gmtool play`` every game with secrets shares: it keeps the
state the screen was drawn from (with its version, so a move chosen on it is refused once
the game has moved on: ``PlayLoop`` then draws the screen again), who holds the screen,
whether a secret was shown on it, and the news of the last move. Before each menu the
screen goes to the seat that must hold it (cleared first, and only shown once that seat
presses Enter), or is wiped if a secret is still on it. Every move on the menu comes from
the declaration's ``options``; a game adds only its own words and drawings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop.asking import Back, Prompts
from gmtool.cli.playloop.loop import PlayLoop, Step
from gmtool.dice import DiceDoor
from gmtool.engine.system import Choice, Move, Outcome

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.engine.game import Game
    from gmtool.store.campaign import Head


class HotSeat:
    """The shared screen of one game of ``gmtool play``. A game's subclass gives its menu
    (``entries``), its question, the drawing of the table and the news of a move."""

    def __init__(self, game: Game, ask: Prompts) -> None:
        self.game = game
        self.ask = ask
        self.holder: str | None = None
        self.secret_shown = False
        self.news: list[Any] = []
        self.head: Head = game.look()

    @classmethod
    def run(cls, game: Game, prompts: Prompts | None = None) -> None:
        """Play ``game`` round the table until the GM quits."""
        loop = PlayLoop(game, prompts)
        table = cls(game, loop.ask)
        loop.dashboard = table.dashboard
        loop.question = table.question
        loop.run(table.entries)

    # -- what a game gives ------------------------------------------------------------
    def entries(self) -> Mapping[str, Step]:
        raise NotImplementedError

    def question(self) -> str:
        raise NotImplementedError

    def table_drawing(self) -> RenderableType:
        """What the whole table may see now."""
        raise NotImplementedError

    def told(self, outcome: Outcome) -> RenderableType:
        """The news of a move just played."""
        raise NotImplementedError

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
    def dashboard(self) -> None:
        """Before each menu: look at the game again, hand the screen over if its holder
        changed, wipe it if a secret was on it, then the news and the table's view."""
        from gmtool.cli.common import console

        self.head = self.game.look()
        holder = self.must_hold()
        if holder is not None and holder != self.holder:
            self.hand_to(holder)
        elif self.secret_shown:
            self.ask.clear_screen()
        self.secret_shown = False
        out = console()
        for item in self.news:
            out.print(item)
        out.print(self.table_drawing())

    def hand_to(self, name: str) -> None:
        """The "pass the screen" gate before the menu; Esc does not skip it."""
        while True:
            try:
                self.ask.pass_to(name)
                break
            except Back:
                continue
        self.holder = name

    def gate(self, name: str, shown_as: str | None = None) -> None:
        """Inside a step, before anything only ``name`` may see: the screen is theirs
        (``shown_as``: how the gate names them)."""
        self.ask.pass_to(shown_as or name)
        self.holder = name
        self.secret_shown = True

    # -- asking and playing ---------------------------------------------------------------
    def choose(self, choice: Choice, extra: tuple[str, ...] = (), *, default: Any = None) -> Any:
        """One of ``choice``'s values, asked by its labels (and ``extra`` entries after
        them, returned as they read); ``default``, a value, is offered first."""
        shown = choice.shown()
        values = list(choice.values or ())
        first = shown[values.index(default)] if default in values else None
        picked = self.ask.select(choice.label, [*shown, *extra], default=first)
        if picked in extra:
            return picked
        return (choice.values or ())[shown.index(picked)]

    def play(self, action: Mapping[str, Any], door: DiceDoor | None = None) -> Outcome:
        """Play ``action`` as chosen on the screen drawn (refused if the game moved on)."""
        door = door if door is not None else self.game.door()
        outcome = self.game.play(action, door, seen=self.head.version)
        self.news = [self.told(outcome)]
        return outcome
