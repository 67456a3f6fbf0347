"""What ``gmtool status`` shows for an Originem game: the NOVA counter, knowledge, crew,
missions, and any fight under way. Needs only the state (no content is loaded)."""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.games.originem.rules.combat import view as combat_view
from gmtool.games.originem.rules.missions import view as mission_view
from gmtool.games.originem.rules.nova import clock_view, has_run_out, unattended, zero_at


def status(state: State, now: float | None) -> dict[str, Any]:
    ended = state.get("ended")
    reason = state.get("ended_reason", "")
    clock = state["nova"]
    unwritten = ended is None and has_run_out(clock, now)
    if unwritten:
        ended, reason = "lost", "the NOVA counter reached zero"
    nova = clock_view(clock, now)
    nova["unattended_seconds"] = int(unattended(clock, now))
    nova["zero_at"] = zero_at(clock)
    nova["loss_unwritten"] = unwritten
    missions = []
    for key, mission in state["missions"].items():
        doc = mission_view(key, mission)
        doc["scenes_total"] = len(mission["scenes"])
        missions.append(doc)
    return {
        "system": "originem",
        "nova": nova,
        "knowledge": dict(state["knowledge"]),
        "crew": [
            {
                "name": m["name"],
                "class": m["class"],
                "class_title": m["class_title"],
                "hp": m["hp"],
                "max_hp": m["max_hp"],
                "down": m["hp"] <= 0,
            }
            for m in state["crew"]
        ],
        "missions": missions,
        "final_unlocked": any(
            m["kind"] == "final" and m["state"] != "locked" for m in state["missions"].values()
        ),
        "bonus": dict(state.get("bonus", {})),
        "combat": combat_view(state),
        "engaged": state.get("engaged") is not None,
        "ended": ended,
        "ended_reason": reason if ended else "",
    }
