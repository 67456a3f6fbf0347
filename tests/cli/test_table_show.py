"""``show`` in the games played round a table with secrets: public by default, one seat's
view with ``--as``, every secret only with ``--all`` (which says so on its first line)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gmtool.content.paths import packaged

SECRET_OF = {
    "foodfight": lambda doc: [c for p in doc["players"] for pile in p["piles"] for c in pile],
    "zauberer": lambda doc: [t["spell"] for t in doc["teams"] if t["spell"] is not None],
}
"""What a seat keeps hidden: every card of every pile (Food Fight: a face-down card shows
neither food nor salt), every team's spell card (Zauberer)."""
SEAT = {"foodfight": "Ana", "zauberer": "water"}
OTHER = {"foodfight": "Bo", "zauberer": "fire"}


def started(gmtool: Any, system: str) -> None:
    if system == "foodfight":  # every card of the demo is dealt face down
        demo = str(packaged("campaigns", "foodfight-demo.yaml"))
        assert gmtool("campaign", "new", "g", "--from", demo, "--seed", "4").code == 0
        return
    teams = "fire=Ana,water=Bo+Eve,air=Cy,earth=Di"
    assert gmtool("campaign", "new", "g", "--system", "zauberer", "--teams", teams).code == 0
    dice = ["--dice", "fire=6,5", "--dice", "water=6,6", "--dice", "air=2,3", "--dice", "earth=1,4"]
    assert gmtool("zauberer", "roll-off", *dice).code == 0
    assert gmtool("zauberer", "move", "--dice", "6", "--way", "eb1").code == 0
    assert gmtool("zauberer", "dungeon", "--dice", "4,2", "--card", "ice_pike").code == 0


def hidden(system: str, doc: dict[str, Any]) -> int:
    """How many of the secrets in ``doc`` are hidden."""
    items = SECRET_OF[system](doc)
    key = "salt" if system == "foodfight" else "name"
    return sum(1 for item in items if item.get(key) is None)


def named(system: str, doc: dict[str, Any]) -> int:
    items = SECRET_OF[system](doc)
    key = "salt" if system == "foodfight" else "name"
    return sum(1 for item in items if item.get(key) is not None)


@pytest.mark.parametrize("system", ["foodfight", "zauberer"])
def test_show_is_the_tables_view_and_all_says_it_shows_every_secret(
    system: str, gmtool: Any
) -> None:
    started(gmtool, system)
    public = json.loads(gmtool(system, "show", "--json").out)
    assert named(system, public) == 0 and hidden(system, public) > 0
    assert "every_secret" not in public
    everything = gmtool(system, "show", "--all", "--json")
    doc = json.loads(everything.out)
    assert next(iter(doc)) == "every_secret" and doc["every_secret"] is True
    assert hidden(system, doc) == 0
    drawn = gmtool(system, "show", "--all").out
    assert drawn.splitlines()[0].startswith("every secret shown")
    assert "every secret" not in gmtool(system, "show").out
    seat = json.loads(gmtool(system, "show", "--as", SEAT[system], "--json").out)
    assert seat["as"] == SEAT[system] and named(system, seat) > 0  # its own secrets
    other = json.loads(gmtool(system, "show", "--as", OTHER[system], "--json").out)
    assert named(system, other) < named(system, doc)  # not the seat's


@pytest.mark.parametrize("system", ["foodfight", "zauberer"])
def test_show_as_and_all_together_is_one_line(system: str, gmtool: Any) -> None:
    started(gmtool, system)
    refused = gmtool(system, "show", "--all", "--as", SEAT[system])
    assert refused.code == 2 and refused.out == ""
    assert "--as SEAT or --all" in refused.err and "Traceback" not in refused.err
