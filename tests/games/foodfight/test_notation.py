"""Piles, targets and Fortune plays as written on the command line; fuzzed actions."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.dice import DiceDoor
from gmtool.errors import GmtoolError, UsageError
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules.notation import (
    fortune_plays,
    parse_pile,
    pile_fields,
    target_fields,
)

from .helpers import content, deal, give


def test_piles_and_targets() -> None:
    assert parse_pile("3") == (3, None) and parse_pile(" 3.1 ") == (3, 1)
    assert pile_fields("3") == {"pile": 3} and pile_fields("3.1") == {"pile": 3, "card": 1}
    assert target_fields("Bo:5") == {"target": "Bo", "target_pile": 5}
    assert target_fields("Mary Jo:5.2") == {"target": "Mary Jo", "target_pile": 5, "target_card": 2}
    for bad in ("", "x", "3.", "3.x", "-1"):
        with pytest.raises(UsageError, match="is not a pile"):
            parse_pile(bad)
    for bad in ("Bo", ":3", "Bo-3"):
        with pytest.raises(UsageError, match="does not name a player's pile"):
            target_fields(bad)
    with pytest.raises(UsageError, match="'' is not a pile"):
        target_fields("Bo:")


def test_fortune_sides_pair_in_order_attacker_first() -> None:
    assert fortune_plays(["f01"], ["f02"], ["theirs", "mine"], []) == [
        {"by": "attacker", "id": "f01", "on": "theirs"},
        {"by": "defender", "id": "f02", "on": "mine"},
    ]
    assert fortune_plays([], ["f02"], ["theirs"], []) == [
        {"by": "defender", "id": "f02", "on": "theirs"}
    ]
    assert fortune_plays(["f01:theirs"], ["f02"], [], ["theirs"])[1]["on"] == "theirs"
    assert fortune_plays(["f01"], [], [], []) == [{"by": "attacker", "id": "f01", "on": "mine"}]
    with pytest.raises(UsageError, match="more --on values than Fortunes"):
        fortune_plays(["f01"], [], ["mine", "theirs"], [])
    with pytest.raises(UsageError, match="'left' is not a card"):
        fortune_plays(["f01:left"], [], [], [])


values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 12),
    st.sampled_from(["Bo", "Ana", "Zed", "", "3", "mine"]),
)
fortune = st.fixed_dictionaries(
    {},
    optional={
        "by": st.sampled_from(["attacker", "defender", "x"]),
        "id": st.sampled_from(["f01", "f02", "f03", "f99"]),
        "on": st.sampled_from(["mine", "theirs", "up"]),
    },
)
action = st.fixed_dictionaries(
    {"type": st.sampled_from(["attack", "discard", "layout", "pass"])},
    optional={
        "pile": values,
        "card": values,
        "target": values,
        "target_pile": values,
        "target_card": values,
        "player": values,
        "fortunes": st.one_of(st.none(), st.lists(fortune, max_size=3), st.just("f01")),
        "strategy": st.sampled_from(["shuffled", "tallest", 3]),
        "piles": st.one_of(
            st.just([]), st.lists(st.lists(st.sampled_from(["y01", "y02"])), max_size=2)
        ),
    },
)


@settings(max_examples=300, deadline=None)
@given(action)
def test_any_action_applies_or_is_refused_without_change(action: dict[str, object]) -> None:
    state = deal()
    give(state, "Ana", "f01")
    give(state, "Bo", "f02")
    before = copy.deepcopy(state)
    try:
        SYSTEM.apply(state, action, DiceDoor.entered_faces(), content())
    except GmtoolError as error:
        assert state == before and "\n" not in error.line()
