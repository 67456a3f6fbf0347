"""Building a ``Move`` answer by answer, for the games whose later choices depend on an
earlier one (the scenes a mission still needs, the dice of the weapon picked).

A game's ``follow`` takes the move, its first choice and the answer, and returns the move
still to ask; these are the pieces it is written with. Pure: no front end is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, Generic, TypeVar

from gmtool.engine.system import Choice, Move, State

Content = TypeVar("Content")
Step = Callable[[State, Content, Move, Any], Move]
"""One answer folded in: (state, content, the move, the answer) -> the move still to ask."""


def answer_into(
    move: Move,
    fields: Mapping[str, Any],
    then: Iterable[Choice] | None = None,
    *,
    dice: Iterable[str] | None = None,
) -> Move:
    """``move`` with ``fields`` set in its action, its first choice answered and ``then``
    asked before the rest (``then`` None: only the rest); ``dice`` replaces its dice."""
    rest = (*(then or ()), *move.choices[1:])
    return changed(
        move,
        action={**move.action, **fields},
        choices=rest,
        dice=None if dice is None else tuple(dice),
    )


def changed(
    move: Move,
    *,
    action: Mapping[str, Any] | None = None,
    choices: tuple[Choice, ...] | None = None,
    dice: tuple[str, ...] | None = None,
) -> Move:
    """``move`` with a new action, choices or dice (None: as they are), the rest as it is:
    ``dataclasses.replace`` for the fields an answer changes, a few times faster (a
    forecast folds in thousands of answers a second)."""
    new = object.__new__(Move)
    new.__dict__.update(move.__dict__)
    if action is not None:
        new.__dict__["action"] = action
    if choices is not None:
        new.__dict__["choices"] = choices
    if dice is not None:
        new.__dict__["dice"] = dice
    return new


def fill(move: Move, choice: Choice, answer: Any) -> Move:
    """The plain case: the answer goes into the action under the choice's key."""
    return answer_into(move, {choice.key: answer})


class Follow(Generic[Content]):
    """A game's ``follow``: the answers that shape what is asked next, found by the move's
    name, then the choice's key; any other answer goes into the action as it is (``fill``).
    Called as a declaration's ``follow(state, move, choice, answer, content=...)``."""

    def __init__(self, steps: Mapping[str, Mapping[str, Step[Content]]]) -> None:
        self.steps = {name: dict(by_key) for name, by_key in steps.items()}

    def __call__(
        self, state: State, move: Move, choice: Choice, answer: Any, *, content: Content
    ) -> Move:
        by_key = self.steps.get(move.name)
        step = by_key.get(choice.key) if by_key else None
        return step(state, content, move, answer) if step else fill(move, choice, answer)


def faces(label: str) -> Choice:
    """The faces of the dice ``label`` names (``"Ana's d10, then the GM's d6"``), typed in
    from the table in that order or, left blank, rolled."""
    return Choice("", label, kind="faces", optional=True)


def notation(die: str) -> str:
    """``"d10"`` -> ``"1d10"``: a die as the dice notation every front end reads."""
    return die if die[:1].isdigit() else f"1{die}"


def dropped(move: Move, why: str) -> Move:
    """``move`` given up on an answer (the GM said no to a confirmation): nothing is
    left to ask and nothing is played; ``why`` says so."""
    return replace(move, choices=(), reason=why)


__all__ = ["Follow", "Step", "answer_into", "changed", "dropped", "faces", "fill", "notation"]
