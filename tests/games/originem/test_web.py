"""Originem's phone screens under the test client: each crew member sees their HP and
class dice, and in a fight rolls initiative and attacks from the phone, typing the faces
of real dice (one field a die) or leaving them to the campaign; the move is the same log
entry a typed command makes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving


@pytest.fixture
def fight(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "o", "--from", demo, "--seed", "7").code == 0
    assert gmtool("originem", "nova", "start").code == 0
    assert gmtool("originem", "combat", "start", "-e", "low:2", "--gm-die", "d6").code == 0
    yield from serving("o")


def seen(table: Table, seat: str) -> str:
    text = table.seat(seat).text
    return text.split('name="seen" value="', 1)[1].split('"', 1)[0]


def test_a_crew_member_sees_their_hp_class_dice_and_that_their_roll_is_awaited(
    fight: Table,
) -> None:
    page = fight.seat("Pierre")
    assert "Your turn · Pierre" in page.text  # the page's title
    assert page.text.index('class="your-turn"') < page.text.index("HP 80 / 80")
    assert "combat <b>1d10</b>" in page.text
    assert 'name="die1"' in page.text and 'name="die2"' in page.text  # one field a die
    assert "Pierre's d10" in page.text and "the GM's d6" in page.text


def test_initiative_then_an_attack_from_the_phone_with_typed_dice_are_logged_as_pierres(
    fight: Table, gmtool: Any
) -> None:
    done = fight.post(
        "Pierre", move="combat_initiative", pick="0", seen=seen(fight, "Pierre"), die1="9", die2="2"
    )
    assert "refused" not in done.text, done.text
    page = fight.seat("Delilah").text
    assert "combat_attack" in page  # the crew's turn: every crew member may attack
    form = {"move": "combat_attack", "pick": "0", "seen": seen(fight, "Delilah")}
    done = fight.post("Delilah", **form, **{"k.target": "0"}, die1="7", die2="1")
    assert "refused" not in done.text, done.text
    log = json.loads(gmtool("log", "--json").out)
    assert [e["what"] for e in log[-2:]] == ["combat initiative", "combat attack on low-1"]
    assert log[-1]["who"].startswith("Delilah")
    faces = [d["face"] for roll in log[-1]["dice"] for d in roll["dice"]]
    assert faces == [7, 1] and {roll["source"] for roll in log[-1]["dice"]} == {"entered"}


def test_half_typed_dice_a_missing_target_and_a_stale_screen_are_refused_in_words(
    fight: Table, gmtool: Any
) -> None:
    before = gmtool("log", "--json").out
    old = seen(fight, "Pierre")
    half = fight.post("Pierre", move="combat_initiative", pick="0", seen=old, die1="9")
    assert (
        "refused: 1 of 2 dice typed (type every die, or leave them all blank to roll)" in half.text
    )
    assert (
        fight.post("Pierre", move="combat_initiative", pick="0", seen=old).text.count("refused")
        == 0
    )
    stale = fight.post("Delilah", move="combat_attack", pick="0", seen=old, **{"k.target": "0"})
    assert "refused" in stale.text and "gmtool" not in stale.text.split("refused", 1)[1][:200]
    fresh = seen(fight, "Delilah")
    blank = fight.post("Delilah", move="combat_attack", pick="0", seen=fresh)
    assert "refused: choose: Which enemy? (pick one from the list)" in blank.text
    assert len(json.loads(gmtool("log", "--json").out)) == len(json.loads(before)) + 1
