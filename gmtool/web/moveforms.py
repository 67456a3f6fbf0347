"""A phone's form for each of a seat's moves, built from the declaration's ``Move`` list,
and the posted form turned back into the action the command line would play.

A form names its move by its place in ``options(state, seat)`` and its name (a stale
screen whose list moved on is refused by ``Game.play``'s version check anyway); each
choice is a field named ``k.KEY`` whose values are the choice's indexes (so a value that
is not a string, a mapping or None, travels as a number); the faces of real dice are one
field a die, ``die1``, ``die2``... (all left blank: the campaign rolls them).

Where an answer shapes what is asked next (the dice of the weapon picked, the block die of
the enemy attacked), the game's ``follow`` folds the answers in, in order, just as the
terminal's menu does: the form shows the fields that folding the first values discovers,
and the dice fields of each value when the dice hang on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gmtool.engine.moves import fill
from gmtool.engine.system import Choice, Move, State
from gmtool.errors import GmtoolError, UsageError

Form = Mapping[str, str]
Fold = Callable[[Move, Choice, Any], Move]

MOST_DICE = 12
"""How many die fields a form may post."""
MOST_VALUES = 12
"""How many values of one choice are each tried for the dice they bring."""
DIE = re.compile(r"(\d*)d(\d+)")


@dataclass(frozen=True)
class Field:
    """One field of a move's form."""

    name: str
    label: str
    kind: str
    """``one`` (a list), ``text``, ``number``."""
    options: tuple[tuple[str, str], ...] = ()
    """(value posted, words shown) for a ``one`` field."""
    optional: bool = False
    preset: str = ""
    """The value chosen before the player chooses (only when there is one choice)."""


@dataclass(frozen=True)
class DieField:
    name: str
    label: str
    sides: int


@dataclass(frozen=True)
class DiceGroup:
    """The die fields of a move, or of one value of the choice the dice hang on."""

    dice: tuple[DieField, ...]
    when: tuple[str, str] | None = None
    """(field name, value) the group belongs to; None: always."""


@dataclass(frozen=True)
class MoveForm:
    index: int
    name: str
    label: str
    reason: str = ""
    fields: tuple[Field, ...] = ()
    dice: tuple[DiceGroup, ...] = ()
    confirm: bool = False
    picks: tuple[tuple[str, str], ...] = ()
    """For a group of moves of one kind that choose nothing (FTL's orders): each move's
    place in the list and its words; the form posts the one picked."""

    @property
    def rolls(self) -> bool:
        return any(group.dice for group in self.dice)


def fold_of(system: Any, state: State, content: Any) -> Fold:
    """The game's ``follow`` on ``state`` (or the plain fill, for a game without one)."""
    follow = getattr(system, "follow", None)
    if follow is None:
        return fill
    return lambda move, choice, answer: follow(state, move, choice, answer, content=content)


# -- drawing a form --------------------------------------------------------------------
def forms(
    moves: Sequence[Move],
    fold: Fold,
    confirm: Callable[[Move], bool],
    groups: Mapping[str, str] | None = None,
) -> list[MoveForm]:
    """A form a move; the moves of a kind ``groups`` names (with its heading) that choose
    nothing are one form with a list of them."""
    made: list[MoveForm] = []
    grouped: dict[str, list[tuple[str, str]]] = {}
    for index, move in enumerate(moves):
        if groups and move.name in groups and not move.choices and not move.reason:
            if move.name not in grouped:
                grouped[move.name] = []
                made.append(MoveForm(index, move.name, groups[move.name], confirm=confirm(move)))
            grouped[move.name].append((str(index), _pick_words(move)))
            continue
        made.append(_form(index, move, fold, confirm(move)))
    return [replace(f, picks=tuple(grouped[f.name])) if f.name in grouped else f for f in made]


def _pick_words(move: Move) -> str:
    """``"crew Ana engine_room"`` -> ``"Ana engine room"``: the kind is the form's heading."""
    first, _, rest = move.label.partition(" ")
    return (rest if rest and move.name.endswith(first) else move.label).replace("_", " ")


def _form(index: int, move: Move, fold: Fold, confirm: bool) -> MoveForm:
    fields: list[Field] = []
    groups: tuple[DiceGroup, ...] = ()
    walked = move
    typed = False  # once a typed answer shapes what follows, what follows may not be asked
    while walked.choices:
        choice = walked.choices[0]
        if choice.kind == "faces":
            groups = groups or (DiceGroup(die_fields(walked.dice, choice.label)),)
            walked = replace(walked, choices=walked.choices[1:])
            continue
        shown = _field(walked, choice)
        fields.append(replace(shown, optional=True) if typed else shown)
        typed = typed or choice.kind != "one"
        if choice.kind == "one" and not groups:
            groups = _dice_by_value(walked, choice, fold)
        try:
            walked = fold(walked, choice, _first(walked, choice))
        except GmtoolError:
            break  # the rest is asked once this answer is typed: the rules refuse it then
    if not groups and walked.dice and not walked.choices:
        groups = (DiceGroup(die_fields(walked.dice, "")),)
    return MoveForm(
        index=index,
        name=move.name,
        label=move.label,
        reason=move.reason,
        fields=tuple(fields),
        dice=tuple(group for group in groups if group.dice),
        confirm=confirm,
    )


def _field(move: Move, choice: Choice) -> Field:
    name = f"k.{choice.key}"
    if choice.kind == "one":
        shown = choice.shown()
        options = tuple((str(i), shown[i]) for i in range(len(shown)))
        preset = "0" if len(options) == 1 else ""
        return Field(name, choice.label, "one", options, choice.optional, preset)
    offered = move.action.get(choice.key)
    preset = "" if offered is None or isinstance(offered, list | dict) else str(offered)
    return Field(name, choice.label, choice.kind, optional=choice.optional, preset=preset)


