"""The players of an FTL game, found by name, and the dashboard of ``gmtool status``.

Kept apart from the ship builder so a command that only moves ships or shows the game
imports neither the checks nor the bill.
"""

from __future__ import annotations

from typing import Any

from gmtool.errors import unknown

State = dict[str, Any]


def find_player(state: State, name: Any) -> str:
    """The player's name as the game spells it (any case)."""
    for player in state["players"]:
        if player.casefold() == str(name).casefold():
            return str(player)
    raise unknown("player", str(name), list(state["players"]))


def status(state: State) -> dict[str, Any]:
    """The ``gmtool status --json`` document."""
    return {
        "players": {
            name: {
                "ship": player["ship"]["name"],
                "bill": player["bill"],
                "fuel": player["fuel"],
                "missiles": player["missiles"],
                "drone_parts": player["drone_parts"],
                "at": player["at"],
            }
            for name, player in state["players"].items()
        },
        "map": state["map"],
    }
