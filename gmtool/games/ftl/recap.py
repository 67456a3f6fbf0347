"""FTL's part of a recap: the match as a story: the map, the jumps and waits, and each
battle by the seconds that told something (the orders between seconds are left out: their
effect is in the seconds), the escape that ended it or its hulls at the end and its winner,
then the map play after it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.recap import Chapter, Story, Told, action_type, tell_roll

if TYPE_CHECKING:
    from gmtool.store.records import Entry

TURNING_WORDS = ("destroyed", "escape", "wins")
"""Words of a second's story that make it a turning point of the match."""


def story(session: Told) -> list[Chapter]:
    """The match told in order: the map's moves, each battle (from the jump that began it to
    the escape or the last second told), and the map play between battles."""
    told = Story()
    last_tick: Entry | None = None
    battle = "The battle"  # a campaign with no map plays one battle
    on_map = "The sector map"

    def close_battle() -> None:
        nonlocal last_tick
        if last_tick is not None:
            told.chapter(battle).summary.append(_battle_end(last_tick.result))
            last_tick = None

    for entry in session.entries:
        kind = action_type(entry)
        result = entry.result or {}
        who = f"{entry.who} " if entry.who else ""
        if kind in ("map_new", "jump", "wait"):
            if result.get("escaped"):
                told.chapter(battle)
                told.tell(entry, f"{who}jumps away, {entry.what}: {entry.outcome}", turning=True)
                close_battle()
                on_map = f"The map after {battle.lower()}"
                continue
            told.chapter(on_map)
            told.tell(
                entry, f"{who}{entry.what}: {entry.outcome}", turning=bool(result.get("battle"))
            )
            if result.get("battle"):
                battle = f"Battle {result['battle']}"
                told.chapter(battle)
        elif kind == "tick":
            told.chapter(battle)
            last_tick = entry
            if entry.outcome:
                turning = any(word in entry.outcome.lower() for word in TURNING_WORDS)
                told.tell(entry, f"{entry.what}: {entry.outcome}", turning=turning)
        elif entry.kind != "action":
            tell_roll(told, entry)
    close_battle()
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
