"""The generator's ``below`` gives exactly what the plain SplitMix64 formula gives."""

from __future__ import annotations

import pytest

from gmtool.dice import Rng

MASK = (1 << 64) - 1


def plain_next64(state: int) -> tuple[int, int]:
    """SplitMix64 as published: the next state and its 64-bit output."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def plain_below(state: int, n: int) -> tuple[int, int, int]:
    """A draw in ``[0, n)`` by rejection, the draws it took, and the state after it."""
    limit = ((1 << 64) // n) * n
    draws = 0
    while True:
        state, value = plain_next64(state)
        draws += 1
        if value < limit:
            return value % n, draws, state


BOUNDS = [1, 2, 3, 6, 7, 16, 18, 20, 100, 10_000, 2**32 + 1, 2**62 + 3, 2**63 + 1, 2**64 - 1, 2**64]
"""Small bounds (a die, a pile, a deck) and huge ones: past 2**63, nearly half the draws
are past the rejection limit and are drawn again."""


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**63, MASK, 0x5DEECE66D])
def test_below_matches_the_plain_formula_draw_by_draw(seed: int) -> None:
    fast, state, rejected = Rng(seed), seed, 0
    for step in range(3000):
        n = BOUNDS[(step * 7 + seed) % len(BOUNDS)]
        value, draws, state = plain_below(state, n)
        rejected += draws - 1
        assert fast.below(n) == value
        assert fast.state == state
    assert rejected > 50  # the huge bounds did make it draw again


def test_next64_and_face_match_the_plain_formula() -> None:
    rng, state = Rng(99), 99
    for _ in range(500):
        state, value = plain_next64(state)
        assert rng.next64() == value and rng.state == state
    for sides in (4, 6, 20):
        value, _, state = plain_below(state, sides)
        assert rng.face(sides) == value + 1


def test_a_rejected_draw_is_drawn_again() -> None:
    # Find a state whose first draw lands past the limit for 2**63 + 1: ``below`` skips it.
    n = 2**63 + 1
    seed = next(s for s in range(1000) if plain_next64(s)[1] >= n)
    assert Rng(seed).below(n) == plain_below(plain_next64(seed)[0], n)[0]
    assert plain_below(seed, n)[1] >= 2


def seed_drawing(value: int) -> int:
    """The state whose next 64-bit draw is ``value``: SplitMix64's mix run backwards."""

    def unshift(z: int, k: int) -> int:  # undo z ^= z >> k
        x = z
        for _ in range(64 // k + 1):
            x = z ^ (x >> k)
        return x

    z = unshift(value, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


@pytest.mark.parametrize("n", [3, 7, 10_000, 2**31 - 1, 2**63 + 1])
def test_a_draw_at_the_rejection_limit_is_drawn_again(n: int) -> None:
    limit = ((1 << 64) // n) * n
    for value, kept in ((limit - 1, True), (limit, False), (MASK, False)):
        seed = seed_drawing(value)
        assert plain_next64(seed)[1] == value
        draw, draws, after = plain_below(seed, n)
        assert (draws == 1) == kept
        rng = Rng(seed)
        assert rng.below(n) == draw and rng.state == after
