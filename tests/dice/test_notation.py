"""Dice notation: parsing, canonical printing, limits and errors that point at the column."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.dice import DiceDoor, Rng, parse
from gmtool.dice.notation import MAX_DICE, DiceTerm, Keep
from gmtool.errors import DiceError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d20", "1d20"),
        ("2d6+3", "2d6 + 3"),
        ("4d6kh3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("4d6dl", "4d6dl1"),
        ("4d6dh", "4d6dh1"),
        ("4d6k3", "4d6kh3"),
        ("d%", "1d100"),
        ("d6!", "1d6!"),
        ("d6r<2", "1d6r<2"),
        ("adv", "2d20kh1"),
        ("dis + 5", "2d20kl1 + 5"),
        ("-1d4 + 2d8 - 3", "-1d4 + 2d8 - 3"),
        ("  3D6 ", "3d6"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical
    assert parse(str(parse(text))) == parse(text)


@pytest.mark.parametrize(
    ("text", "column"),
    [("2d", 3), ("d6x", 3), ("2d6+", 5), ("3d0", 4), ("d1!", 3), ("2d6 ++ 1", 6), ("x", 1)],
)
def test_syntax_errors_name_the_column(text: str, column: int) -> None:
    with pytest.raises(DiceError, match=f"column {column} "):
        parse(text)


def test_too_many_dice_is_an_error_not_a_hang() -> None:
    with pytest.raises(DiceError, match="limit is 1000"):
        parse("1000000d6")
    with pytest.raises(DiceError, match="limit"):
        parse(f"{MAX_DICE}d6 + 1d6")


def test_reroll_threshold_above_every_face_is_refused() -> None:
    with pytest.raises(DiceError, match="every face"):
        parse("d6r<7")


# A strategy shaped like the grammar: every expression it builds is valid.
dice_terms = st.builds(
    lambda count, sides, keep, explode, reroll: (
        f"{count}d{sides}"
        + (f"r<{min(reroll, sides)}" if reroll else "")
        + ("!" if explode and sides > 1 else "")
        + (f"{keep[0]}{keep[1]}" if keep else "")
    ),
    st.integers(1, 6),
    st.integers(1, 20),
    st.one_of(st.none(), st.tuples(st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 6))),
    st.booleans(),
    st.one_of(st.none(), st.integers(2, 3)),
)
terms = st.one_of(dice_terms, st.integers(0, 50).map(str), st.sampled_from(["adv", "dis", "d%"]))
expressions = st.lists(st.tuples(st.sampled_from(["+", "-"]), terms), min_size=1, max_size=4).map(
    lambda parts: " ".join(f"{sign} {term}" if i else term for i, (sign, term) in enumerate(parts))
)


@given(expressions)
def test_parse_print_parse_round_trips(text: str) -> None:
    tree = parse(text)
    assert parse(str(tree)) == tree


@given(expressions, st.integers(0, 2**64 - 1))
def test_every_valid_expression_rolls_within_its_bounds(text: str, seed: int) -> None:
    tree = parse(text)
    roll = DiceDoor(Rng(seed)).roll(text)
    low, high = 0, 0
    for sign, term in zip(tree.signs, tree.terms, strict=True):
        if isinstance(term, DiceTerm):
            kept = term.kept_count
            least = kept * (term.reroll_below or 1) if term.reroll_below else kept
            most = kept * term.sides
            if term.explode:
                most = 10**9  # unbounded above
            low, high = (low + least, high + most) if sign > 0 else (low - most, high - least)
        else:
            low, high = low + sign * term.value, high + sign * term.value
    assert low <= roll.total <= high
    assert sum(1 for d in roll.dice if d.kept and not d.rerolled) >= 0
    # Entering the same faces gives the same roll.
    again = DiceDoor.entered_faces(*roll.faces).roll(text)
    assert again.total == roll.total and again.dice == roll.dice


@given(st.text(max_size=12))
def test_any_text_parses_or_raises_a_dice_error(text: str) -> None:
    try:
        parse(text)
    except DiceError as error:
        assert error.line()


def test_keep_counts() -> None:
    assert DiceTerm(4, 6, Keep("kh", 3)).kept_count == 3
    assert DiceTerm(4, 6, Keep("dl", 1)).kept_count == 3
    assert DiceTerm(2, 6, Keep("kh", 5)).kept_count == 2
