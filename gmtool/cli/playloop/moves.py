"""A play loop's menu and questions, built from a game's moves (``engine.system.Move``).

A game's ``options`` says what may be done now, as data; this turns the data into a menu
(an entry a move, its label the entry's words) and a chosen move into its questions: one
per choice, in order, the faces of its dice last. So the three games a GM referees ask
alike, and none of their loops reads a state key.

Where a later question depends on an earlier answer (the scenes a mission still needs,
the dice of the weapon picked), the game gives a ``Follow``: it folds an answer into the
move and returns the move with the choices still to ask. It may refuse a typed answer by
raising a ``GmtoolError``: the question shows the reason and is asked again.

- A choice whose key the action already holds offers that value first (a default).
- A ``one`` choice with no value left refuses the move with its ``reason``.
- A move the game's ``follow`` gave up on (a ``reason`` and nothing left to ask: the GM
  said no to a confirmation) is not played.
- A ``faces`` choice asks for the faces of the dice its label names; its key names the
  roller whose faces they are, or is empty for dice entered in roll order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop.asking import Prompts
from gmtool.engine.moves import fill
from gmtool.engine.system import Choice, Move
from gmtool.errors import RulesError

if TYPE_CHECKING:
    from gmtool.engine.game import Game
    from gmtool.engine.system import Outcome

Follow = Callable[[Move, Choice, Any], Move]
"""Folds the answer to ``choice`` (the move's first) into ``move``: the move still to ask."""
Show = Callable[[Move, "Outcome"], None]
"""Prints what a move played did."""


@dataclass
class Answered:
    """A move with every choice answered: the action to play and the faces entered."""

    move: Move
    faces: list[int] | None = None
    faces_by: dict[str, list[int]] = field(default_factory=dict)

    @property
    def action(self) -> dict[str, Any]:
        return dict(self.move.action)


def ask_move(ask: Prompts, move: Move, follow: Follow = fill) -> Answered:
    """Ask ``move``'s choices in order (``follow`` folding each answer in)."""
    answered = Answered(move)
    while answered.move.choices:
        move = answered.move
        choice = move.choices[0]
        if choice.kind == "faces":
            faces = ask.faces(choice.label)
            if faces is not None and choice.key:
                answered.faces_by[choice.key] = faces
            elif faces is not None:
                answered.faces = faces
            answered.move = replace(move, choices=move.choices[1:])
            continue
        answered.move = follow(move, choice, _answer(ask, move, choice, follow))
    return answered


def _answer(ask: Prompts, move: Move, choice: Choice, follow: Follow) -> Any:
    offered = move.action.get(choice.key)
    default = "" if offered is None else str(offered)
    if choice.kind == "one":
        if not choice.values:
            raise RulesError(move.reason or f"nothing to choose for: {choice.label}")
        return ask.select(choice.label, [str(value) for value in choice.values])
    if choice.kind == "number":
        if choice.optional:
            return ask.number(choice.label, default=default)
        return ask.whole(choice.label, default=default)
    return ask.text(choice.label, default=default, check=partial(follow, move, choice))


class MoveMenu:
    """Plays ``game``'s moves as a play loop's steps: asks, plays, shows.

    ``stamp`` finishes an action just before it is played (Originem puts the time in);
    ``show`` prints the outcome.
    """

    def __init__(
        self,
        game: Game,
        ask: Prompts,
        *,
        show: Show,
        follow: Follow = fill,
        stamp: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        self.game = game
        self.ask = ask
        self.show = show
        self.follow = follow
        self.stamp = stamp

    def entries(self, moves: Iterable[Move]) -> dict[str, Callable[[], None]]:
        """A menu entry a move, in the order the game gives them."""
        return {move.label: partial(self.play, move) for move in moves}

    def play(self, move: Move) -> None:
        answered = ask_move(self.ask, move, self.follow)
        if answered.move.reason:
            return
        self.show(answered.move, self.play_answered(answered))

    def play_answered(self, answered: Answered) -> Outcome:
        action = answered.action
        if self.stamp is not None:
            action = self.stamp(action)
        door = self.game.door(entered=answered.faces, entered_by=answered.faces_by or None)
        return self.game.play(action, door)


__all__ = ["Answered", "Follow", "MoveMenu", "Show", "ask_move"]
