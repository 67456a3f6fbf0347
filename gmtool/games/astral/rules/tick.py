"""One tick, resolved in the rules' order:

1. everyone declares (checked before any die is rolled);
2. everyone attacking, blocking or attacked gets a CV (PCs roll, NPCs use their TN) plus
   modifiers, then blocks raise their targets' CVs;
3. every attack is resolved at once against those CVs;
4. all other actions take effect (rest, work, examine, speech); with the default
   ``knockout.counted_after: other_actions`` a character at 0 Aura still acts here;
5. end of tick: who is knocked out is counted, timers count down, moves change
   distances, the knocked out suffer it, NPCs left alone by the PCs wake.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gmtool.dice import DiceDoor, Roll
from gmtool.engine.system import Outcome
from gmtool.errors import DiceError, RulesError, unknown
from gmtool.games.astral.rules import combat, speech, tasks
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.declarations import Declaration, check_declarations
from gmtool.games.astral.rules.knockouts import count_down, knock_out, wake_left_npcs
from gmtool.games.astral.rules.lookups import BEINGS, State, find, find_task
from gmtool.games.astral.rules.moves import resolve_moves

Event = dict[str, Any]


def resolve_tick(
    state: State, action: Mapping[str, Any], dice: DiceDoor, content: AstralContent
) -> Outcome:
    raw = action.get("declarations")
    if not isinstance(raw, list):
        raise RulesError("a tick needs a list of declarations", hint='--act "NAME ACTION [TARGET]"')
    actions, speeches = declare(state, content, raw)
    _check_entered_faces(state, content, dice, actions)

    before = {e["name"]: e["aura"] for e in state["entities"] if e["kind"] in BEINGS}
    sleeping_before = [e["name"] for e in state["entities"] if e["condition"] == "unconscious"]
    if any(d["action"] == "attack" for d in actions.values()):
        state["fight_on"] = True

    own, events = combat.combat_values(state, content, dice, actions)
    values, block_events = combat.apply_blocks(content, actions, own)
    losses, attack_events = combat.resolve_attacks(content, actions, values, own)
    events += block_events + attack_events
    by_name = {e["name"]: e for e in state["entities"]}
    for name, loss in losses.items():
        by_name[name]["aura"] -= loss
    after_attacks = content.knockout.counted_after == "attacks"
    knocked = _knocked(content, actions, by_name) if after_attacks else []

    for who, declaration in actions.items():
        if declaration["action"] not in ("attack", "block"):  # already resolved above
            events.append(_other_action(state, content, dice, declaration, who in knocked))
    events += [speech.speak(state, content, s, knocked) for s in speeches]
    if not after_attacks:
        # "All other Actions take effect. Knocked Out characters suffer the effects."
        knocked = _knocked(content, actions, by_name)
        for event in events:  # a move lands at the end of the tick "unless ... Knocked Out"
            if event["event"] == "move" and event["who"] in knocked:
                event["effect"] = "none: knocked out"

    events += count_down(state, content)
    events += resolve_moves(state, content, dice, actions, knocked)
    events += knock_out(state, content, dice, knocked)
    events += wake_left_npcs(state, content, candidates=sleeping_before)
    events += [_not_counted(roll) for roll in dice.take_unused()]
    state["tick"] += 1

    aura = {n: {"before": b, "after": by_name[n]["aura"]} for n, b in before.items()}
    result = {
        "tick": state["tick"],
        "cv": values,
        "aura": aura,
        "knocked_out": knocked,
        "distances": state["distances"],
        "events": events,
    }
    changes = [
        f"{n} {a['after'] - a['before']:+d}" for n, a in aura.items() if a["after"] != a["before"]
    ]
    changes += [f"{n} knocked out" for n in knocked]
    changes += [
        f"{e['task']} {e['status']}" for e in events if e["event"] == "work" and "status" in e
    ]
    changes += [f"{e['who']} {e['event']}" for e in events if e["event"] in ("returned", "woke")]
    summary = "; ".join(changes) or "no Aura lost"
    speakers = {s["who"] for s in speeches}
    declared = ", ".join(n for n, d in actions.items() if not d.get("implicit") or n in speakers)
    return Outcome(state, result, who=declared, what=f"tick {state['tick']}", outcome=summary)


def _knocked(
    content: AstralContent, actions: dict[str, Declaration], by_name: dict[str, Any]
) -> list[str]:
    """The characters of this tick whose Aura is at or below the knock-out line."""
    return [n for n in actions if by_name[n]["aura"] <= content.knockout.at_or_below]


def _other_action(
    state: State, content: AstralContent, dice: DiceDoor, declaration: Declaration, knocked: bool
) -> Event:
    who, action = declaration["who"], declaration["action"]
    event: Event = {"event": action, "who": who}
    if declaration.get("implicit"):
        event["implicit"] = True
    if action == "examine":
        event["target"] = declaration["target"]
    if action == "defend":
        event["modifier"] = content.combat.action_modifier.defend
    if knocked and action in ("rest", "work", "examine", "move"):
        event["effect"] = "none: knocked out"
        if action == "work":
            _offer_unused_task_roll(state, content, dice, who, declaration["task"])
        return event
    entity = find(state, who)
    if action == "rest":
        cap = entity["starting_aura"] if content.rest.cap_at_starting_aura else None
        aura = entity["aura"]
        assert aura is not None  # only beings rest
        after = aura + content.rest.regain
        event["aura_before"] = entity["aura"]
        entity["aura"] = min(after, cap) if cap is not None else after
        event["aura_after"] = entity["aura"]
    elif action == "work":
        event = tasks.work(state, content, dice, who, declaration["task"])
    elif action == "examine":
        event["knowledge"] = entity["knowledge"]
        event["note"] = "the Referee describes it in detail, minding the examiner's Knowledge"
    elif action == "move":
        event.update({"targets": declaration["targets"], "to": declaration["to"]})
    return event


def _offer_unused_task_roll(
    state: State, content: AstralContent, dice: DiceDoor, who: str, name: str
) -> None:
    """The worker was knocked out before its work took effect; if this tick's work would
    have finished the task, the table may have rolled for it already: those faces are
    logged as not counted rather than refused."""
    task = find_task(state, name)
    if task["status"] == "open" and tasks.finishes_with_roll(task):
        dice.offer_unused(
            content.tasks.dice,
            who=task["by"],
            label=f"task {task['name']}",
            why=f"{who} was knocked out before finishing {task['name']}",
        )


def _not_counted(roll: Roll) -> Event:
    return {
        "event": "not_counted",
        "who": roll.who,
        "roll": roll.to_json(),
        "why": roll.not_counted,
    }


def declare(
    state: State, content: AstralContent, raw: Sequence[Mapping[str, Any] | str]
) -> tuple[dict[str, Declaration], list[Declaration]]:
    """Checked declarations in entity order; anyone present who declared nothing hesitates."""
    actions, speeches = check_declarations(state, content, raw)
    present = [e for e in state["entities"] if e["kind"] in BEINGS and e["condition"] == "active"]
    for being in present:
        implicit = {"who": being["name"], "action": "hesitate", "implicit": True}
        actions.setdefault(being["name"], implicit)
    return {e["name"]: actions[e["name"]] for e in present}, speeches


def dice_rollers(
    state: State, content: AstralContent, actions: dict[str, Declaration]
) -> list[tuple[str, str, str]]:
    """Who rolls this tick, in the order of the rolls, with the dice and what for: PCs in
    combat (their CV), then the owners of tasks this tick's work finishes. A worker knocked
    out this tick skips the task roll; timers may add the referee's rolls."""
    pcs = {e["name"] for e in state["entities"] if e["kind"] == "pc"}
    rolls = [(n, content.combat.dice, "CV") for n in combat.combatants(state, actions) if n in pcs]
    working = [d["task"] for d in actions.values() if d["action"] == "work"]
    workers = Counter(working) if working else {}
    for name, count in workers.items():
        task = find_task(state, name)
        if tasks.finishes_with_roll(task, count):
            rolls.append((task["by"], content.tasks.dice, f"task {task['name']}"))
    return rolls


