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
    """The ``gmtool status --json`` document. During a battle the missiles and drone parts
    are the battle's (what is left of them), not the ship file's."""
    battle = state.get("battle") or {}
    fighting = battle.get("ships", {}) if not battle.get("over") else {}
    return {
        "players": {
            name: {
                "ship": player["ship"]["name"],
                "bill": player["bill"],
                "fuel": player["fuel"],
                **_supplies(player, fighting.get(name)),
                "at": player["at"],
            }
            for name, player in state["players"].items()
        },
        "map": state["map"],
    }


def _supplies(player: dict[str, Any], ship: dict[str, Any] | None) -> dict[str, Any]:
    source = ship if ship is not None else player
    return {
        "missiles": source["missiles"],
        "drone_parts": source.get("drone_parts", player["drone_parts"]),
    }
