"""Zauberer's part of a recap: the roll-off, the spells cast and traps sprung, the duels
round by round, and the winner (the steps of each move are left out)."""

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
    told.chapter("The arena")
    duels = 0
    for entry in entries:
        kind = action_type(entry)
        result = entry.result
        if kind == "roll_off":
            told.tell(entry, f"The roll-off: {entry.outcome}.")
        elif kind in ("cast", "trap", "dungeon"):
            told.tell(entry, f"{entry.who}: {entry.what}, {entry.outcome}")
        elif kind == "duel_start":
            told.tell(entry, f"A duel: {entry.outcome}.", turning=True)
        elif kind == "duel_round":
            told.tell(entry, f"Duel, {entry.outcome}.")
            if result.get("winner"):
                duels += 1
                told.tell(entry, f"{result['winner']} wins the duel.", turning=True)
        elif entry.kind != "action":
            tell_roll(told, entry)
        for team in result.get("eliminated") or []:
            told.tell(entry, f"{team} is out of the game.", turning=True)
        if result.get("game_winner"):
            told.tell(entry, f"{result['game_winner']} wins the game.", turning=True)
    if duels:
        told.sum_up(f"{counted(duels, 'duel')} won")
    return told.chapters
