"""The document ``gmtool status --json`` prints for an Astral campaign."""

from __future__ import annotations

from typing import Any

from gmtool.games.astral.rules.lookups import State, count_ticks, gone_timer, lockout_parties


def status_document(state: State) -> dict[str, Any]:
    entities = []
    for entity in state["entities"]:
        row = {
            key: entity[key]
            for key in ("name", "kind", "aura", "starting_aura", "tn", "knowledge", "condition")
        }
        if entity.get("languages"):
            row["languages"] = entity["languages"]
        timer = gone_timer(state, entity["name"])
        if timer is not None:
            row["returns_in"] = timer["ticks"]
        entities.append(row)
    timers = []
    for timer in state["timers"]:
        if timer["kind"] == "gone":
            timers.append(
                {
                    "kind": "gone",
                    "who": timer["who"],
                    "ticks": timer["ticks"],
                    "text": f"{timer['who']} returns in {count_ticks(timer['ticks'])}",
                }
            )
        else:
            who, others = lockout_parties(timer)
            spans = [f"for {count_ticks(timer['ticks'])}"] if timer["ticks"] > 0 else []
            if timer["waits_for_final_attack"]:
                spans.append("until the final attack")
            timers.append(
                {
                    "kind": "lockout",
                    "who": who,
                    "away_from": others,
                    "ticks": timer["ticks"],
                    "waits_for_final_attack": timer["waits_for_final_attack"],
                    "text": f"{who} stays Away from {', '.join(others)} {' and '.join(spans)}",
                }
            )
    return {
        "system": "astral",
        "tick": state["tick"],
        "entities": entities,
        "distances": state["distances"],
        "timers": timers,
        "tasks": [dict(task) for task in state["tasks"]],
        "fight_on": state["fight_on"],
    }
