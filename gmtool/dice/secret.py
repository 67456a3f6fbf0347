"""Secret picks: which card a shuffled deck gives, without a die in the public log.

A game with hidden cards keeps its own generator in its state (``state["secret_rng"]``),
seeded from the campaign's dice when the game starts. The log is read by the whole table,
and a logged die would tell which card it picked; the generator lives in the state, so
undo and redo pick the same cards again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gmtool.dice.door import DiceDoor
from gmtool.dice.rng import Rng

SEED_DICE = "4d10000"
"""Rolled once when a game starts (which logs nothing) to seed its secret generator."""


def secret_seed(dice: DiceDoor) -> int:
    """A seed for a new game's secret generator, from the campaign's dice."""
    seed = 0
    for face in dice.roll(SEED_DICE, label="secret seed").faces:
        seed = seed * 10_000 + face - 1
    return seed


def secret_below(state: dict[str, Any], count: int) -> int:
    """A secret whole number in ``[0, count)`` from the game's own generator."""
    if "secret_rng" not in state:
        # A game started before it had a generator: seed one from the state itself, whose
        # hidden cards the players do not know.
        digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).digest()
        state["secret_rng"] = int.from_bytes(digest[:8], "big")
    rng = Rng(state["secret_rng"])
    value = rng.below(count)
    state["secret_rng"] = rng.state
    return value
