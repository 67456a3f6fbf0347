"""Stacking a player's salt cards on their spots: by a named strategy or card by card.

A pile is a list of cards from the bottom up, so ``pile[-1]`` is the top card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.foodfight.rules.content import LAYOUT_NAMES
from gmtool.games.foodfight.rules.pieces import SaltCard as Card

Piles = list[list[Card]]


def lay_out(
    cards: Sequence[Card],
    plan: object,
    *,
    spots: int,
    per_spot: int,
    pick_below: Callable[[int], int],
    who: str,
) -> Piles:
    """Stack ``cards`` face down by ``plan``: a strategy name or an explicit list of piles.

    ``pick_below(n)`` picks a secret number in ``[0, n)`` for the ``shuffled`` strategy.
    """
    if isinstance(plan, str):
        return _by_strategy(cards, plan, spots, per_spot, pick_below)
    if isinstance(plan, list):
        return _explicit(cards, plan, spots, per_spot, who)
    raise UsageError(
        f"the layout for {who} is neither a strategy nor a list of piles",
        hint=f"use one of {', '.join(LAYOUT_NAMES)}, or {spots} lists of {per_spot} cards",
    )


def is_fixed(plan: object) -> bool:
    """Whether ``plan`` is a strategy that stacks a deck the same way every time."""
    return isinstance(plan, str) and plan in LAYOUT_NAMES and plan != "shuffled"


def _by_strategy(
    cards: Sequence[Card],
    strategy: str,
    spots: int,
    per_spot: int,
    pick_below: Callable[[int], int],
) -> Piles:
    if strategy not in LAYOUT_NAMES:
        raise unknown("layout", strategy, LAYOUT_NAMES)
    ordered = sorted(cards, key=lambda card: (card.salt, card.id))
    if strategy == "weakest_on_top":
        ordered.reverse()
    elif strategy == "shuffled":
        ordered = _shuffle(list(cards), pick_below)
    piles: Piles = [[] for _ in range(spots)]
    for level in range(per_spot):
        layer = ordered[level * spots : (level + 1) * spots]
        if level % 2 == 1 and strategy != "shuffled":
            # Snake the layers so pile 1 pairs the strongest top with the weakest bottom:
            # every tower then holds about the same salt.
            layer.reverse()
        for pile, card in zip(piles, layer, strict=True):
            pile.append(_face_down(card))
    return piles


def _shuffle(cards: list[Card], pick_below: Callable[[int], int]) -> list[Card]:
    for last in range(len(cards) - 1, 0, -1):
        pick = pick_below(last + 1)
        cards[last], cards[pick] = cards[pick], cards[last]
    return cards


def _explicit(cards: Sequence[Card], plan: list[Any], spots: int, per_spot: int, who: str) -> Piles:
    rule = f"a layout stacks {per_spot} cards on each of {spots} spots"
    if len(plan) != spots:
        piles_word = "pile" if len(plan) == 1 else "piles"
        raise RulesError(f"{who}'s layout has {len(plan)} {piles_word}: {rule}")
    by_name: dict[str, Card] = {}
    for card in cards:
        by_name[card.id.casefold()] = card
        by_name[card.food.casefold()] = card
    piles: Piles = []
    used: set[str] = set()
    for number, names in enumerate(plan, start=1):
        if not isinstance(names, list) or len(names) != per_spot:
            size = len(names) if isinstance(names, list) else 1
            cards_word = "card" if size == 1 else "cards"
            raise RulesError(f"{who}'s pile {number} has {size} {cards_word}: {rule}")
        pile: list[Card] = []
        for name in names:
            found = by_name.get(str(name).strip().casefold())
            if found is None:
                raise unknown(f"card in {who}'s deck", str(name), [c.id for c in cards])
            card = found
            if card.id in used:
                raise RulesError(f"{who}'s layout uses {card.food} ({card.id}) twice: {rule}")
            used.add(card.id)
            pile.append(_face_down(card))
        piles.append(pile)
    return piles


def _face_down(card: Card) -> Card:
    return Card(card.id, card.food, card.salt, False)
