"""How piles and Fortunes are written on the command line.

``3`` is the top card of pile 3; ``3.1`` names card 1 (the bottom card) of pile 3, so a
move on a covered card can be named and refused. ``Bo:5`` is the top card of Bo's pile 5.
A Fortune is ``ID`` or ``ID:mine`` / ``ID:theirs`` (the card it is played on).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmtool.errors import UsageError
from gmtool.games.foodfight.rules.battle import SIDES


def parse_pile(text: str) -> tuple[int, int | None]:
    """``"3"`` -> ``(3, None)``; ``"3.1"`` -> ``(3, 1)``."""
    pile, dot, card = text.strip().partition(".")
    if not pile.isdigit() or (dot and not card.isdigit()):
        raise UsageError(f"'{text}' is not a pile", hint="write a pile as 3, or 3.1 for its card 1")
    return int(pile), int(card) if dot else None


def pile_fields(text: str, *, role: str = "") -> dict[str, int]:
    """A pile as an action's fields: ``"3.1"`` -> ``{"pile": 3, "card": 1}``; with
    ``role="target"``, ``{"target_pile": 3, "target_card": 1}``."""
    prefix = f"{role}_" if role else ""
    number, card = parse_pile(text)
    fields = {f"{prefix}pile": number}
    if card is not None:
        fields[f"{prefix}card"] = card
    return fields


def target_fields(text: str) -> dict[str, Any]:
    """``"Bo:5.2"`` -> ``{"target": "Bo", "target_pile": 5, "target_card": 2}``."""
    name, colon, pile = text.rpartition(":")
    if not colon or not name.strip():
        raise UsageError(
            f"'{text}' does not name a player's pile", hint="write it as PLAYER:PILE, e.g. Bo:5"
        )
    return {"target": name.strip(), **pile_fields(pile, role="target")}


def fortune_plays(
    mine: Sequence[str], defender: Sequence[str], on: Sequence[str], defender_on: Sequence[str]
) -> list[dict[str, Any]]:
    """The battle's Fortune plays from ``--fortune``/``--defender-fortune`` and their sides.

    A side comes from an ``ID:side`` suffix, else from ``--on`` values in order (the
    attacker's Fortunes first, then the defender's), else ``--defender-on``; default mine.
    """
    sides = [_side(text) for text in on]
    defender_sides = [_side(text) for text in defender_on]
    plays: list[dict[str, Any]] = []
    for by, given in (("attacker", mine), ("defender", defender)):
        for text in given:
            fid, colon, side = text.partition(":")
            if colon:
                chosen = _side(side)
            elif by == "defender" and defender_sides:
                chosen = defender_sides.pop(0)
            elif sides:
                chosen = sides.pop(0)
            else:
                chosen = "mine"
            plays.append({"by": by, "id": fid.strip(), "on": chosen})
    if sides or defender_sides:
        raise UsageError("more --on values than Fortunes", hint="give one --on per Fortune")
    return plays


def _side(text: str) -> str:
    side = text.strip().lower()
    if side not in SIDES:
        raise UsageError(f"'{text}' is not a card for a Fortune", hint="use mine or theirs")
    return side
