"""A fight, one step per command: start, initiative, then rounds of attacks and healing.

A round: the side that won initiative attacks (each of its fighters once), then the other
side, then the healing phase (each healer in the fight may heal once). The fight ends
when every enemy or every crew member in it is down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.originem.rules import missions
from gmtool.games.originem.rules.names import find_key, find_member, listing, same
from gmtool.games.originem.state import Crew, typed

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

SIDES = ("crew", "enemies")


def current(state: State) -> dict[str, Any]:
    combat: dict[str, Any] | None = state.get("combat")
    if combat is None:
        raise RulesError("no fight is under way", hint="start one with 'combat start'")
    return combat


def die_text(text: str, allowed: list[str]) -> str:
    die = str(text).strip().lower()
    die = die if die.startswith("d") else f"d{die}"
    if die not in allowed:
        raise UsageError(f"the GM cannot fight with a {die}", hint=f"valid: {', '.join(allowed)}")
    return die


def start(state: State, action: Action, content: OriginemContent) -> Outcome:
    if state.get("combat"):
        raise RulesError("a fight is already under way", hint="finish it, or 'combat end'")
    gm_die = die_text(str(action.get("gm_die", "")), content.rules.combat.gm_dice)
    if action.get("crew"):
        fighters = [find_member(state, str(name)) for name in action["crew"]]
        for member in fighters:
            if member["hp"] <= 0:
                raise RulesError(
                    f"{member['name']} is down and cannot fight", hint="heal them first"
                )
    else:
        fighters = [m for m in state["crew"] if m["hp"] > 0]
    if not fighters:
        raise RulesError("no crew member can fight: everyone is down")
    names = list(dict.fromkeys(m["name"] for m in fighters))
    enemies = _enemies(action.get("enemies"), content, names)
    engaged, state["engaged"] = state.get("engaged"), None
    if engaged and action.get("mission") is None:
        mission_key = engaged["mission"]
    else:
        mission_key = missions.for_scene(state, action.get("mission"), "combat", content)
    state["combat"] = {
        "mission": mission_key,
        "gm_die": gm_die,
        "crew": names,
        "enemies": enemies,
        "first": None,
        "round": 0,
        "turn": "initiative",
        "acted": [],
        "to_act": [],
    }
    title = state["missions"][mission_key]["title"] if mission_key else ""
    result = {"started": True, "combat": view(state)}
    return Outcome(
        state,
        result,
        who="GM",
        what="combat start",
        outcome="started",
        mission=title,
        scene="combat",
    )


def _enemies(spec: Any, content: OriginemContent, crew: list[str]) -> list[dict[str, Any]]:
    """Enemies from ``["low", "low:2", "Warden=high", {"tier": "boss", "name": "X"}]``."""
    items = [spec] if isinstance(spec, str | Mapping) else list(spec or [])
    if not items:
        tiers = ", ".join(content.enemies)
        raise UsageError("a fight needs at least one enemy", hint=f"tiers: {tiers}")
    wanted: list[tuple[str | None, str]] = []
    for item in items:
        if isinstance(item, Mapping):
            name, tier, count = item.get("name"), str(item.get("tier", "")), item.get("count", 1)
        else:
            name, sep, tier = str(item).rpartition("=")
            name = name if sep else None
            tier, colon, amount = tier.partition(":")
            count = amount if colon else 1
        key = find_key(content.enemies, tier.strip(), "enemy tier")
        if not str(count).isdigit() or int(count) < 1:
            raise UsageError(f"'{item}' asks for {count} enemies; give a whole number from 1")
        wanted.extend([(str(name).strip() if name else None, key)] * int(count))
    enemies: list[dict[str, Any]] = []
    numbers: dict[str, int] = {}
    for name, key in wanted:
        base = name or key
        numbers[base] = numbers.get(base, 0) + 1
        stats = content.enemies[key]
        label = name if name and wanted.count((name, key)) == 1 else f"{base}-{numbers[base]}"
        taken = [other["name"] for other in enemies] + crew
        if any(same(label, other) for other in taken):
            raise UsageError(f"two fighters would be called {label}; give the enemies other names")
        enemies.append(
            {
                "name": label,
                "tier": key,
                "tier_title": stats.title,
                "hp": stats.hp,
                "max_hp": stats.hp,
            }
        )
    return enemies


def find_enemy(combat: dict[str, Any], name: str) -> dict[str, Any]:
    for enemy in combat["enemies"]:
        if same(enemy["name"], name):
            found: dict[str, Any] = enemy
            return found
    raise unknown("enemy", name, [e["name"] for e in combat["enemies"]])


def find_fighter(state: State, combat: dict[str, Any], name: str) -> Crew:
    """A crew member taking part in the fight."""
    for member in typed(state)["crew"]:
        if same(member["name"], name):
            if member["name"] not in combat["crew"]:
                raise RulesError(
                    f"{member['name']} is not in this fight",
                    hint=f"fighting: {listing(combat['crew'])}",
                )
            return member
    raise unknown("crew member", name, combat["crew"])


def fighters(state: State, combat: dict[str, Any]) -> list[Crew]:
    return [m for m in typed(state)["crew"] if m["name"] in combat["crew"]]


def healers(state: State, combat: dict[str, Any], content: OriginemContent) -> list[str]:
    table = content.rules.combat.heal_table
    return [
        m["name"]
        for m in fighters(state, combat)
        if m["hp"] > 0 and table in content.classes[m["class"]].dice
    ]


def to_act(state: State, combat: dict[str, Any], content: OriginemContent) -> list[str]:
    """Who may still act in the current turn."""
    turn, acted = combat["turn"], combat["acted"]
    if turn == "crew":
        return [
            m["name"] for m in fighters(state, combat) if m["hp"] > 0 and m["name"] not in acted
        ]
    if turn == "enemies":
        return [e["name"] for e in combat["enemies"] if e["hp"] > 0 and e["name"] not in acted]
    if turn == "heal":
        hurt = any(m["hp"] < m["max_hp"] for m in fighters(state, combat))
        if not hurt and content.rulings.skip_heal_when_unhurt:
            return []
        return [name for name in healers(state, combat, content) if name not in acted]
    return []


def advance(state: State, combat: dict[str, Any], content: OriginemContent) -> None:
    """Move to the next turn with someone to act (the round ends with the healing phase)."""
    first = combat["first"]
    order = [first, SIDES[1] if first == SIDES[0] else SIDES[0], "heal"]
    while True:
        index = order.index(combat["turn"])
        if index == len(order) - 1:
            combat["round"] += 1
            combat["turn"] = first
        else:
            combat["turn"] = order[index + 1]
        combat["acted"] = []
        if to_act(state, combat, content):
            return


def settle(state: State, combat: dict[str, Any], content: OriginemContent) -> None:
    """After an action: pass the turn on once no one is left to act in it."""
    if combat["turn"] != "initiative" and not to_act(state, combat, content):
        advance(state, combat, content)
    combat["to_act"] = to_act(state, combat, content)


def view(state: State) -> dict[str, Any] | None:
    combat = state.get("combat")
    if combat is None:
        return None
    mission = combat["mission"]
    return {
        "mission": state["missions"][mission]["title"] if mission else None,
        "gm_die": combat["gm_die"],
        "round": combat["round"],
        "turn": combat["turn"],
        "first": combat["first"],
        "to_act": list(combat["to_act"]),
        "crew": [
            {"name": m["name"], "hp": m["hp"], "max_hp": m["max_hp"]}
            for m in fighters(state, combat)
        ],
        "enemies": [dict(e) for e in combat["enemies"]],
    }
