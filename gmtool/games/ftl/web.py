"""FTL's screens: for the table, the battle (both ships room by room, their bars, weapons,
drones, the shots in flight, the second and its story) or, between battles, the sector
map; for each captain, their ship, the orders the battle's checks pass (grouped by kind,
one list a kind) and the enemy ship as the table sees it (FTL hides nothing).

Every order is one of the declaration's moves (``options(state, seat)``), played through
``Game.play`` as the typed command would be."""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import Outcome, State
from gmtool.games.ftl.rules.sector import beacon_words
from gmtool.games.ftl.web_drawing import battle_drawing, sector_drawing
from gmtool.web.screens import MoveScreens

GROUPS = {
    "order_power": "Power a system",
    "order_weapon": "Power a weapon",
    "order_aim": "Aim a weapon",
    "order_autofire": "Autofire",
    "order_drone": "Drones",
    "order_crew": "Send crew",
    "order_doors": "Doors",
    "order_lock": "Lock a door",
    "order_dodge": "Dodge numbers",
    "order_cloak": "Cloak",
    "order_battery": "Backup battery",
    "order_teleport": "Teleport",
    "order_retrieve": "Retrieve crew",
    "order_mind": "Mind control",
    "order_hack": "Hack",
}
"""The heading of each kind of order on a captain's screen."""


class FtlScreens(MoveScreens):
    seat_template = "ftl/captain.html"
    confirming = frozenset({"jump"})
    banner = False  # the table tells the last second's story itself
    groups = GROUPS

    def told(self, action: dict[str, Any], outcome: Outcome) -> str:
        """A jump's line names where the ship went, as the table's story does (``jump
        (2, 1) to (2, 2): 1 fuel, 7 left``); an order's outcome says it all already."""
        if action.get("type") == "jump":
            return f"{outcome.what}: {outcome.outcome}"
        return outcome.outcome

    def table(self, state: State, *, now: float) -> dict[str, Any]:
        doc = super().table(state, now=now)
        return {**doc, **_drawn(doc["view"])}

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        screen = super().seat(state, seat, now=now)
        if (screen["view"].get("match") or {}).get("over"):
            screen["waiting_for"] = "The match is over"  # no one is awaited, not even the GM
        return {**screen, **_drawn(screen["view"])}


def _drawn(view: dict[str, Any]) -> dict[str, Any]:
    battle = view.get("battle")
    players = view.get("players") or {}
    return {
        "drawn": battle_drawing(battle) if battle else None,
        "sector": sector_drawing(view.get("map"), players),
        "at": {name: beacon_words(p["at"]) for name, p in players.items() if p.get("at")},
    }


SCREENS = FtlScreens
