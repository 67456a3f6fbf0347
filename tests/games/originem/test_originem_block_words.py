"""A fight's lines say what a block needed, and what the mark on an entered face means."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.content.paths import packaged


@pytest.fixture
def fight(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "f", "--from", demo).code == 0
    assert gmtool("originem", "combat", "start", "-e", "Warden=medium", "--gm-die", "d8").code == 0
    assert gmtool("originem", "combat", "initiative", "--by", "Pierre", "--dice", "7,3").code == 0
    return gmtool


def test_a_failed_block_says_what_it_needed(fight: Callable[..., Any]) -> None:
    shown = fight("originem", "combat", "attack", "--by", "Pierre", "--target", "Warden",
                  "--dice", "9,4")  # fmt: skip
    assert shown.code == 0
    assert "block 4* (d8, needs 6+)" in shown.out and "-9 HP" in shown.out
    assert "* entered from physical dice" in shown.out


def test_a_block_that_held_says_so(fight: Callable[..., Any]) -> None:
    shown = fight("originem", "combat", "attack", "--by", "Pierre", "--target", "Warden",
                  "--dice", "9,6")  # fmt: skip
    assert "block 6* (d8, needs 6+)" in shown.out and "blocked" in shown.out


def test_rolled_dice_carry_no_mark_and_no_legend(fight: Callable[..., Any]) -> None:
    shown = fight("originem", "combat", "attack", "--by", "Pierre", "--target", "Warden")
    assert "needs 6+" in shown.out and "entered from physical dice" not in shown.out
