"""What may happen now, for menus: which missions can start, which scenes each mission
still needs, who can roll which die, who may act in a fight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.system import State
from gmtool.errors import RulesError
from gmtool.games.originem.rules import nova
from gmtool.games.originem.rules.missions import under_way

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent


def what_now(state: State, content: OriginemContent, now: float | None) -> dict[str, Any]:
    """A summary of the choices open at this point of the game."""
    clock = state["nova"]
    clock_out = not state.get("ended") and nova.has_run_out(clock, now)
    ended = state.get("ended") or ("lost" if clock_out else None)
    busy = under_way(state)
    can_start = len(busy) < content.rules.max_missions_under_way
    return {
        "ended": ended,
        "clock_out": clock_out,
        "fight": state.get("combat"),
        "engaged": state.get("engaged") is not None,
        "startable": [
            key for key, m in state["missions"].items() if can_start and m["state"] == "not_started"
        ],
        "under_way": {key: scenes_left(state, key) for key in busy},
        "nova": "start" if not clock["started"] else ("pause" if clock["running"] else "resume"),
        "scene_types": list(content.scenes),
    }


def scenes_left(state: State, key: str) -> list[str]:
    mission = state["missions"][key]
    left = [s for s, done in zip(mission["scenes"], mission["done"], strict=True) if not done]
    return list(dict.fromkeys(left))


def scene_types_for(content: OriginemContent, slot: str) -> list[str]:
    """The scene tables that can fill a mission's ``slot`` (a combat can be run from)."""
    return [key for key, table in content.scenes.items() if table.slot(key) == slot]


def rollers(state: State, content: OriginemContent, scene: str) -> list[tuple[str, str]]:
    """(name, die) of each crew member who can roll in ``scene`` now, best die first;
    refused when there is no one."""
    able = []
    for member in state["crew"]:
        die = content.classes[member["class"]].dice.get(scene)
        if die and (member["hp"] > 0 or content.rulings.down_can_roll):
            able.append((member["name"], die))
    if not able:
        raise RulesError(
            f"no crew member can roll in {scene} scenes now",
            hint="it needs a class with a die for it, standing (heal the fallen first)",
        )
    return sorted(able, key=lambda pair: -int(pair[1][1:]))


def fight_die(state: State, content: OriginemContent, name: str) -> str:
    """The die ``name`` rolls in the fight under way: a crew member's class die for
    fights, the GM's chosen die for an enemy."""
    for member in state["crew"]:
        if member["name"] == name:
            return content.classes[member["class"]].dice[content.rules.combat.crew_die]
    return str(state["combat"]["gm_die"])


def healing_die(state: State, content: OriginemContent, name: str) -> str:
    """The die crew member ``name`` heals with (only healers have one)."""
    member = next(m for m in state["crew"] if m["name"] == name)
    return content.classes[member["class"]].dice[content.rules.combat.heal_table]


def fight_targets(state: State) -> dict[str, list[str]]:
    """Standing enemies and standing crew members in the fight under way."""
    combat = state.get("combat") or {"enemies": [], "crew": []}
    return {
        "enemies": [e["name"] for e in combat["enemies"] if e["hp"] > 0],
        "crew": [m["name"] for m in state["crew"] if m["name"] in combat["crew"] and m["hp"] > 0],
        "hurt": [
            m["name"]
            for m in state["crew"]
            if m["name"] in combat["crew"] and m["hp"] < m["max_hp"]
        ],
    }


def check_enemies(state: State, content: OriginemContent, typed: str) -> None:
    """Raise the error a fight against ``typed`` ("low:2, high") would meet, so a menu can
    ask again before asking anything else."""
    from gmtool.games.originem.rules.combat import _enemies

    _enemies(
        [item.strip() for item in typed.split(",")], content, [m["name"] for m in state["crew"]]
    )
