"""A play loop's menu and questions, built from a game's moves (``engine.system.Move``).

A game's ``options`` says what may be done now, as data; this turns the data into a menu
(an entry a move, its label the entry's words) and a chosen move into its questions: one
per choice, in order, the faces of its dice last. So the three games a GM referees ask
alike, and none of their loops reads a state key.

Where a later question depends on an earlier answer (the scenes a mission still needs,
the dice of the weapon picked), the game's ``follow`` (a ``Fold`` here) folds an answer
into the move and returns the move with the choices still to ask. It may refuse a typed
answer by raising a ``GmtoolError``: the question shows the reason and is asked again.

- A choice whose key the action already holds offers that value first (a default).
- A ``one`` choice with no value left refuses the move with its ``reason``.
- A move the game's ``follow`` gave up on (a ``reason`` and nothing left to ask: the GM
  said no to a confirmation) is not played.
- A ``faces`` choice asks for the faces of the dice its label names, in roll order (blank:
  they are rolled). Before it, a move whose dice belong to players may ask where they are
  rolled: here, or on their phones (``playloop.phones``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from gmtool.cli.playloop.asking import Prompts
from gmtool.cli.playloop.phones import Phones
from gmtool.engine.moves import answer_into, fill
from gmtool.engine.system import Choice, Move, State
from gmtool.errors import RulesError

if TYPE_CHECKING:
    from gmtool.dice import DiceDoor
    from gmtool.engine.game import Game
    from gmtool.engine.system import Outcome
    from gmtool.store.campaign import Head

Fold = Callable[[Move, Choice, Any], Move]
"""Folds the answer to ``choice`` (the move's first) into ``move``: the move still to ask."""
Show = Callable[[Move, "Outcome"], Any]
"""Draws what a move played did (text or a rich drawing): the loop's news."""
Step = Callable[[], object]
Extra = Callable[[Move, list[Move]], Mapping[str, Step]]
"""The entries a loop adds after ``move`` (of the menu's ``moves``): forecasts, say."""


@dataclass
class Answered:
    """A move with every choice answered: the action to play and the faces entered."""

    move: Move
    faces: list[int] | None = None
    phones: tuple[str, ...] = ()
    """The players whose phones make its dice (none: rolled or typed here)."""

    @property
    def action(self) -> dict[str, Any]:
        return dict(self.move.action)


def ask_move(
    ask: Prompts,
    move: Move,
    follow: Fold = fill,
    *,
    forecast: bool = False,
    where: Callable[[Move], list[str]] | None = None,
) -> Answered:
    """Ask ``move``'s choices in order (``follow`` folding each answer in); for a
    ``forecast`` (the odds of the move) no faces are asked: nothing is rolled. ``where``
    asks, before the faces, whose phones roll the dice of the move as answered so far
    (none: the faces are asked here)."""
    answered = Answered(move)
    while answered.move.choices:
        move = answered.move
        choice = move.choices[0]
        if choice.kind == "faces":
            if not forecast and where is not None:
                answered.phones = tuple(where(move))
            asked_here = not forecast and not answered.phones
            answered.faces = ask.faces(choice.label) if asked_here else None
            answered.move = replace(move, choices=move.choices[1:])
            continue
        answered.move = follow(move, choice, _answer(ask, move, choice, follow))
    return answered


def answers_of(ask: Prompts, move: Move, follow: Fold | None = None) -> dict[str, Any]:
    """Each of ``move``'s choices asked as ``ask_move`` asks them (``follow`` shaping the
    later ones), as the choice's key -> the value chosen, for ``Move.fill``."""
    answers: dict[str, Any] = {}

    def noted(asked: Move, choice: Choice, answer: Any) -> Move:
        answers[choice.key] = answer
        return follow(asked, choice, answer) if follow else answer_into(asked, {})

    ask_move(ask, move, noted)
    return answers


def ask_choice(
    ask: Prompts, choice: Choice, *, default: Any = None, extra: tuple[str, ...] = ()
) -> Any:
    """One of a ``one`` choice's values, asked by its labels (``extra`` entries after them
    are returned as they read); ``default``, a value, is offered first."""
    shown = choice.shown()
    values = list(choice.values or ())
    first = shown[values.index(default)] if default in values else None
    picked = ask.select(choice.label, [*shown, *extra], default=first)
    if picked in extra:
        return picked
    return values[shown.index(picked)]


def _answer(ask: Prompts, move: Move, choice: Choice, follow: Fold) -> Any:
    offered = move.action.get(choice.key)
    default = "" if offered is None else str(offered)
    if choice.kind == "one":
        if not choice.values:
            raise RulesError(move.reason or f"nothing to choose for: {choice.label}")
        return ask_choice(ask, choice, default=offered)
    if choice.kind == "number":
        if choice.optional:
            return ask.number(choice.label, default=default)
        return ask.whole(choice.label, default=default)
    return ask.text(choice.label, default=default, check=partial(follow, move, choice))


class FollowingDeclaration(Protocol):
    """What a game's declaration answers for a menu of its moves: its options, and how an
    answer shapes what is asked next (``follow``). Not ``engine.declared.Declared``, the
    wrapper of the games with secrets."""

    def options(self, state: State, seat: str | None, *, content: Any) -> list[Move]: ...

    def follow(
        self, state: State, move: Move, choice: Choice, answer: Any, *, content: Any
    ) -> Move: ...


@dataclass
class MoveMenu:
    """The GM's moves of ``game`` (its ``declaration`` says which) as a play loop's steps:
    each asks the move's questions, plays it and shows what it did.

    ``show`` draws an outcome, which ``tell`` (the loop's) keeps as the news; ``stamp``
    finishes an action just before it is played (Originem puts the time in); ``moves``
    gives the moves of a state when they need more than the state and the content
    (Originem's the time too).

    The menu is drawn from the state as it was looked at (``head``, with its version): the
    questions are asked of it, and a move is refused once the game has moved on since (by
    another command, another screen, an undo); ``PlayLoop`` then draws the menu again.
    """

    game: Game
    ask: Prompts
    declaration: FollowingDeclaration
    show: Show
    tell: Callable[..., None]
    stamp: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    moves: Callable[[State], list[Move]] | None = None
    head: Head | None = None

    @property
    def state(self) -> State:
        """The state the menu was drawn from."""
        if self.head is None:
            self.head = self.game.look()
        return self.head.state

    def options(self) -> list[Move]:
        """The moves on offer now: the game is looked at again, and the menu drawn from it."""
        self.head = self.game.look()
        if self.moves is not None:
            return self.moves(self.state)
        return self.declaration.options(self.state, None, content=self.game.content)

    def follow(self, move: Move, choice: Choice, answer: Any) -> Move:
        """The declaration's ``follow`` on the state the menu was drawn from."""
        return self.declaration.follow(self.state, move, choice, answer, content=self.game.content)

    def entries(self, extra: Extra | None = None) -> dict[str, Step]:
        """A menu entry a move, in the order the game gives them; after a move, the
        entries ``extra`` adds for it (the odds of what it would do)."""
        moves = self.options()
        menu: dict[str, Step] = {}
        for move in moves:
            menu[move.label] = partial(self.play, move)
            menu.update(extra(move, moves) if extra is not None else {})
        return menu

    @property
    def phones(self) -> Phones:
        """The players' phones, which may roll a move's dice (``playloop.phones``)."""
        return Phones(self.game, self.ask)

    def where(self, move: Move) -> list[str]:
        """Whose phones roll ``move``'s dice, asked when they could (none: here)."""
        return self.phones.chosen(self.finished(dict(move.action)), "rolls")

    def finished(self, action: dict[str, Any]) -> dict[str, Any]:
        """``action`` as it is played (``stamp``)."""
        return self.stamp(action) if self.stamp is not None else action

    def play(self, move: Move) -> None:
        answered = ask_move(self.ask, move, self.follow, where=self.where)
        if answered.move.reason:
            return
        if answered.phones:
            self.play_on_phones(answered.move, self.finished(answered.action), answered.phones)
            return
        self.tell(self.show(answered.move, self.play_answered(answered)))

    def play_on_phones(
        self, move: Move, action: dict[str, Any], names: Sequence[str], show: Show | None = None
    ) -> None:
        """Leave ``action`` to the phones of ``names``, and tell what it did once played
        (drawn by ``show``, else the menu's), or that it was called off."""
        from gmtool.cli.playloop.phones import CALLED_OFF
        from gmtool.engine.system import Outcome

        seen = self.head.version if self.head is not None else None
        result = self.phones.play(action, list(names), seen=seen)
        if result is None:
            self.tell(CALLED_OFF)
            return
        self.tell((show or self.show)(move, Outcome(self.game.state, result)))

    def play_answered(self, answered: Answered) -> Outcome:
        action = answered.action
        if self.stamp is not None:
            action = self.stamp(action)
        return self.play_action(action, answered.faces)

    def play_action(self, action: Mapping[str, Any], faces: list[int] | None = None) -> Outcome:
        """Play ``action`` as chosen on the menu drawn (refused if the game moved on)."""
        return self.play_on(action, self.game.door(entered=faces))

    def play_on(self, action: Mapping[str, Any], door: DiceDoor) -> Outcome:
        seen = self.head.version if self.head is not None else None
        return self.game.play(action, door, seen=seen)


__all__ = [
    "Answered",
    "Extra",
    "Fold",
    "FollowingDeclaration",
    "MoveMenu",
    "Show",
    "answers_of",
    "ask_choice",
    "ask_move",
]
