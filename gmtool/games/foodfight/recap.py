"""Food Fight's part of a recap: the battles, the eliminations and the winner. In public,
no seat's private choice (how a player laid out their towers, which Fortune they hold)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.recap import Chapter, Story, action_type, tell_roll
from gmtool.text import counted

if TYPE_CHECKING:
    from gmtool.store.records import Entry


def story(
    entries: list[Entry],
    *,
    public: bool = False,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> list[Chapter]:
    told = Story()
    told.chapter("The match")
    battles = 0
    for entry in entries:
        kind = action_type(entry)
        result = entry.result
        if kind == "layout":
            how = "" if public else f" ({entry.outcome})"
            told.tell(entry, f"{entry.who} lays out their towers{how}.")
        elif kind == "discard":
            told.tell(entry, f"{entry.who}: {entry.what}, {entry.outcome}.")
        elif kind in ("attack", "fortune", "pass"):
            if result.get("winner"):
                battles += 1
            told.tell(entry, f"{entry.outcome[:1].upper()}{entry.outcome[1:]}.")
        elif entry.kind != "action":
            tell_roll(told, entry)
        for out in result.get("eliminated") or []:
            told.tell(entry, f"{out} is out of the game.", turning=True)
        if result.get("game_winner"):
            told.tell(entry, f"{result['game_winner']} wins the match.", turning=True)
    if battles:
        told.sum_up(f"{counted(battles, 'battle')} fought")
    return told.chapters
