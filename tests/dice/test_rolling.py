"""Rolling and entering faces: keep/drop, explosions, rerolls, and the face checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.dice import DiceDoor, Rng, parse_faces, parse_faces_by
from gmtool.errors import DiceError


def entered(expression: str, *faces: int):  # type: ignore[no-untyped-def]
    door = DiceDoor.entered_faces(*faces)
    roll = door.roll(expression)
    door.finish()
    return roll


def test_keep_highest_drops_the_lowest_die() -> None:
    roll = entered("4d6kh3", 1, 5, 3, 6)
    assert roll.total == 14
    assert [d.kept for d in roll.dice] == [False, True, True, True]


def test_keep_lowest_and_drops() -> None:
    assert entered("2d20kl1", 15, 4).total == 4
    assert entered("4d6dl", 2, 2, 6, 5).total == 13
    assert entered("4d6dh", 2, 2, 6, 5).total == 9
    assert entered("dis", 20, 7).total == 7
    assert entered("adv + 2", 3, 17).total == 19


def test_exploding_die_adds_dice_in_order() -> None:
    roll = entered("d6!", 6, 6, 2)
    assert roll.total == 14
    assert [d.exploded for d in roll.dice] == [True, True, False]


def test_explosion_counts_toward_keep_as_one_chain() -> None:
    roll = entered("2d6!kh1", 6, 1, 3)  # chain 6+1=7 vs 3
    assert roll.total == 7
    assert [d.kept for d in roll.dice] == [True, True, False]


def test_reroll_below_replaces_low_faces() -> None:
    roll = entered("d6r<3", 1, 2, 5)
    assert roll.total == 5
    assert [d.rerolled for d in roll.dice] == [True, True, False]
    assert [d.kept for d in roll.dice] == [False, False, True]


def test_percentile_and_constants() -> None:
    assert entered("d%", 100).total == 100
    assert entered("1d4 - 2", 1).total == -1


def test_face_out_of_range_names_the_die() -> None:
    with pytest.raises(DiceError, match="the 1st face, 9, is not on a d8"):
        entered("1d8", 9)
    with pytest.raises(DiceError, match="the 2nd face, 0, is not on a d6"):
        entered("2d6", 3, 0)


def test_too_few_faces_says_what_is_needed() -> None:
    with pytest.raises(DiceError, match="not enough faces"):
        entered("3d6", 1, 2)
    with pytest.raises(DiceError, match="needs another d6"):
        entered("d6!", 6)


def test_too_many_faces_says_how_many_were_used() -> None:
    with pytest.raises(DiceError, match="took 2 and 1 were left over") as info:
        entered("2d6", 1, 2, 3)
    assert "enter exactly 2 faces" in info.value.line()


def test_faces_by_roller() -> None:
    door = DiceDoor(Rng(5), entered_by={"Ana": [6, 6]})
    assert door.roll("2d6", who="Ana").source == "entered"
    assert door.roll("2d6", who="Bo").source == "rolled"
    door.finish()
    idle = DiceDoor(Rng(5), entered_by={"Cy": [1, 1]})
    idle.roll("2d6", who="Ana")
    with pytest.raises(DiceError, match="Cy, who rolls nothing"):
        idle.finish()


def test_parsing_entered_faces() -> None:
    assert parse_faces("4, 6,1") == [4, 6, 1]
    assert parse_faces_by(["Ana=3,4"]) == {"Ana": [3, 4]}
    with pytest.raises(DiceError, match="'x'"):
        parse_faces("4,x")
    with pytest.raises(DiceError, match="does not name who"):
        parse_faces_by(["3,4"])


def test_generator_is_uniform_enough_and_reproducible() -> None:
    rng = Rng(2024)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.face(6) - 1] += 1
    assert all(900 < c < 1100 for c in counts)
    assert [Rng(7).face(20) for _ in range(3)] == [Rng(7).face(20) for _ in range(3)]


def test_a_generator_can_start_any_number_of_draws_in() -> None:
    walked = Rng(2024)
    for _ in range(5):
        walked.next64()
    jumped = Rng.after(2024, 5)
    assert jumped.state == walked.state
    assert [jumped.next64() for _ in range(3)] == [walked.next64() for _ in range(3)]
    assert Rng.after(2024, 0).state == Rng(2024).state


@pytest.mark.parametrize("text", ["²,3", "--3,3", "3,,4", "٣,3", "+3"])
def test_entered_faces_are_plain_whole_numbers(text: str) -> None:
    # An empty place between commas, other digits and signs are refused.
    with pytest.raises(DiceError, match="not a whole number"):
        parse_faces(text)


def test_entered_faces_allow_any_spacing_around_commas() -> None:
    assert parse_faces(" 3 ,\t4 ,5\n") == [3, 4, 5]
    assert parse_faces("-2") == [-2]  # refused later, naming the die


def test_faces_by_roller_match_the_name_whatever_its_case() -> None:
    # Names are matched regardless of case everywhere else ("--by larlen" is Larlen).
    door = DiceDoor(Rng(5), entered_by={"larlen": [8, 9]})
    roll = door.roll("2d10", who="Larlen")
    assert roll.source == "entered" and roll.faces == [8, 9]
    door.finish()


@pytest.mark.parametrize("text", ["3,2,2", "3 2 2", "3, 2, 2", "3  2,2"])
def test_faces_may_be_separated_by_commas_spaces_or_both(text: str) -> None:
    assert parse_faces(text) == [3, 2, 2]


def test_a_face_off_its_die_is_counted_in_words() -> None:
    with pytest.raises(DiceError) as info:
        entered("3d8", 4, 9, 1)
    assert info.value.line().startswith("the 2nd face, 9, is not on a d8 (rolling 3d8)")
    door = DiceDoor(entered_by={"Ana": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]})
    with pytest.raises(DiceError, match="the 11th face for Ana, 12, is not on a d10"):
        door.roll("11d10", who="Ana")


@given(
    sides=st.sampled_from([2, 6, 20, 100, 101, 1000]),
    count=st.integers(1, 5),
    seed=st.integers(0, 2**64 - 1),
)
def test_plain_dice_roll_as_the_chains_would(sides: int, count: int, seed: int) -> None:
    """Plain dice (``2d6``) are read straight from their faces; an expression with a
    constant goes through every term's chains: the dice and total come out the same."""
    plain, chained = DiceDoor(Rng(seed)), DiceDoor(Rng(seed))
    quick, slow = plain.roll(f"{count}d{sides}"), chained.roll(f"{count}d{sides} + 0")
    assert (quick.total, quick.dice, quick.source) == (slow.total, slow.dice, slow.source)
    assert plain.rng is not None and chained.rng is not None
    assert plain.rng.state == chained.rng.state
    faces = list(quick.faces)
    entered = DiceDoor.entered_faces(*faces).roll(f"{count}d{sides}")
    assert (entered.total, entered.dice, entered.source) == (quick.total, quick.dice, "entered")
