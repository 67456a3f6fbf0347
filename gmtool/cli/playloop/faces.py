"""Faces typed at a play loop's faces prompt: blank rolls, otherwise one number per die."""

from __future__ import annotations


def faces_or_roll(text: str) -> list[int] | None:
    """``"3 2 2"``, ``"3,2,2"`` or ``"3, 2, 2"`` -> ``[3, 2, 2]``; blank -> None (roll).

    Raises DiceError naming the item that is not a whole number; whether each face fits
    its die is checked when the rules roll.
    """
    from gmtool.dice import parse_faces

    return parse_faces(text) if text.strip() else None


def dice_list(parts: list[str]) -> str:
    """``["Ana's attack d10", "Bo's block d8"]`` -> "Ana's attack d10, then Bo's block d8"."""
    return ", then ".join(parts)
