"""Missions: starting one (at most a few at once), ticking off its scenes, completing it,
adding its knowledge and unlocking the final mission."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.engine.system import Action, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.rules.names import find_mission, listing, normalise

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

FREE = ("none", "free")
"""Mission names that mean "this scene belongs to no mission"."""


def view(key: str, mission: dict[str, Any]) -> dict[str, Any]:
    done = mission["done"]
    return {
        "id": key,
        "name": mission["title"],
        "kind": mission["kind"],
        "knowledge": mission["knowledge"],
        "state": mission["state"],
        "class": mission["class"],
        "scenes": list(mission["scenes"]),
        "scenes_done": sum(done),
        "scenes_left": [s for s, d in zip(mission["scenes"], done, strict=True) if not d],
    }


LIST_ORDER = ("under_way", "not_started", "locked", "complete")
"""How ``mission list`` orders missions: those under way, those that can start, the rest."""


def in_list_order(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mission views sorted by state (the order within a state is the YAML's)."""
    return sorted(views, key=lambda view: LIST_ORDER.index(view["state"]))


def under_way(state: State) -> list[str]:
    return [key for key, m in state["missions"].items() if m["state"] == "under_way"]


def start(state: State, action: Action, content: OriginemContent) -> dict[str, Any]:
    key = find_mission(state, str(action.get("mission", "")))
    mission = state["missions"][key]
    title = mission["title"]
    if mission["state"] == "locked":
        have, need = state["knowledge"]["have"], state["knowledge"]["need"]
        raise RulesError(
            f"{title} unlocks at {need} knowledge points and the crew has {have}",
            hint="complete more missions first",
        )
    if mission["state"] == "under_way":
        raise RulesError(f"{title} is already under way")
    if mission["state"] == "complete":
        raise RulesError(f"{title} is already complete")
    busy = under_way(state)
    most = content.rules.max_missions_under_way
    if len(busy) >= most:
        names = listing(state["missions"][k]["title"] for k in busy)
        raise RulesError(
            f"{most} missions are already under way ({names}); no more than {most} at once",
            hint="complete one before starting another",
        )
    mission["state"] = "under_way"
    return {"mission": view(key, mission)}


def open_scene(mission: dict[str, Any], slot: str, *, in_order: bool) -> int | None:
    """The index of the mission's scene a ``slot`` scene would complete, if any."""
    for index, (scene, done) in enumerate(zip(mission["scenes"], mission["done"], strict=True)):
        if done:
            continue
        if scene == slot:
            return index
        if in_order:
            return None
    return None


def for_scene(state: State, name: str | None, slot: str, content: OriginemContent) -> str | None:
    """The mission a ``slot`` scene belongs to: the one named, else the only mission under
    way with such a scene left, else none (a scene outside any mission)."""
    in_order = content.rulings.scene_order == "in_order"
    if name is not None and normalise(name) in FREE:
        return None
    if name:
        key = find_mission(state, name)
        mission = state["missions"][key]
        if mission["state"] != "under_way":
            raise RulesError(
                f"{mission['title']} is not under way ({mission['state'].replace('_', ' ')})",
                hint=f"start it with 'mission start \"{mission['title']}\"'"
                if mission["state"] == "not_started"
                else "",
            )
        if open_scene(mission, slot, in_order=in_order) is None:
            left = view(key, mission)["scenes_left"]
            order = f"; its next scene is {left[0]}" if in_order and left else ""
            raise RulesError(
                f"{mission['title']} has no {slot} scene left to play{order}",
                hint=f"scenes left: {listing(left)}",
            )
        return key
    candidates = [
        key
        for key in under_way(state)
        if open_scene(state["missions"][key], slot, in_order=in_order) is not None
    ]
    if len(candidates) > 1:
        names = listing(state["missions"][k]["title"] for k in candidates)
        raise UsageError(
            f"several missions under way have {slot} scenes left: {names}",
            hint="name one with --mission (or --mission none for a scene outside them)",
        )
    return candidates[0] if candidates else None


def complete_scene(state: State, key: str, slot: str, content: OriginemContent) -> dict[str, Any]:
    """Tick off the mission's ``slot`` scene; completes the mission after its last scene."""
    mission = state["missions"][key]
    index = open_scene(mission, slot, in_order=content.rulings.scene_order == "in_order")
    if index is not None:
        mission["done"][index] = True
    if all(mission["done"]):
        return finish(state, key)
    return {"mission_progress": view(key, mission), "mission_complete": False}


def finish(state: State, key: str) -> dict[str, Any]:
    """Complete a mission: every scene counts as done and its knowledge is added."""
    mission = state["missions"][key]
    mission["done"] = [True] * len(mission["done"])
    mission["state"] = "complete"
    knowledge = state["knowledge"]
    knowledge["have"] += mission["knowledge"]
    result: dict[str, Any] = {
        "mission_progress": view(key, mission),
        "mission_complete": True,
        "knowledge_gained": mission["knowledge"],
    }
    if mission["kind"] == "final":
        state["ended"] = "won"
        state["ended_reason"] = f"{mission['title']} is complete"
        result["won"] = True
    elif knowledge["have"] >= knowledge["need"]:
        for other in state["missions"].values():
            if other["kind"] == "final" and other["state"] == "locked":
                other["state"] = "not_started"
                result["final_unlocked"] = other["title"]
    return result
