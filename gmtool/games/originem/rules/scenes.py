"""Rolled scenes (exploration, puzzle, general, runaway, healing): who rolls which die,
the total looked up in the scene's table, and the band's effects applied."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.rules import missions
from gmtool.games.originem.rules.names import find_able_member, find_key, find_member, listing
from gmtool.games.originem.rules.nova import take_time
from gmtool.games.originem.state import Crew

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import Band, OriginemContent, Rulings, SceneTable


def find_table(content: OriginemContent, name: str) -> tuple[str, SceneTable]:
    if name.strip().lower() == "combat":
        raise UsageError(
            "a combat scene is fought with the combat commands",
            hint="combat start, combat initiative, combat attack...",
        )
    key = find_key(content.scenes, name, "scene type")
    return key, content.scenes[key]


def band_for(scene: str, table: SceneTable, total: int, rulings: Rulings) -> tuple[str, Band]:
    """The band holding ``total``; outside every band, the nearest end band (or an error)."""
    ordered = table.ordered_bands()
    for band_id, band in ordered:
        if band.min <= total <= band.max:
            return band_id, band
    if rulings.out_of_table == "error":
        low, high = ordered[0][1].min, ordered[-1][1].max
        raise RulesError(f"a total of {total} is in no band of the {scene} table ({low}-{high})")
    return ordered[0] if total < ordered[0][1].min else ordered[-1]


def rollers(
    state: State, scene: str, table: SceneTable, by: Any, content: OriginemContent
) -> list[tuple[Crew, str]]:
    """(crew member, die) for each roll of the scene, in order."""
    names = [by] if isinstance(by, str) else list(by or [])
    if len(names) == 1 and table.rolls > 1 and content.rulings.one_roller_rolls_all:
        names = names * table.rolls
    if len(names) != table.rolls:
        raise UsageError(_wrong_rollers(scene, table.rolls, len(names), content.rulings))
    result = []
    for name in names:
        member = find_able_member(state, str(name), down_can_roll=content.rulings.down_can_roll)
        die = content.classes[member["class"]].dice.get(scene)
        if die is None:
            able = [m["name"] for m in state["crew"] if scene in content.classes[m["class"]].dice]
            raise RulesError(
                f"{member['name']} ({member['class_title']}) has no die for {scene} scenes",
                hint=f"who can roll: {listing(able)}",
            )
        result.append((member, die))
    return result


def rolls_of(state: State, action: Action, content: OriginemContent) -> list[tuple[str, str]]:
    """(crew member's name, die) for each roll a scene or runaway action makes, in order,
    read as the rules read its ``by``."""
    scene, table = find_table(content, str(action.get("scene") or action.get("type", "")))
    made = rollers(state, scene, table, action.get("by"), content)
    return [(member["name"], die) for member, die in made]


def _wrong_rollers(scene: str, rolls: int, named: int, rulings: Rulings) -> str:
    if rolls == 1:
        return f"{scene}: one roll by one crew member, not {named}"
    also = " (or one who makes them all)" if rulings.one_roller_rolls_all else ""
    return f"{scene} scenes take {rolls} rolls: name one crew member per roll{also}, not {named}"


def bonus_key(rulings: Rulings, scene: str, mission: str | None) -> str:
    """Where a pending "+1 to next roll" waits, by the ruling on what it carries to."""
    if rulings.bonus_scope == "any_scene":
        return "any"
    if rulings.bonus_scope == "same_mission":
        return f"mission:{mission or '-'}"
    return f"scene:{scene}"


def heal(member: Crew, amount: int) -> dict[str, Any]:
    """Heal a crew member (never above their maximum)."""
    before = member["hp"]
    member["hp"] = min(member["max_hp"], before + amount)
    return {"name": member["name"], "amount": member["hp"] - before, "hp": member["hp"]}


def check_can_heal(member: Crew, rulings: Rulings) -> None:
    if member["hp"] <= 0 and not rulings.heal_revives_down:
        raise RulesError(f"{member['name']} is down and a heal cannot bring them back")


def play(state: State, action: Action, dice: DiceDoor, content: OriginemContent) -> Outcome:
    scene, table = find_table(content, str(action.get("scene", "")))
    rulings = content.rulings
    rolls_by = rollers(state, scene, table, action.get("by"), content)
    slot = table.slot(scene)
    mission_key = missions.for_scene(state, action.get("mission"), slot, content)
    target = None
    if action.get("target"):
        if not any(band.effects.heal for band in table.bands.values()):
            raise UsageError(f"{scene} scenes heal no one, so they take no target")
        target = find_member(state, str(action["target"]))
        check_can_heal(target, rulings)

    key = bonus_key(rulings, scene, mission_key)
    bonus = int(state["bonus"].pop(key, 0))
    rolls: list[dict[str, Any]] = []
    for number, (member, die) in enumerate(rolls_by, start=1):
        roll = dice.roll(die, who=member["name"], label=f"{scene} roll {number}")
        rolls.append({"by": member["name"], "die": die, "face": roll.total, "source": roll.source})
    total = sum(r["face"] for r in rolls) + bonus
    band_id, band = band_for(scene, table, total, rulings)
    mission_title = state["missions"][mission_key]["title"] if mission_key else None
    result: dict[str, Any] = {
        "scene": scene,
        "mission": mission_title,
        "rolls": rolls,
        "bonus": bonus,
        "total": total,
        "outcome": band_id,
        "title": band.title,
        "effects": band.effects.to_json(),
    }
    _apply_effects(state, band, result, scene, slot, mission_key, target, content)
    who = list(dict.fromkeys(r["by"] for r in rolls))
    return Outcome(
        state,
        result,
        who=", ".join(who),
        what=f"{scene} scene",
        outcome=band_id,
        mission=mission_title or "",
        scene=scene,
    )


def _apply_effects(
    state: State,
    band: Band,
    result: dict[str, Any],
    scene: str,
    slot: str,
    mission_key: str | None,
    target: Crew | None,
    content: OriginemContent,
) -> None:
    effects, rulings = band.effects, content.rulings
    if effects.nova_seconds < 0:
        take_time(state, -effects.nova_seconds)
    elif effects.nova_seconds > 0:
        state["nova"]["remaining"] = float(state["nova"]["remaining"]) + effects.nova_seconds
    if effects.next_roll_bonus:
        key = bonus_key(rulings, scene, mission_key)
        # The roll just made used up any bonus waiting here; with stacking, a failure in a
        # row on a roll that had a bonus passes on that bonus plus the new one.
        amount = effects.next_roll_bonus + (result["bonus"] if rulings.bonus_stacks else 0)
        state["bonus"][key] = max(int(state["bonus"].get(key, 0)), amount)
        result["bonus_waiting"] = state["bonus"][key]
    if effects.heal and target is not None:
        result["healed"] = heal(target, effects.heal)
    if effects.engage:
        result["engage"] = True
        if rulings.failed_runaway_forces_fight:
            state["engaged"] = {"mission": mission_key}
    if mission_key is None:
        return
    mission = state["missions"][mission_key]
    final = mission["kind"] == "final"
    progress: dict[str, Any] = {
        "mission_progress": missions.view(mission_key, mission),
        "mission_complete": False,
    }
    if effects.end_mission and not (final and not rulings.shortcut_ends_final_mission):
        progress = missions.finish(state, mission_key)
    elif effects.complete_scene or effects.end_mission:
        stand_in = scene != slot  # a runaway standing in for the mission's combat scene
        if final and stand_in and not rulings.runaway_completes_final_combat:
            result["note"] = "the fight is avoided, but the final mission's fight must be won"
        elif stand_in and not rulings.runaway_completes_combat:
            result["note"] = f"the battle is avoided; the mission's {slot} scene is still to play"
        else:
            progress = missions.complete_scene(state, mission_key, slot, content)
    result.update(progress)
