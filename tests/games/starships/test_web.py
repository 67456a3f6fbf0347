"""Stars & Starships' phone screens under the test client: a party member sees their HP,
row and Momentum and whose turn it is, and attacks on their turn with the weapon's own
dice fields; another seat's screen offers nothing to do."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving


@pytest.fixture
def encounter(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "starships-demo.yaml"))
    assert gmtool("campaign", "new", "s", "--from", demo, "--seed", "3").code == 0
    started = gmtool("starships", "encounter", "start", "--enemy", "Drone", "--dice", "15,4")
    assert started.code == 0, started.err
    yield from serving("s")


def seen(page: str) -> str:
    return page.split('name="seen" value="', 1)[1].split('"', 1)[0]


def test_ana_on_her_turn_attacks_the_drone_with_her_blade_and_typed_dice(
    encounter: Table, gmtool: Any
) -> None:
    page = encounter.seat("Ana").text
    assert "Your turn · Ana" in page
    assert "row <b>front</b>" in page and "Momentum <b>0</b>" in page
    assert 'data-when="k.weapon=0"' in page and "the damage 1d10" in page  # melee
    assert 'data-when="k.weapon=1"' in page and "the damage 1d6" in page  # ranged
    assert 'data-confirm="Tap again: Ana attacks"' in page
    form = {"move": "attack", "pick": "0", "seen": seen(page), "k.weapon": "0", "k.target": "0"}
    done = encounter.post("Ana", **form, die1="14", die2="6")
    assert "refused" not in done.text, done.text
    newest = json.loads(gmtool("log", "--json").out)[-1]
    assert newest["who"] == "Ana"
    assert [d["face"] for roll in newest["dice"] for d in roll["dice"]] == [14, 6]


def test_a_miss_is_typed_with_its_d20_alone_as_at_the_terminal(
    encounter: Table, gmtool: Any
) -> None:
    page = encounter.seat("Ana").text
    form = {"move": "attack", "pick": "0", "seen": seen(page), "k.weapon": "0", "k.target": "0"}
    gap = encounter.post("Ana", **form, die2="6")
    assert "refused: a die was left blank before one typed (type the dice in order)" in gap.text
    done = encounter.post("Ana", **form, die1="7")  # 7 + 3 = 10 misses the Drone's 11
    assert "refused" not in done.text, done.text
    newest = json.loads(gmtool("log", "--json").out)[-1]
    assert newest["who"].startswith("Ana") and [r["total"] for r in newest["dice"]] == [7]


def test_a_party_member_whose_turn_it_is_not_has_no_moves_and_cannot_attack(
    encounter: Table,
) -> None:
    page = encounter.seat("Bo").text
    assert "Waiting for Ana" in page and 'name="pick"' not in page
    done = encounter.post("Bo", move="attack", pick="0", seen=seen(encounter.seat("Ana").text))
    assert "refused: that move is not open to you now" in done.text
