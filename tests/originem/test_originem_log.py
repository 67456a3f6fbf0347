"""What the campaign log keeps of an Originem session, read back with ``gmtool log``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from gmtool.content.paths import packaged

DEMO = str(packaged("campaigns", "originem-demo.yaml"))


def test_log_who_finds_the_attacks_on_a_crew_member(gmtool: Callable[..., Any]) -> None:
    assert gmtool("campaign", "new", "demo", "--from", DEMO).code == 0
    steps = [
        ["combat", "start", "-e", "low", "--gm-die", "d6", "--crew", "Larlen", "--crew", "Remmy"],
        ["combat", "initiative", "--by", "Larlen", "--dice", "1,6"],
        ["combat", "enemy-attack", "low-1", "--target", "Larlen", "--dice", "5,2"],
    ]
    for step in steps:
        assert gmtool("originem", *step).code == 0
    entries = json.loads(gmtool("log", "--who", "Larlen", "--json").out)
    assert [(e["who"], e["what"], e["outcome"]) for e in entries] == [
        ("Larlen", "combat initiative", "enemies first"),
        ("low-1, Larlen", "combat enemy-attack on Larlen", "hit for 5 (Larlen 45/50)"),
    ]
