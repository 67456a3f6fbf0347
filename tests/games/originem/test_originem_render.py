"""What the GM reads: the dashboard and fight lines, rendered to plain text."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from gmtool.games.originem import render as render
from gmtool.games.originem.game import SYSTEM
from tests.games.originem.helpers import Play

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


def test_odds_show_the_totals_the_dice_can_reach(content: Any, state: dict[str, Any]) -> None:
    from gmtool.games.originem.rules.odds import odds_json, scene_odds

    shown = text(render.odds(odds_json(scene_odds(state, content, "runaway", ["Pierre"]))))
    rows = {line.split()[0]: line.split()[1] for line in shown.splitlines()[2:] if line.strip()}
    assert rows == {"failed": "1-6", "escaped": "-"}
