"""Readings that follow the Originem text: NOVA length bounds, the text's mission names, and
what "completed faster" means for each class."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import UsageError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from gmtool.games.originem.rules.odds import class_odds
from tests.games.originem.helpers import Play, scene, start


def new(content: OriginemContent, **options: Any) -> dict[str, Any]:
    return SYSTEM.new_state(content, options, DiceDoor())


@pytest.mark.parametrize(("minutes", "need"), [(25, 5), (30, 5), (60, 15), (100, 28)])
def test_lengths_from_25_minutes_to_what_the_missions_can_give(
    content: OriginemContent, minutes: int, need: int
) -> None:
    # 25 minutes: the line through 30:5 and 45:10 gives 3.3, raised to the minimum of 5.
    # 100 minutes: 15 + (100 - 60) / 3 = 28.3, rounded 28: all 8 general missions (16) and
    # all 12 specialized ones (12) together give exactly 28.
    assert new(content, length=minutes)["knowledge"]["need"] == need


def test_a_game_under_25_minutes_is_refused_with_the_rule(content: OriginemContent) -> None:
    with pytest.raises(UsageError) as info:
        new(content, length=24)
    line = info.value.line()
    assert "a NOVA length of 24 minutes is under the rules' least of 25" in line
    assert "at the very least the game must be about 25 minutes long" in line
    assert "nova.minimum_length" in line


def test_a_short_test_game_when_the_campaign_lowers_the_minimum() -> None:
    quick = SYSTEM.load_content({"nova": {"minimum_length": 1}})
    state = new(quick, length=2)
    assert state["nova"]["length_seconds"] == 120 and state["knowledge"]["need"] == 5


@pytest.mark.parametrize(("options", "wanted"), [
    ({"length": 120}, "35 knowledge points (for 120 minutes)"),  # 15 + 60 / 3 = 35
    ({"length": 101}, "29 knowledge points (for 101 minutes)"),  # 28.67 rounds to 29
    ({"knowledge": 29}, "29 knowledge points,"),
])  # fmt: skip
def test_a_knowledge_target_beyond_every_mission_is_refused(
    content: OriginemContent, options: dict[str, Any], wanted: str
) -> None:
    with pytest.raises(UsageError) as info:
        new(content, **options)
    assert wanted in info.value.line()
    assert "all the missions together give 28" in info.value.line()


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("Protect Flora From Ragin Fauna", "Protect Flora From Raging Fauna"),
        ("aid civilians victims of battle", "Aid Civilian Victims of Battle"),
    ],
)
def test_the_texts_spelling_of_a_mission_is_accepted(play: Play, typed: str, title: str) -> None:
    result = play(start(typed)).result
    assert result["mission"]["name"] == title
    healed = play(scene("healing", "Remmy", mission=typed), 4).result
    assert healed["mission"] == title


def test_a_class_perfect_for_the_mission_gets_there_faster(
    state: dict[str, Any], content: OriginemContent
) -> None:
    # Exploration, three rolls by one member. Shortcut (21+, the mission ends at once):
    # 3d10 reach 21 or more in 220 of 1000 ways (as many as reach 12 or less: C(12,3)),
    # 3d8 in 20 of 512 (as many as reach 6 or less: C(6,3)), 3d6 never.
    # Lost (3-8): C(8,3) = 56 ways on each die: 56/1000, 56/512, 56/216.
    doc = class_odds(state, content, "exploration")
    chances = {
        row["class"]: {band["outcome"]: band["chance"] for band in row["outcomes"]}
        for row in doc["classes"]
    }
    assert chances["Scientist"]["shortcut"] == Fraction(220, 1000)
    assert chances["Doctor"]["shortcut"] == Fraction(20, 512)
    assert chances["Engineer"]["shortcut"] == chances["Combat Specialist"]["shortcut"] == 0
    assert chances["Scientist"]["lost"] == Fraction(56, 1000)
    assert chances["Doctor"]["lost"] == Fraction(56, 512)
    assert chances["Engineer"]["lost"] == Fraction(56, 216)


def test_class_odds_from_the_terminal(cli: Any) -> None:
    import json

    shown = cli("originem", "odds", "puzzle", "--each-class")
    assert shown.code == 0, shown.err
    assert "Engineer" in shown.out and "d10" in shown.out
    doc = json.loads(cli("originem", "odds", "puzzle", "--each-class", "--json").out)
    engineer = next(row for row in doc["classes"] if row["class"] == "Engineer")
    # Puzzle bonus (21+) on 3d10: 220 of 1000 ways.
    assert next(b for b in engineer["outcomes"] if b["outcome"] == "bonus")["fraction"] == "11/50"
    refused = cli("originem", "odds", "puzzle")
    assert refused.code == 2 and "--by NAME" in refused.err
