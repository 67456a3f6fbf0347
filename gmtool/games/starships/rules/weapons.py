"""A weapon's dice: which expressions qualify and the lowest and highest total they make.

Kept apart from ``damage`` so that the content checks (which need the range to validate a
stat block) and the damage rules (which need the content) do not import each other.
"""

from __future__ import annotations

from functools import lru_cache

from gmtool.dice import parse
from gmtool.dice.notation import DiceTerm
from gmtool.errors import DiceError


@lru_cache(maxsize=256)
def weapon_range(dice: str) -> tuple[int, int]:
    """The lowest and highest total of a weapon's dice; only plain ``NdM`` sums qualify."""
    expression = parse(dice)
    low = high = 0
    for sign, term in zip(expression.signs, expression.terms, strict=True):
        if isinstance(term, DiceTerm):
            if term.keep is not None or term.explode or term.reroll_below is not None:
                raise DiceError(
                    f"weapon dice '{dice}' keep, explode or reroll",
                    hint="weapons roll plain dice such as 1d8 or 2d6+1",
                )
            least, most = term.count, term.count * term.sides
        else:
            least = most = term.value
        low, high = (low + least, high + most) if sign > 0 else (low - most, high - least)
    return low, high
