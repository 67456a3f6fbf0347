"""What the GM reads: the dashboard and fight lines, rendered to plain text."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from gmtool.render import originem as render
from gmtool.systems.originem import SYSTEM
from tests.originem.helpers import Play

T0 = 1_700_000_000.0


def text(renderable: Any) -> str:
    out = Console(width=100, record=True, highlight=False)
    out.print(renderable)
    return out.export_text()


def test_the_nova_bar_reads_in_minutes(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    shown = text(render.status(SYSTEM.status(state, now=T0 + 75)))
    assert "28:45/30:00" in shown and "1725/1800" not in shown


def test_initiative_shows_one_roll_against_the_other(play: Play) -> None:
    play({"type": "combat_start", "enemies": ["low"], "gm_die": "d8"})
    result = play({"type": "combat_initiative", "by": "Pierre"}, 7, 3).result
    shown = text(render.combat(result))
    assert "Pierre d10:7* vs GM d8:3*" in shown and "+" not in shown.splitlines()[0]
