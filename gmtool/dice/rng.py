"""A tiny seeded random generator whose whole state is one integer.

The state is saved with a campaign after every roll, so a campaign's rolls can be
reproduced from its seed. SplitMix64 is small, fast in pure Python, and good enough
for dice; Python's own Mersenne Twister would mean storing 625 numbers per roll.
"""

from __future__ import annotations

import os
from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

_limits: Final[dict[int, int]] = {}
"""``below``'s rejection limit for each bound asked so far (a simulator asks the same few
bounds hundreds of thousands of times)."""


def rejection_limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: a 64-bit draw at or past it is drawn
    again, so that ``draw % n`` favours no value."""
    limit = _limits.get(n)
    if limit is None:
        limit = _limits[n] = ((1 << 64) // n) * n
    return limit


class Rng:
    """A SplitMix64 generator. ``state`` may be saved and handed back later."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK
        """The generator's state, to save and hand back later."""

    @classmethod
    def from_seed(cls, seed: int | None) -> Rng:
        """A generator seeded from ``seed``, or from the OS when no seed is given."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        return cls(seed)

    @classmethod
    def after(cls, seed: int, draws: int) -> Rng:
        """The generator seeded with ``seed`` as it stands after ``draws`` draws, reached
        at once: SplitMix64's state only ever adds the same step."""
        return cls(seed + draws * _GOLDEN)

    def next64(self) -> int:
        """The next 64-bit output: a draw below 2**64, which nothing is past."""
        return self.below(1 << 64)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias: SplitMix64's next output
        modulo ``n``, an output past the rejection limit drawn again.

        SplitMix64's step and mix are written out here, their constants as literals
        (``_GOLDEN``, then its two multipliers, and 2**64 - 1 for the mask), because
        simulators ask for tens of millions of these (the tests hold them to the
        published formula)."""
        limit = _limits.get(n) or rejection_limit(n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def face(self, sides: int) -> int:
        return self.below(sides) + 1
