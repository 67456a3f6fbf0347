"""How a rule system gets its screens in ``gmtool serve``.

Every system has a table screen: its ``status`` document (which by contract holds no
secret) rendered by its ``templates/table.html``, or by the shared ``generic/table.html`` when the
system ships no template of its own. A game whose players have screens of their own gives
the web a ``SeatScreens`` subclass in its ``web`` part (``gmtool/games/NAME/web.py``) that
says only how a posted form becomes an action: who sits at the table, what each seat may
see and what it may do now are the declaration's (``seats``, ``view``, ``options``,
``to_move``). The web layer holds no rule: every move goes through ``Game.play``, which
refuses it with the rule's reason (or because the screen it was made on is out of date).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from gmtool.dice import DiceDoor, parse_faces
from gmtool.engine.system import Move, Outcome, State, System
from gmtool.errors import UsageError

Form = Mapping[str, str]


@dataclass(frozen=True)
class Question:
    """A move that waits for another seat before it is played (Food Fight's defender may
    answer an attack with a Fortune). ``public`` is what the table screen may say about it;
    ``private`` what the asked seat is shown; the action itself stays on the server."""

    seat: str
    asked_by: str
    action: dict[str, Any]
    public: str
    private: str
    step: str = ""
    """Which of the system's questions this is, for the asked seat's form."""
    entered_by: Mapping[str, list[int]] | None = None
    """Faces of real dice typed on the screens so far, per roller."""
    dice: tuple[Any, ...] = ()
    """The asked seat's dice to roll or type, a ``moveforms.DieField`` each (a roll the GM
    asked for)."""


@dataclass(frozen=True)
class WithDice:
    """An action to play with the faces of real dice each roller typed on their screen
    (a Zauberer duel roll: both duellists' dice)."""

    action: dict[str, Any]
    entered_by: Mapping[str, list[int]]


Made = dict[str, Any] | Question | WithDice
"""What a posted form becomes: an action, a question to another seat, or an action with
typed dice."""


class Screens:
    """A system's screens. This base gives the table screen only (no seats, no moves)."""

    seat_template: str | None = None
    banner = True
    """Whether the table screen shows the newest entry above the game's own drawing (a game
    that tells it its own way, as FTL's story of the last second, says False)."""

    def __init__(self, system: System) -> None:
        self.system = system
        self.content: Any = None
        """The campaign's content (``Game.content``), which its declaration's answers read."""
        self.door: Callable[..., DiceDoor] | None = None
        """The campaign's dice door maker (``Game.door``), for a screen that shows the
        dice a move will roll before the move is played (they come out the same)."""
        self.table_template = template_for(system.name, "table.html") or "generic/table.html"

    def table(self, state: State, *, now: float) -> dict[str, Any]:
        """What the whole table sees: never a secret."""
        return {"status": self.system.status(state, now=now)}

    def seats(self, state: State) -> list[str]:
        """The seats that get a private screen (none for a game without hidden information)."""
        return []

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        """What ``seat``'s private screen shows."""
        raise NotImplementedError

    def action(self, state: State, seat: str, form: Form) -> Made:
        """The action ``seat`` posted, always made by ``seat`` itself."""
        raise UsageError("this game takes no moves from the players' screens")

    def told(self, action: dict[str, Any], outcome: Outcome) -> str:
        """The line the seat that made ``action`` is shown once it is played: the log's
        outcome (a game whose outcome needs the move's own words to say what happened, as
        FTL's jump to its beacon, says more)."""
        return outcome.outcome

    def entered_dice(self, form: Form) -> list[int] | None:
        """The faces of real dice the seat typed with its move, or None for virtual dice."""
        return typed_dice(form)

    def answer(self, state: State, question: Question, form: Form) -> Made:
        """The questioned action completed with the asked seat's answer (or the next
        question, when the move waits for one more seat)."""
        raise UsageError("this game asks no questions")

    def asked_by_gm(
        self, state: State, action: dict[str, Any], held: Question | None
    ) -> Made | None:
        """The GM's move kept for the players' screens (``Game.ask``): the question it asks
        its first seat, or the move to play now when ``held``, a move of the seats' that
        waits for the GM (``GM``), is finished by it. None: the screens ask nothing of it."""
        return None


GM = "GM"
"""Whom a question waits for when the GM must finish the move (from the terminal)."""


class SeatScreens(Screens):
    """The screens of a game whose players each have their own, all from its declaration:
    the table sees ``view(state, None)``, a seat ``view(state, seat)`` with its moves
    (``options``, by name) and whether its answer is awaited (``to_move``)."""

    def table(self, state: State, *, now: float) -> dict[str, Any]:
        seen = self.system.view(state, None, content=self.content)
        awaited = self.system.to_move(state, content=self.content)
        return {**super().table(state, now=now), "view": seen, "to_move": awaited}

    def seats(self, state: State) -> list[str]:
        return self.system.seats(state)

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        awaited = self.system.to_move(state, content=self.content)
        return {
            "view": self.system.view(state, seat, content=self.content),
            "moves": {
                move.name: move for move in self.system.options(state, seat, content=self.content)
            },
            "your_turn": seat in awaited,
            "waiting_for": _waiting_words(awaited, seat),
        }


class MoveScreens(SeatScreens):
    """The screens of a game whose seats' moves are the declaration's ``Move`` list as it
    stands (Originem, Stars & Starships, FTL): each move a form (``web.moveforms``), the
    posted form folded back into the move's action with the game's ``follow``, played with
    the faces typed (or rolled). A game's subclass says which moves ask for a second tap
    (``confirming``), how an action is finished before it is played (``finished``), and
    may add to what a seat sees (``seat``)."""

    seat_template = "moves/seat.html"
    confirming: frozenset[str] = frozenset()
    """The names of the moves that cannot be taken back at the table: a second tap plays them."""
    groups: Mapping[str, str] = {}
    """Kinds of move that choose nothing, each shown as one list under its heading."""

    def moves(self, state: State, seat: str) -> list[Move]:
        return list(self.system.options(state, seat, content=self.content))

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        from gmtool.web.moveforms import fold_of, forms

        screen = super().seat(state, seat, now=now)
        fold = fold_of(self.system, state, self.content)
        confirm = self.confirming.__contains__
        made = forms(self.moves(state, seat), fold, lambda m: confirm(m.name), self.groups)
        return {**screen, "forms": made}

    def action(self, state: State, seat: str, form: Form) -> Made:
        from gmtool.web.moveforms import fold_of, posted

        made = posted(self.moves(state, seat), fold_of(self.system, state, self.content), form)
        return self.finished(made.action)  # the faces typed: ``entered_dice``

    def finished(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action as the rules take it (Originem puts the time in)."""
        return action

    def entered_dice(self, form: Form) -> list[int] | None:
        """The faces typed one a field (their count checked as the move was read)."""
        from gmtool.web.moveforms import typed_faces

        return typed_faces(form, 0)


def _waiting_words(awaited: list[str], seat: str) -> str:
    """Whom a seat whose turn it is not waits for, as its screen's first line says it."""
    others = [name for name in awaited if name != seat]
    return f"Waiting for {', '.join(others)}" if others else "Waiting for the GM"


def screens_for(system: System) -> Screens:
    from gmtool.games import has_part, part

    if not has_part(system.name, "web"):
        return Screens(system)
    screens: Screens = part(system.name, "web").SCREENS(system)
    return screens


def template_for(system: str, page: str) -> str | None:
    """``<system>/<page>`` when the package ships that template."""
    name = f"{system}/{page}"
    from gmtool.games import GAMES

    package = GAMES.get(system)
    found = package is not None and resources.files(package).joinpath(f"templates/{page}").is_file()
    return name if found else None


def typed_dice(form: Form) -> list[int] | None:
    """The faces typed on a screen: one field a die (``die1``, ``die2``...), or one field
    of them all (``dice``: "4,2"); None when nothing was typed (the campaign rolls)."""
    from gmtool.web.moveforms import typed_faces

    one_each = typed_faces(form, 0)
    if one_each is not None:
        return one_each
    text = form.get("dice", "").strip()
    return parse_faces(text) if text else None


def form_number(form: Form, key: str, what: str) -> int:
    """A whole number from a posted form; a clear error names the field otherwise."""
    text = form.get(key, "").strip()
    if not text.isdigit():
        raise UsageError(f"choose {what}", hint="pick one from the list")
    return int(text)
