"""Rolling a parse tree: one function turns drawn faces into a total and a die list.

Faces come from a ``Draw`` (a seeded generator or faces entered from physical dice), so
virtual and entered rolls go through exactly the same code.
"""

from __future__ import annotations

from collections.abc import Callable

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


def _roll_term(term: DiceTerm, draw: Draw, drawn_before: int) -> tuple[int, list[Die]]:
    if term.keep is None and term.reroll_below is None and not term.explode:
        # Plain dice (2d6): every die stands and counts; the chains below would say the same.
        sides = term.sides
        faces = [draw(sides) for _ in range(term.count)]
        return sum(faces), [Die(sides, face) for face in faces]
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
