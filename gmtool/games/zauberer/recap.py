"""Zauberer's part of a recap: the roll-off, the spells cast and traps sprung, the duels
round by round, and the winner (the steps of each move are left out)."""

from __future__ import annotations

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll
from gmtool.text import counted


def story(session: Told) -> list[Chapter]:
    told = Story()
    told.chapter("The arena")
    duels = 0
    for entry in session.entries:
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
    if duels:
        told.sum_up(f"{counted(duels, 'duel')} won")
    after = session.after or {}
    out = [team["clan"] for team in after.get("teams", []) if team.get("out")]
    if out:
        told.sum_up("Out of the game: " + ", ".join(out))
    if after.get("winner"):
        how = f" ({after['ended_by']})" if after.get("ended_by") else ""
        told.sum_up(f"{after['winner']} wins the game{how}")
    return told.chapters