def _first(move: Move, choice: Choice) -> Any:
    if choice.kind == "one":
        return choice.values[0] if choice.values else None
    offered = move.action.get(choice.key)
    if choice.kind == "number":
        return offered
    return "" if offered is None else offered


def _dice_by_value(move: Move, choice: Choice, fold: Fold) -> tuple[DiceGroup, ...]:
    """When the dice a move rolls hang on this choice (a weapon's damage, the block die of
    the enemy attacked), a group of die fields for each of its values; else none (the walk
    finds the dice further on)."""
    values = choice.values or ()
    if len(values) < 2 or len(values) > MOST_VALUES:
        return ()
    found: list[tuple[int, tuple[str, ...], str]] = []
    for index, value in enumerate(values):
        try:
            after = fold(move, choice, value)
        except GmtoolError:
            return ()
        label = next((c.label for c in after.choices if c.kind == "faces"), "")
        found.append((index, after.dice, label))
    if len({(dice, label) for _, dice, label in found}) < 2:
        return ()  # the same dice, said the same way, whatever is chosen
    return tuple(
        DiceGroup(die_fields(dice, label), when=(f"k.{choice.key}", str(index)))
        for index, dice, label in found
    )


def die_fields(dice: Sequence[str], label: str) -> tuple[DieField, ...]:
    """One field a die of ``dice`` (``["1d10", "2d6"]``), named by whose die it is where
    ``label`` says so (``"Ana's damage d10, then Bo's block d6"``)."""
    parts = [part.strip() for part in label.split(", then ")] if label else []
    found: list[DieField] = []
    for number, expression in enumerate(dice):
        said = parts[number] if len(parts) == len(dice) else ""
        for count, sides in DIE.findall(expression):
            many = int(count or 1)
            for one in range(many):
                words = said or f"d{sides}"
                if many > 1:
                    words += f" (die {one + 1} of {many})"
                found.append(DieField(f"die{len(found) + 1}", words, int(sides)))
    return tuple(found[:MOST_DICE])


# -- reading a posted form --------------------------------------------------------------
@dataclass(frozen=True)
class Posted:
    """A posted form made into the move's action and the faces typed (None: roll)."""

    move: Move
    faces: list[int] | None

    @property
    def action(self) -> dict[str, Any]:
        return dict(self.move.action)


def posted(moves: Sequence[Move], fold: Fold, form: Form) -> Posted:
    """The move the form names, its choices answered from the form in order."""
    move = _named(moves, form)
    if move.reason:
        raise UsageError(f"{move.label}: {move.reason}")
    faces: list[int] | None = None
    while move.choices:
        choice = move.choices[0]
        if choice.kind == "faces":
            faces = typed_faces(form, _count(move.dice), fewer=True)
            move = replace(move, choices=move.choices[1:])
            continue
        move = fold(move, choice, _answer(choice, form.get(f"k.{choice.key}", "").strip()))
    if move.reason:
        raise UsageError(move.reason)
    if faces is None and move.dice:
        faces = typed_faces(form, _count(move.dice), fewer=True)
    return Posted(move, faces)


def _named(moves: Sequence[Move], form: Form) -> Move:
    pick = form.get("pick", "").strip()
    name = form.get("move", "").strip()
    if pick.isdigit() and int(pick) < len(moves) and moves[int(pick)].name == name:
        return moves[int(pick)]
    raise UsageError(
        "that move is not open to you now", hint="the screen has been redrawn: choose again"
    )


def _answer(choice: Choice, text: str) -> Any:
    if choice.kind == "one":
        values = choice.values or ()
        if text.isdigit() and int(text) < len(values):
            return values[int(text)]
        if choice.optional and not text:
            return None
        raise UsageError(f"choose: {choice.label}", hint="pick one from the list")
    if choice.kind == "number":
        if not text:
            if choice.optional:
                return None
            raise UsageError(f"fill in: {choice.label}", hint="a whole number")
        if not re.fullmatch(r"[+-]?\d{1,6}", text):
            raise UsageError(f"'{text}' is not a whole number", hint=choice.label)
        return int(text)
    if not text and not choice.optional:
        raise UsageError(f"fill in: {choice.label}")
    return text


def _count(dice: Sequence[str]) -> int:
    return sum(int(count or 1) for expression in dice for count, _ in DIE.findall(expression))


def typed_faces(form: Form, expected: int, *, fewer: bool = False) -> list[int] | None:
    """The faces typed one a field (``die1``...), or None when every field is blank.
    ``fewer``: the first fields may be typed alone, for a move whose later dice are rolled
    only as the first fall (an attack's damage, on a hit): the rules refuse it, through
    the dice, when a die they roll has no face."""
    typed = [form.get(f"die{n}", "").strip() for n in range(1, MOST_DICE + 1)]
    given = [text for text in typed if text]
    if not given:
        return None
    for text in given:
        if not text.isdigit():
            raise UsageError(f"'{text}' is not the face of a die", hint="type the number it shows")
    if fewer and typed[: len(given)] != given:
        raise UsageError("a die was left blank before one typed", hint="type the dice in order")
    if expected and (len(given) > expected if fewer else len(given) != expected):
        raise UsageError(
            f"{len(given)} of {expected} dice typed",
            hint="type every die, or leave them all blank to roll",
        )
    return [int(text) for text in given]