def _check_entered_faces(
    state: State, content: AstralContent, dice: DiceDoor, actions: dict[str, Declaration]
) -> None:
    """Faces entered by name must belong to someone who rolls this tick."""
    if not dice.entered_by:
        return  # nothing to check: who rolls is not even worked out
    rollers = [who for who, _, _ in dice_rollers(state, content, actions)]
    if content.timers.roller == "referee":
        rollers.append(content.timers.referee_name)
    else:
        rollers += [n for n, d in actions.items() if d["action"] in ("move", "attack", "block")]
        rollers += combat.combatants(state, actions)
    for given in dice.entered_by:
        if given in rollers:
            continue
        names = [e["name"] for e in state["entities"]] + [content.timers.referee_name]
        if given not in names:
            raise unknown("character", given, [n for n in names if n in rollers] or names)
        entity = next((e for e in state["entities"] if e["name"] == given), None)
        if entity is not None and entity["kind"] == "npc" and entity["name"] in actions:
            why = f"{given} is an NPC: its CV is its TN ({entity['tn']}), so it rolls no dice"
        else:
            why = f"faces were entered for {given}, who rolls no dice this tick"
        wanted = sorted(set(rollers) - {content.timers.referee_name}) or ["nobody"]
        raise DiceError(why, hint=f"rolling this tick: {', '.join(wanted)}")
