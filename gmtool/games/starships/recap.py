"""Stars & Starships' part of a recap: each encounter round by round — attacks, who went
down, Momentum spent, gadgets and streams."""

from __future__ import annotations

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll
from gmtool.text import counted


def story(session: Told) -> list[Chapter]:
    told = Story()
    told.chapter("Exploration")
    encounters = 0
    shown_round = 0
    for entry in session.entries:
        kind = action_type(entry)
        if kind == "encounter_start":
            encounters += 1
            shown_round = 1
            told.chapter(f"Encounter {encounters}")
            told.tell(
                entry, f"{entry.what[:1].upper()}{entry.what[1:]}: {entry.outcome}.", turning=True
            )
            continue
        round_now = entry.result.get("round")
        if kind == "end_turn" and isinstance(round_now, int) and round_now > shown_round:
            shown_round = round_now
            told.tell(entry, f"Round {round_now} begins.")
            continue
        if kind == "encounter_end":
            told.tell(entry, f"The encounter ends: {entry.outcome}.", turning=True)
            told.chapter("Exploration")
        elif kind in ("attack", "gadget", "stream", "momentum_spend", "hp", "row", "add", "remove"):
            text = f"{entry.who}: {entry.what}, {entry.outcome}."
            told.tell(entry, text)
            if "falls" in entry.outcome:
                target = (entry.action or {}).get("target", entry.who)
                told.tell(entry, f"{target} goes down.", turning=True)
        elif entry.kind != "action":
            tell_roll(told, entry)
    spent = sum(1 for e in session.entries if action_type(e) == "momentum_spend")
    if spent:
        told.sum_up(f"Momentum spent {counted(spent, 'time')}")
    return [chapter for chapter in told.chapters if chapter.lines or chapter.summary]
