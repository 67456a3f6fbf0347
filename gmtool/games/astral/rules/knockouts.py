"""Knock-outs, timers (gone PCs, Away lockouts), waking NPCs, the final attack, disturbing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.errors import RulesError
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.lookups import (
    State,
    check_present,
    distance,
    find,
    lockout,
    lockout_parties,
    set_distance,
    timers_of,
    within,
)

Event = dict[str, Any]


def timer_roller(content: AstralContent, who: str) -> str:
    """Who rolls a timer's dice: the referee (by default) or the character it concerns."""
    return content.timers.referee_name if content.timers.roller == "referee" else who


def knock_out(
    state: State, content: AstralContent, dice: DiceDoor, knocked: list[str]
) -> list[Event]:
    events: list[Event] = []
    for name in knocked:
        entity = find(state, name)
        if entity["kind"] == "pc":
            roll = dice.roll(
                content.knockout.pc_gone_dice, who=timer_roller(content, name), label=f"{name} gone"
            )
            aura = entity["starting_aura"]
            assert aura is not None  # a PC has one
            ticks = roll.total + aura
            entity["condition"] = "gone"
            state["timers"].append({"kind": "gone", "who": name, "ticks": ticks})
            events.append(
                {"event": "knocked_out", "who": name, "gone_for": ticks, "roll": roll.to_json()}
            )
        else:
            entity["condition"] = "unconscious"
            events.append({"event": "knocked_out", "who": name, "unconscious": True})
    return events


def count_down(state: State, content: AstralContent) -> list[Event]:
    """One tick passes for every timer; PCs whose time is up return at full Aura."""
    events: list[Event] = []
    for timer in list(state["timers"]):
        if timer["ticks"] > 0:
            timer["ticks"] -= 1
        if timer["ticks"] > 0:
            continue
        if timer["kind"] == "gone":
            state["timers"].remove(timer)
            events.append(_return(state, content, timer["who"]))
        elif not timer["waits_for_final_attack"]:
            state["timers"].remove(timer)
            events.append(_lockout_ended(timer))
    return events


def _lockout_ended(timer: dict[str, Any]) -> Event:
    who, others = lockout_parties(timer)
    return {"event": "lockout_ended", "who": who, "away_from": others}


def _return(state: State, content: AstralContent, name: str) -> Event:
    entity = find(state, name)
    entity["condition"] = "active"
    entity["aura"] = entity["starting_aura"]
    place = content.knockout.pc_return_distance
    if place != "keep":
        for other in state["entities"]:
            if other["name"] != name and lockout(state, name, other["name"]) is None:
                set_distance(state, name, other["name"], place)
    return {"event": "returned", "who": name, "aura": entity["aura"]}


def start_lockout(
    state: State, content: AstralContent, dice: DiceDoor, mover: str, others: list[str]
) -> Event:
    """ "A character that moves Away cannot return for at least 2d6+12 Ticks": one roll for
    the character, however many entities it moved Away from this tick."""
    roll = dice.roll(
        content.away.lockout_dice,
        who=timer_roller(content, mover),
        label=f"{mover} away from {', '.join(others)}",
    )
    ticks = roll.total + content.away.lockout_plus
    waits = content.away.wait_for_final_attack and bool(state["fight_on"])
    state["timers"].append(
        {
            "kind": "lockout",
            "who": mover,
            "away_from": others,
            "ticks": ticks,
            "waits_for_final_attack": waits,
        }
    )
    return {
        "event": "lockout",
        "who": mover,
        "away_from": others,
        "ticks": ticks,
        "waits_for_final_attack": waits,
        "roll": roll.to_json(),
    }


def wake_left_npcs(
    state: State, content: AstralContent, candidates: list[str] | None
) -> list[Event]:
    """Unconscious NPCs wake once no present PC is closer than Away."""
    events: list[Event] = []
    pcs = [e["name"] for e in state["entities"] if e["kind"] == "pc" and e["condition"] == "active"]
    for npc in state["entities"]:
        if npc["condition"] != "unconscious":
            continue
        if candidates is not None and npc["name"] not in candidates:
            continue
        if any(distance(state, npc["name"], pc) != "away" for pc in pcs):
            continue
        wake_with = content.knockout.npc_wakes_when_left_with
        npc["aura"] = npc["starting_aura"] if wake_with == "full" else wake_with
        npc["condition"] = "active"
        events.append(
            {
                "event": "woke",
                "who": npc["name"],
                "aura": npc["aura"],
                "why": "no player character is near any more",
            }
        )
    return events


def mark_final_attack(state: State, action: Mapping[str, Any], content: AstralContent) -> Outcome:
    waiting = [t for t in timers_of(state, "lockout") if t["waits_for_final_attack"]]
    if not state["fight_on"] and not waiting:
        raise RulesError(
            "no attack has been made since the last final attack",
            hint="mark the final attack once a fight is over",
        )
    state["fight_on"] = False
    events: list[Event] = [{"event": "final_attack"}]
    for timer in waiting:
        timer["waits_for_final_attack"] = False
        if timer["ticks"] <= 0:
            state["timers"].remove(timer)
            events.append(_lockout_ended(timer))
    freed = sum(1 for e in events if e["event"] == "lockout_ended")
    return Outcome(
        state,
        {"events": events},
        what="final attack",
        outcome=f"fight over; {freed} lockout(s) ended",
    )


def disturb(
    state: State, action: Mapping[str, Any], dice: DiceDoor, content: AstralContent
) -> Outcome:
    pc = find(state, str(action.get("who", "")), kinds=("pc",))
    npc = find(state, str(action.get("target", "")), kinds=("npc",))
    check_present(state, pc, "disturb anyone")
    if npc["condition"] != "unconscious":
        raise RulesError(
            f"{npc['name']} is not unconscious, so there is nothing to disturb",
            hint="disturb only a knocked-out NPC",
        )
    reach = content.combat.reach.disturb
    if not within(state, pc["name"], npc["name"], reach):
        raise RulesError(
            f"{pc['name']} is {distance(state, pc['name'], npc['name'])} from {npc['name']}; "
            f"disturbing it needs {reach} or closer",
            hint="move closer first",
        )
    roll = dice.roll(content.combat.dice, who=pc["name"], label=f"disturb {npc['name']}")
    tn = npc["tn"]
    assert tn is not None  # an NPC has one
    stays = roll.total > tn
    if not stays:
        npc["condition"] = "active"
        npc["aura"] = content.knockout.disturb_wake_aura
    event = {
        "event": "disturb",
        "who": pc["name"],
        "target": npc["name"],
        "roll": roll.to_json(),
        "tn": npc["tn"],
        "woke": not stays,
        "aura": npc["aura"],
    }
    effect = "stays out" if stays else f"wakes with {npc['aura']} Aura"
    text = f"{roll.total} vs TN {npc['tn']}: {effect}"
    return Outcome(
        state, {"events": [event]}, who=pc["name"], what=f"disturb {npc['name']}", outcome=text
    )
