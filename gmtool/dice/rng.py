"""A tiny seeded random generator whose whole state is one integer.

The state is saved with a campaign after every roll, so a campaign's rolls can be
reproduced from its seed. SplitMix64 is small, fast in pure Python, and good enough
for dice; Python's own Mersenne Twister would mean storing 625 numbers per roll.
"""

from __future__ import annotations

import os
from types import FunctionType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the compiled build's machine integers; to Python, plain ints
    from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

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


_limit_words: Final[dict[int, tuple[int, int]]] = {}
"""``rejection_limit`` of each bound asked in words, as its high and low 32-bit words."""

IN_WORDS_BELOW: Final = 1 << 31
"""Bounds under which the compiled build draws in 32-bit words (``Rng._below_in_words``)."""


class Rng:
    """A SplitMix64 generator. ``state`` may be saved and handed back later."""

    __slots__ = ("_hi", "_lo", "_state")

    def __init__(self, state: int) -> None:
        self._state = state & _MASK
        """The state as one number, or -1 while the compiled build's two 32-bit words hold
        it (``_below_in_words``), which ``state`` puts back together when it is read."""
        self._hi: i64 = 0
        self._lo: i64 = 0

    @property
    def state(self) -> int:
        """The generator's state, to save and hand back later."""
        if self._state < 0:
            self._state = (int(self._hi) << 32) | int(self._lo)
        return self._state

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
        z = self._state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias: ``next64() % n``, a draw
        past the rejection limit drawn again.

        The mix of ``next64`` is written out here, its constants as literals (``_GOLDEN``,
        ``_MIX1``, ``_MIX2`` and ``_MASK``), because simulators ask for tens of millions of
        these: the call saved is a third of the time and the literals a fifth of the rest
        (the tests hold the two to the same outputs)."""
        if _COMPILED and n < IN_WORDS_BELOW:
            return self._below_in_words(n)
        limit = _limits.get(n) or rejection_limit(n)
        state = self._state
        if state < 0:
            state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self._state = state
                return z % n

    def face(self, sides: int) -> int:
        return self.below(sides) + 1

    def _below_in_words(self, n: int) -> int:
        """``below`` for a bound under ``IN_WORDS_BELOW``, the state split in two 32-bit
        words and every product in pieces under 2**63: the compiled build keeps such
        numbers in machine integers, where its 64-bit ones are slower than Python's own.
        Interpreted, it gives the same draws, three times slower (tests hold the two to
        the same outputs); only the compiled build uses it."""
        words = _limit_words.get(n)
        if words is None:
            limit = _limits.get(n) or rejection_limit(n)
            words = _limit_words[n] = (limit >> 32, limit & 0xFFFFFFFF)
        limit_hi: i64 = words[0]
        limit_lo: i64 = words[1]
        bound: i64 = n
        if self._state >= 0:  # last left as one number: split it once
            self._hi = self._state >> 32
            self._lo = self._state & 0xFFFFFFFF
            self._state = -1
        hi = self._hi
        lo = self._lo
        while True:
            lo += 0x7F4A7C15  # the state steps on by _GOLDEN, 0x9E3779B9_7F4A7C15
            hi = (hi + 0x9E3779B9 + (lo >> 32)) & 0xFFFFFFFF
            lo &= 0xFFFFFFFF
            z_hi: i64 = hi ^ (hi >> 30)
            z_lo: i64 = lo ^ (((hi << 2) & 0xFFFFFFFF) | (lo >> 30))
            z_hi, z_lo = _times(z_hi, z_lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)  # _MIX1
            z_lo ^= ((z_hi << 5) & 0xFFFFFFFF) | (z_lo >> 27)
            z_hi ^= z_hi >> 27
            z_hi, z_lo = _times(z_hi, z_lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)  # _MIX2
            z_lo ^= ((z_hi << 1) & 0xFFFFFFFF) | (z_lo >> 31)
            z_hi ^= z_hi >> 31
            if z_hi < limit_hi or (z_hi == limit_hi and z_lo < limit_lo):
                self._hi = hi
                self._lo = lo
                return int(((z_hi % bound) * ((1 << 32) % bound) + z_lo) % bound)


def _times(high: i64, low: i64, a: i64, b: i64, c: i64, d: i64) -> tuple[i64, i64]:
    """The 64-bit number ``high:low`` (two 32-bit words) times the constant whose four
    16-bit pieces are ``a:b:c:d``, modulo 2**64, as two 32-bit words."""
    by_d: i64 = low * d
    by_c: i64 = low * c
    under: i64 = by_d + ((by_c & 0xFFFF) << 16)
    over: i64 = (under >> 32) + (by_c >> 16)
    over += high * d + (((high * c) & 0xFFFF) << 16) + low * b + (((low * a) & 0xFFFF) << 16)
    return over & 0xFFFFFFFF, under & 0xFFFFFFFF


_COMPILED: Final = not isinstance(rejection_limit, FunctionType)
"""Whether this module runs compiled (its functions are then built-in functions)."""
