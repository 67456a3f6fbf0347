"""Rolling a parse tree: one function turns drawn faces into a total and a die list.

Faces come from a ``Draw`` (a seeded generator or faces entered from physical dice), so
virtual and entered rolls go through exactly the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from gmtool.dice.notation import MAX_DICE, DiceTerm, Expression, Keep
from gmtool.dice.rolled import Die
from gmtool.errors import DiceError

Draw = Callable[[int], int]
"""Given a die's sides, the next face for it."""


def roll_expression(expression: Expression, draw: Draw) -> tuple[int, tuple[Die, ...]]:
    """Roll every term in order; returns the total and every die drawn."""
    total = 0
    dice: list[Die] = []
    for sign, term in zip(expression.signs, expression.terms, strict=True):
        if isinstance(term, DiceTerm):
            subtotal, term_dice = _roll_term(term, draw, len(dice))
            dice.extend(term_dice)
            total += sign * subtotal
        else:
            total += sign * term.value
    return total, tuple(dice)


def plain_dice(expression: Expression) -> DiceTerm | None:
    """The expression's one term when it is plain dice and nothing else (``2d6``, not
    ``2d6+1``, ``4d6kh3`` or ``d6!``): such a roll is its faces, each standing and counting."""
    if len(expression.terms) != 1 or expression.signs[0] != 1:
        return None
    term = expression.terms[0]
    if isinstance(term, DiceTerm) and _is_plain(term):
        return term
    return None


def roll_plain(term: DiceTerm, draw: Draw) -> tuple[int, tuple[Die, ...]]:
    """Plain dice (``_is_plain``): every die stands and counts, so the faces are the roll;
    the chains of ``_roll_term`` would say the same."""
    sides = term.sides
    return plain_roll(sides, [draw(sides) for _ in range(term.count)])


def plain_roll(sides: int, faces: list[int]) -> tuple[int, tuple[Die, ...]]:
    """The total and the dice of plain dice of ``sides`` that came up ``faces``."""
    if sides > _SHARED_SIDES:
        return sum(faces), tuple([Die(sides, face) for face in faces])
    standing = _standing(sides)
    return sum(faces), tuple([standing[face] for face in faces])


_SHARED_SIDES = 100
"""Dice of up to this many sides are shared between rolls (``_standing``)."""


@lru_cache(maxsize=16)
def _standing(sides: int) -> tuple[Die, ...]:
    """Every face of a d``sides`` as a die that stands and counts, indexed by its face
    (0 is unused). Made once: a die is immutable, so every roll may share them, and making
    a named tuple costs more than drawing its face."""
    return tuple(Die(sides, face) for face in range(sides + 1))


def _is_plain(term: DiceTerm) -> bool:
    return term.keep is None and term.reroll_below is None and not term.explode


def _roll_term(
    term: DiceTerm, draw: Draw, drawn_before: int
) -> tuple[int, tuple[Die, ...] | list[Die]]:
    if _is_plain(term):
        return roll_plain(term, draw)
    # Each original die becomes a chain: rerolled faces, then the face that stands,
    # then any explosion dice. Keep/drop choose among chains by their chain value.
    chains: list[list[Die]] = []
    drawn = drawn_before
    for _ in range(term.count):
        chain: list[Die] = []
        face = draw(term.sides)
        drawn += 1
        while term.reroll_below is not None and face < term.reroll_below:
            chain.append(Die(term.sides, face, kept=False, rerolled=True))
            drawn = _count(drawn)
            face = draw(term.sides)
        while term.explode and face == term.sides:
            chain.append(Die(term.sides, face, exploded=True))
            drawn = _count(drawn)
            face = draw(term.sides)
        chain.append(Die(term.sides, face))
        chains.append(chain)
    values = [sum(d.face for d in chain if not d.rerolled) for chain in chains]
    kept = _kept_indexes(values, term.keep)
    dice: list[Die] = []
    subtotal = 0
    for index, chain in enumerate(chains):
        if index in kept:
            subtotal += values[index]
            dice.extend(chain)
        else:
            dice.extend(Die(d.sides, d.face, False, d.exploded, d.rerolled) for d in chain)
    return subtotal, dice


def _count(drawn: int) -> int:
    drawn += 1
    if drawn > MAX_DICE:
        raise DiceError(
            f"the roll needed more than {MAX_DICE} dice through explosions or rerolls",
            hint="roll fewer exploding dice",
        )
    return drawn


def _kept_indexes(values: list[int], keep: Keep | None) -> set[int]:
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    if keep is None:
        return set(order)
    n = min(keep.count, len(values))
    if keep.mode == "kh":
        return set(order[len(order) - n :])
    if keep.mode == "kl":
        return set(order[:n])
    if keep.mode == "dh":
        return set(order[: len(order) - n])
    return set(order[n:])  # "dl"
