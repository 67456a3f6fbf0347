"""Astral's part of a recap: the ticks, the attacks and knock-outs, the tasks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.engine.recap import Chapter, Story, Told, tell_by_type
from gmtool.text import counted

if TYPE_CHECKING:
    from gmtool.store.records import Entry


def story(session: Told) -> list[Chapter]:
    told = Story()
    told.chapter("On the Astral Plane")
    knocked: list[str] = []
    for entry in session.entries:
        tell_by_type([entry], TELLERS, story=told)
        knocked += [str(name) for name in entry.result.get("knocked_out") or []]
    ticks = [e for e in session.entries if (e.action or {}).get("type") == "tick"]
    if ticks:
        told.sum_up(f"{counted(len(ticks), 'tick')} played")
    if knocked:
        told.sum_up("Knocked out: " + ", ".join(dict.fromkeys(knocked)))
    return told.chapters


def _tick(story: Story, entry: Entry) -> None:
    declared = "; ".join(str(d) for d in (entry.action or {}).get("declarations", []))
    text = f"{entry.what[:1].upper()}{entry.what[1:]}: {entry.outcome}"
    story.tell(entry, text + (f" ({declared})" if declared else "") + ".")
    for name in entry.result.get("knocked_out") or []:
        story.tell(entry, f"{name} is knocked out.", turning=True)


def _told(story: Story, entry: Entry) -> None:
    who = f"{entry.who}: " if entry.who else ""
    story.tell(entry, f"{who}{entry.what}, {entry.outcome}.")


def _turning(story: Story, entry: Entry) -> None:
    story.tell(entry, f"{entry.what[:1].upper()}{entry.what[1:]}: {entry.outcome}.", turning=True)


TELLERS = {
    "add": _told,
    "tick": _tick,
    "task_new": _told,
    "salvage": _told,
    "disturb": _told,
    "mark_final_attack": _turning,
}
"""How each of Astral's moves is told (setting a value by hand and distances are left out)."""
