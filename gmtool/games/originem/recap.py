"""Originem's part of a recap: missions taken and finished, scenes and their outcomes, the
fights (who struck whom, who fell, who healed), NOVA used and left, knowledge gained."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll

if TYPE_CHECKING:
    from gmtool.store.records import Entry

BETWEEN = "Between missions"
AT_THE_END = "Where the crew stands"


def story(session: Told) -> list[Chapter]:
    told = Story()
    for entry in session.entries:
        teller = TELLERS.get(action_type(entry)) if entry.kind == "action" else None
        if entry.kind == "action":
            told.chapter(entry.mission or BETWEEN)
        if teller is not None:
            teller(told, entry)
        elif entry.kind != "action":
            tell_roll(told, entry)
    if session.after is not None:
        told.chapter(AT_THE_END).summary += standing(session.before, session.after)
    return told.chapters


def standing(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """NOVA used and left, knowledge, the crew's HP, the ending: from the status at the
    span's two ends."""
    lines = []
    nova = after["nova"]
    if nova.get("started"):
        text = f"NOVA: {clock(nova['remaining_seconds'])} left of {clock(nova['length_seconds'])}"
        was = (before or {}).get("nova") or {}
        if was.get("started"):
            used = max(0, int(was["remaining_seconds"]) - int(nova["remaining_seconds"]))
            text += f", {clock(used)} used in this session"
        lines.append(text + ("" if nova.get("running") else " (paused)"))
    knowledge = after["knowledge"]
    gained = knowledge["have"] - ((before or {}).get("knowledge") or {}).get("have", 0)
    lines.append(
        f"Knowledge: {knowledge['have']} of the {knowledge['need']} the final mission needs"
        + (f" (+{gained} in this session)" if gained > 0 else "")
    )
    crew = [
        f"{m['name']} {m['hp']}/{m['max_hp']}" + (" (down)" if m.get("down") else "")
        for m in after["crew"]
    ]
    if crew:
        lines.append("HP: " + ", ".join(crew))
    if after.get("ended"):
        reason = f": {after['ended_reason']}" if after.get("ended_reason") else ""
        lines.append(f"The crew has {after['ended']}{reason}")
    return lines


def clock(seconds: Any) -> str:
    minutes, secs = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{secs:02d}"


def _mission_start(story: Story, entry: Entry) -> None:
    story.tell(entry, f"The crew takes on the mission {entry.mission}.", turning=True)


def _scene(story: Story, entry: Entry) -> None:
    result = entry.result
    text = f"{entry.who}: {entry.scene} scene, {entry.outcome}"
    if result.get("knowledge_gained"):
        text += f" (+{result['knowledge_gained']} knowledge)"
    story.tell(entry, text + ".")
    if result.get("mission_complete"):
        story.tell(entry, f"The mission {entry.mission} is complete.", turning=True)


def _combat_start(story: Story, entry: Entry) -> None:
    enemies = ", ".join(str(e) for e in (entry.action or {}).get("enemies", []))
    story.tell(
        entry, f"A fight begins ({enemies})." if enemies else "A fight begins.", turning=True
    )


def _strike(story: Story, entry: Entry) -> None:
    action = entry.action or {}
    attacker = action.get("by") or action.get("enemy") or entry.who
    story.tell(entry, f"{attacker} strikes {action.get('target', '')}: {entry.outcome}.")
    if entry.result.get("target_down"):
        story.tell(entry, f"{action.get('target')} falls.", turning=True)


def _heal(story: Story, entry: Entry) -> None:
    action = entry.action or {}
    story.tell(
        entry, f"{action.get('by', entry.who)} heals {action.get('target', '')}: {entry.outcome}."
    )


def _said(text: str, *, turning: bool = False) -> Any:
    def tell(story: Story, entry: Entry) -> None:
        story.tell(entry, text.format(entry=entry), turning=turning)

    return tell


TELLERS = {
    "mission_start": _mission_start,
    "scene": _scene,
    "runaway": _scene,
    "combat_start": _combat_start,
    "combat_initiative": _said("Initiative: {entry.outcome}."),
    "combat_attack": _strike,
    "combat_enemy_attack": _strike,
    "combat_heal": _heal,
    "combat_end": _said("The fight ends: {entry.outcome}.", turning=True),
    "nova_start": _said("The NOVA countdown starts."),
    "nova_pause": _said("NOVA is paused."),
    "nova_resume": _said("NOVA runs again."),
    "nova_penalty": _said("NOVA penalty: {entry.outcome}."),
    "crew_add": _said("{entry.who} joins the crew."),
    "crew_remove": _said("{entry.who} leaves the crew."),
}
"""How each of Originem's moves is told; a move not here (ending a turn) is left out."""
