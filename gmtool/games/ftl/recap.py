"""FTL's part of a recap: the map, the jumps, and each battle by the seconds that told
something (the orders between seconds are left out: their effect is in the seconds), its
hulls at the end and its winner."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll

if TYPE_CHECKING:
    from gmtool.store.records import Entry

TURNING_WORDS = ("destroyed", "escape", "wins")
"""Words of a second's story that make it a turning point of the match."""


def story(session: Told) -> list[Chapter]:
    told = Story()
    last_tick: Entry | None = None
    for entry in session.entries:
        kind = action_type(entry)
        if kind in ("map_new", "jump"):
            told.chapter("The sector map")
            who = f"{entry.who} " if entry.who else ""
            told.tell(entry, f"{who}{entry.what}: {entry.outcome}")
        elif kind == "tick":
            told.chapter("The battle")
            last_tick = entry
            if entry.outcome:
                turning = any(word in entry.outcome.lower() for word in TURNING_WORDS)
                told.tell(entry, f"{entry.what}: {entry.outcome}", turning=turning)
        elif entry.kind != "action":
            tell_roll(told, entry)
    if last_tick is not None:
        told.chapter("The battle").summary.append(_battle_end(last_tick.result))
    return told.chapters


def _battle_end(result: dict[str, Any]) -> str:
    """Where the battle stood after the last second told: its second, hulls, the winner."""
    hulls = ", ".join(
        f"{name} {ship.get('hull')}" for name, ship in result.get("ships", {}).items()
    )
    text = f"After second {result.get('second')}: hull {hulls}"
    if result.get("winner"):
        text += f"; {result['winner']} wins the battle"
    return text
