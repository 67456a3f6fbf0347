"""The steps of a fight: initiative, a crew attack, an enemy attack, a heal, ending a turn.

An attack is two rolls: the attacker's die is the damage, then the defender's die blocks
the whole attack when it shows more than ``block_above``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError
from gmtool.games.originem.rules import missions
from gmtool.games.originem.rules.combat import (
    current,
    fighters,
    find_enemy,
    find_fighter,
    healers,
    settle,
    to_act,
    view,
)
from gmtool.games.originem.rules.names import listing
from gmtool.games.originem.rules.scenes import band_for, check_can_heal, heal
from gmtool.games.originem.state import Crew

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

GM = "GM"


def _roll(dice: DiceDoor, die: str, who: str, label: str) -> dict[str, Any]:
    roll = dice.roll(die, who=who, label=label)
    return {"by": who, "die": die, "face": roll.total, "source": roll.source}


def _crew_die(member: Crew, content: OriginemContent) -> str:
    return content.classes[member["class"]].dice[content.rules.combat.crew_die]


def _check_turn(combat: dict[str, Any], turn: str) -> None:
    if combat["turn"] == turn:
        return
    now = combat["turn"]
    if now == "initiative":
        raise RulesError("the fight has not begun", hint="roll 'combat initiative' first")
    whose = {
        "crew": "the crew's turn to attack",
        "enemies": "the enemies' turn to attack",
        "heal": "the healing phase",
    }[now]
    raise RulesError(
        f"it is {whose} (round {combat['round']})",
        hint=f"still to act: {listing(combat['to_act'])}; or 'combat end-turn'",
    )


def _outcome(state: State, result: dict[str, Any], who: str, what: str, outcome: str) -> Outcome:
    combat = state.get("combat") or {}
    key = result.pop("_mission", None) or combat.get("mission")
    title = state["missions"][key]["title"] if key else ""
    result["combat"] = view(state)
    return Outcome(
        state, result, who=who, what=what, outcome=outcome, mission=title, scene="combat"
    )


def initiative(state: State, action: Action, dice: DiceDoor, content: OriginemContent) -> Outcome:
    combat = current(state)
    if combat["turn"] != "initiative":
        raise RulesError(f"initiative was settled: the {combat['first']} attack first")
    member = find_fighter(state, combat, str(action.get("by", "")))
    if member["hp"] <= 0:
        raise RulesError(f"{member['name']} is down and cannot roll")
    crew_roll = _roll(dice, _crew_die(member, content), member["name"], "initiative")
    gm_roll = _roll(dice, combat["gm_die"], GM, "initiative")
    result: dict[str, Any] = {"crew_roll": crew_roll, "gm_roll": gm_roll, "tie": False}
    if crew_roll["face"] != gm_roll["face"]:
        first = "crew" if crew_roll["face"] > gm_roll["face"] else "enemies"
    elif content.rulings.initiative_tie == "roll_again":
        result.update(tie=True, first=None)
        return _outcome(state, result, member["name"], "combat initiative", "tie")
    else:
        result["tie"] = True
        first = content.rulings.initiative_tie
    combat.update(first=first, round=1, turn=first, acted=[])
    settle(state, combat, content)
    result["first"] = first
    return _outcome(state, result, member["name"], "combat initiative", f"{first} first")


def attack(state: State, action: Action, dice: DiceDoor, content: OriginemContent) -> Outcome:
    combat = current(state)
    _check_turn(combat, "crew")
    member = find_fighter(state, combat, str(action.get("by", "")))
    _check_can_act(combat, member["name"], member["hp"])
    enemy = find_enemy(combat, str(action.get("target", "")))
    if enemy["hp"] <= 0:
        raise RulesError(f"{enemy['name']} is already down", hint=_alive_enemies(combat))
    hit = _roll(dice, _crew_die(member, content), member["name"], f"attack on {enemy['name']}")
    block = _roll(dice, combat["gm_die"], GM, f"{enemy['name']} blocks")
    return _resolve(state, combat, content, member["name"], enemy, hit, block, "combat attack")


def enemy_attack(state: State, action: Action, dice: DiceDoor, content: OriginemContent) -> Outcome:
    combat = current(state)
    _check_turn(combat, "enemies")
    enemy = find_enemy(combat, str(action.get("enemy", "")))
    _check_can_act(combat, enemy["name"], enemy["hp"])
    member = find_fighter(state, combat, str(action.get("target", "")))
    if member["hp"] <= 0:
        raise RulesError(f"{member['name']} is already down")
    hit = _roll(dice, combat["gm_die"], GM, f"{enemy['name']} attacks {member['name']}")
    block = _roll(dice, _crew_die(member, content), member["name"], "block")
    return _resolve(
        state, combat, content, enemy["name"], member, hit, block, "combat enemy-attack"
    )


def _check_can_act(combat: dict[str, Any], name: str, hp: int) -> None:
    if hp <= 0:
        raise RulesError(f"{name} is down and cannot act")
    if name in combat["acted"]:
        raise RulesError(
            f"{name} has already acted this turn",
            hint=f"still to act: {listing(combat['to_act'])}; or 'combat end-turn'",
        )


def _alive_enemies(combat: dict[str, Any]) -> str:
    return f"standing: {listing(e['name'] for e in combat['enemies'] if e['hp'] > 0)}"


def _resolve(
    state: State,
    combat: dict[str, Any],
    content: OriginemContent,
    attacker: str,
    target: Crew | dict[str, Any],
    hit: dict[str, Any],
    block: dict[str, Any],
    what: str,
) -> Outcome:
    blocked = block["face"] > content.rules.combat.block_above
    damage = 0 if blocked else hit["face"]
    target["hp"] = max(0, target["hp"] - damage)
    combat["acted"].append(attacker)
    result: dict[str, Any] = {
        "attacker": attacker,
        "target": target["name"],
        "rolls": [hit, block],
        "blocked": blocked,
        "block_needs": content.rules.combat.block_above + 1,
        "damage": damage,
        "target_hp": target["hp"],
        "target_down": target["hp"] <= 0,
    }
    name = target["name"]
    if blocked:
        outcome = "blocked"
    elif target["hp"] <= 0:
        outcome = f"hit for {damage}: {name} down"
    else:
        outcome = f"hit for {damage} ({name} {target['hp']}/{target['max_hp']})"
    _finish_or_settle(state, combat, content, result)
    return _outcome(state, result, f"{attacker}, {name}", f"{what} on {name}", outcome)


def heal_action(state: State, action: Action, dice: DiceDoor, content: OriginemContent) -> Outcome:
    combat = current(state)
    _check_turn(combat, "heal")
    table_name = content.rules.combat.heal_table
    member = find_fighter(state, combat, str(action.get("by", "")))
    if member["name"] not in healers(state, combat, content):
        raise RulesError(
            f"{member['name']} ({member['class_title']}) cannot heal",
            hint=f"healers in this fight: {listing(healers(state, combat, content))}",
        )
    _check_can_act(combat, member["name"], member["hp"])
    target = find_fighter(state, combat, str(action.get("target", "")))
    check_can_heal(target, content.rulings)
    if target["hp"] >= target["max_hp"]:
        hurt = [m["name"] for m in fighters(state, combat) if m["hp"] < m["max_hp"]]
        raise RulesError(
            f"{target['name']} is not hurt ({target['hp']}/{target['max_hp']} HP)",
            hint=f"hurt: {listing(hurt)}" if hurt else "no one is hurt: 'combat end-turn'",
        )
    table = content.scenes[table_name]
    die = content.classes[member["class"]].dice[table_name]
    roll = _roll(dice, die, member["name"], f"heal {target['name']}")
    band_id, band = band_for(table_name, table, roll["face"], content.rulings)
    combat["acted"].append(member["name"])
    result: dict[str, Any] = {
        "healer": member["name"],
        "target": target["name"],
        "rolls": [roll],
        "outcome": band_id,
        "title": band.title,
    }
    healed = result["healed"] = heal(target, band.effects.heal)
    settle(state, combat, content)
    name = target["name"]
    who = member["name"] if name == member["name"] else f"{member['name']}, {name}"
    outcome = band_id
    if healed["amount"]:
        outcome += f" +{healed['amount']} ({name} {target['hp']}/{target['max_hp']})"
    return _outcome(state, result, who, f"combat heal of {name}", outcome)


def end_turn(state: State, content: OriginemContent) -> Outcome:
    combat = current(state)
    if combat["turn"] == "initiative":
        raise RulesError("the fight has not begun", hint="roll 'combat initiative' first")
    skipped = to_act(state, combat, content)
    ended = combat["turn"]
    combat["acted"].extend(skipped)
    settle(state, combat, content)
    result = {"ended_turn": ended, "skipped": skipped}
    return _outcome(state, result, "GM", "combat end-turn", f"{ended} turn ended")


def stop(state: State) -> Outcome:
    """The GM calls the fight off: no side wins and no mission scene is completed."""
    combat = current(state)
    state["combat"] = None
    result = {"combat_over": "stopped", "_mission": combat["mission"]}
    return _outcome(state, result, "GM", "combat end", "stopped")


def _finish_or_settle(
    state: State, combat: dict[str, Any], content: OriginemContent, result: dict[str, Any]
) -> None:
    if all(e["hp"] <= 0 for e in combat["enemies"]):
        state["combat"] = None
        result["combat_over"] = "won"
        key = combat["mission"]
        result["_mission"] = key
        if key is not None:
            result.update(missions.complete_scene(state, key, "combat", content))
    elif all(m["hp"] <= 0 for m in state["crew"] if m["name"] in combat["crew"]):
        state["combat"] = None
        result["combat_over"] = "lost"
        result["_mission"] = combat["mission"]
        if content.rulings.all_down_loses and all(m["hp"] <= 0 for m in state["crew"]):
            state["ended"] = "lost"
            state["ended_reason"] = "the whole crew is down"
    else:
        settle(state, combat, content)
