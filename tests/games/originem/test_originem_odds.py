"""Exact odds of each outcome band, checked against counting every combination of faces."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from gmtool.errors import UsageError
from gmtool.games.originem.rules.models import OriginemContent
from gmtool.games.originem.rules.odds import scene_odds
from gmtool.games.originem.rules.scenes import band_for

CASES = [
    ("exploration", ["Larlen", "Pierre", "Remmy"], 0),
    ("exploration", ["Larlen"], 0),
    ("puzzle", ["Delilah", "Delilah", "Larlen"], 1),
    ("general", ["Pierre"], 0),
    ("runaway", ["Larlen"], 1),
    ("healing", ["Remmy"], 0),
]


def brute_force(
    content: OriginemContent, kind: str, dice: list[int], bonus: int
) -> dict[str, Fraction]:
    table = content.scenes[kind]
    counts: Counter[str] = Counter()
    outcomes = list(itertools.product(*(range(1, sides + 1) for sides in dice)))
    for faces in outcomes:
        counts[band_for(kind, table, sum(faces) + bonus, content.rulings)[0]] += 1
    return {band: Fraction(counts[band], len(outcomes)) for band in table.bands}


@pytest.mark.parametrize(("kind", "by", "bonus"), CASES)
def test_odds_are_exact(
    content: OriginemContent, state: dict[str, Any], kind: str, by: list[str], bonus: int
) -> None:
    odds = scene_odds(state, content, kind, by, bonus=bonus)
    dice = [int(roll["die"][1:]) for roll in odds["rolls"]]
    exact = {band["outcome"]: band["chance"] for band in odds["outcomes"]}
    assert exact == brute_force(content, kind, dice, bonus)
    assert sum(exact.values()) == 1


def test_known_values(content: OriginemContent, state: dict[str, Any]) -> None:
    odds = scene_odds(state, content, "exploration", ["Larlen"])
    chances = {band["outcome"]: band["chance"] for band in odds["outcomes"]}
    assert chances["shortcut"] == Fraction(220, 1000)  # 3d10 totalling 21 or more
    runaway = scene_odds(state, content, "runaway", ["Pierre"])
    assert [band["chance"] for band in runaway["outcomes"]] == [1, 0]


def test_waiting_bonus_is_counted(content: OriginemContent, state: dict[str, Any]) -> None:
    state["bonus"] = {"scene:runaway": 1}
    odds = scene_odds(state, content, "runaway", ["Pierre"])
    assert odds["bonus"] == 1
    assert [band["chance"] for band in odds["outcomes"]] == [Fraction(5, 6), Fraction(1, 6)]


def test_each_outcome_gives_the_totals_that_reach_it(
    content: OriginemContent, state: dict[str, Any]
) -> None:
    odds = scene_odds(state, content, "puzzle", ["Delilah"])  # 3d10: 3 to 30
    reach = {band["outcome"]: band["reachable"] for band in odds["outcomes"]}
    assert reach == {
        "failed": (3, 4),
        "failed_bonus": (5, 15),
        "complete": (16, 20),
        "bonus": (21, 30),
    }
    runaway = scene_odds(state, content, "runaway", ["Pierre"])  # a d6 never escapes
    assert [band["reachable"] for band in runaway["outcomes"]] == [(1, 6), None]


def test_odds_need_no_mission_when_the_bonus_does_not_depend_on_it(
    content: OriginemContent, state: dict[str, Any]
) -> None:
    for mission in ("build_up_ship_walls", "build_mini_satellite"):  # both need puzzles
        state["missions"][mission]["state"] = "under_way"
    state["bonus"] = {"scene:puzzle": 1}
    odds = scene_odds(state, content, "puzzle", ["Delilah"])
    assert odds["bonus"] == 1
    with pytest.raises(UsageError, match="unknown mission 'Moon Run'"):
        scene_odds(state, content, "puzzle", ["Delilah"], mission="Moon Run")
