"""A tiny seeded random generator whose whole state is one integer.

The state is saved with a campaign after every roll, so a campaign's rolls can be
reproduced from its seed. SplitMix64 is small, fast in pure Python, and good enough
for dice; Python's own Mersenne Twister would mean storing 625 numbers per roll.
"""

from __future__ import annotations

import os

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 generator. ``state`` may be saved and handed back later."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

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
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        limit = ((1 << 64) // n) * n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def face(self, sides: int) -> int:
        return self.below(sides) + 1
