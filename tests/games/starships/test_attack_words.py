"""What people read after an attack or an HP change: the working of the damage, the dice
before who is next, and the HP change that really happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.content.paths import packaged


@pytest.fixture
def fight(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    demo = str(packaged("campaigns", "starships-demo.yaml"))
    assert gmtool("campaign", "new", "s", "--from", demo).code == 0
    started = gmtool("starships", "encounter", "start", "--enemy", "Crawler", "--dice", "20,1")
    assert started.code == 0, started.err
    return gmtool


def test_melee_damage_is_worked_out_on_screen(fight: Callable[..., Any]) -> None:
    shown = fight("starships", "attack", "Ana", "Crawler", "--melee", "--dice", "15,5")
    assert shown.code == 0, shown.err
    assert "Crawler takes 8 (5 + Might 3)" in shown.out
    lines = shown.out.splitlines()
    dice = next(i for i, line in enumerate(lines) if "1d20 = 15" in line)
    nxt = next(i for i, line in enumerate(lines) if line.startswith("next:"))
    assert dice < nxt  # the dice come with the attack, before who is next


def test_an_hp_change_reports_what_fitted(fight: Callable[..., Any]) -> None:
    assert fight("starships", "hp", "Bo", "-3").code == 0
    shown = fight("starships", "hp", "Bo", "+4")
    assert shown.code == 0
    assert "+3" in shown.out and "20/20" in shown.out and "+4" not in shown.out.split("→")[-1]
