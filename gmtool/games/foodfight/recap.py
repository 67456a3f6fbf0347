"""Food Fight's part of a recap: the battles, the eliminations and the winner. In public,
no seat's private choice (how a player laid out their towers, which Fortune they hold)."""

from __future__ import annotations

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll, tell_standing
from gmtool.text import counted


def story(session: Told) -> list[Chapter]:
    told = Story()
    told.chapter("The match")
    battles = 0
    for entry in session.entries:
        kind = action_type(entry)
        result = entry.result
        if kind == "layout":
            how = "" if session.public else f" ({entry.outcome})"
            told.tell(entry, f"{entry.who} lays out their towers{how}.")
        elif kind == "discard":
            told.tell(entry, f"{entry.who}: {entry.what}, {entry.outcome}.")
        elif kind in ("attack", "fortune", "pass"):
            if result.get("winner"):
                battles += 1
            told.tell(entry, f"{entry.outcome[:1].upper()}{entry.outcome[1:]}.")
        elif entry.kind != "action":
            tell_roll(told, entry)
        tell_standing(told, entry, match="match")
    if battles:
        told.sum_up(f"{counted(battles, 'battle')} fought")
    return told.chapters
