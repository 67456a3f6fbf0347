"""FTL's part of a recap: the map, the jumps, and each battle second by second as its story
tells it (the orders between seconds are left out: their effect is in the seconds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.recap import Chapter, Story, action_type, tell_roll

if TYPE_CHECKING:
    from gmtool.store.records import Entry

TURNING_WORDS = ("destroyed", "escape", "wins")
"""Words of a second's story that make it a turning point of the match."""


def story(
    entries: list[Entry],
    *,
    public: bool = False,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> list[Chapter]:
    told = Story()
    for entry in entries:
        kind = action_type(entry)
        if kind in ("map_new", "jump"):
            told.chapter("The sector map")
            who = f"{entry.who} " if entry.who else ""
            told.tell(entry, f"{who}{entry.what}: {entry.outcome}.")
        elif kind == "tick":
            told.chapter("The battle")
            turning = any(word in entry.outcome.lower() for word in TURNING_WORDS)
            told.tell(
                entry, f"{entry.what[:1].upper()}{entry.what[1:]}: {entry.outcome}", turning=turning
            )
        elif entry.kind != "action":
            tell_roll(told, entry)
    return told.chapters
