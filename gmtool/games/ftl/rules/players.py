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
    """The ``gmtool status --json`` document. Once a battle has opened the missiles and
    drone parts are the ships' (what is left of them: the ship states the battles play
    on), not the ship file's; ``turn``, whose move it is on the map; ``match``, the
    battles begun and how the match ended."""
    from gmtool.games.ftl.rules import match

    battle = state.get("battle") or {}
    fighting = battle.get("ships", {})
    return {
        "players": {
            name: {
                "ship": player["ship"]["name"],
                "bill": player["bill"],
                "fuel": player["fuel"],
                **_supplies(player, fighting.get(name)),
                "at": player["at"],
                "hull": _hull(fighting.get(name)),
            }
            for name, player in state["players"].items()
        },
        "map": state["map"],
        "turn": match.turn_of(state),
        "match": {
            "battles": len(match.record_of_view(state)),
            "fighting": match.fighting(state),
            "over": match.match_over(state),
            "winner": match.winner(state),
        },
    }


def _hull(ship: dict[str, Any] | None) -> list[int] | None:
    """[hull, full hull] once a battle has opened (before, the ship is whole: None)."""
    return None if ship is None else [max(int(ship["hull"]), 0), int(ship["hull_max"])]


def _supplies(player: dict[str, Any], ship: dict[str, Any] | None) -> dict[str, Any]:
    source = ship if ship is not None else player
    return {
        "missiles": source["missiles"],
        "drone_parts": source.get("drone_parts", player["drone_parts"]),
    }
