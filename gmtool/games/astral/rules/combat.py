"""Combat values, blocks and attacks: steps two and three of a tick."""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.declarations import Declaration
from gmtool.games.astral.rules.lookups import State, distance

Event = dict[str, Any]


def combatants(state: State, actions: dict[str, Declaration]) -> list[str]:
    """Everyone attacking, blocking or attacked, in the order of the entity list."""
    involved: set[str] = set()
    for who, declaration in actions.items():
        if declaration["action"] in ("attack", "block"):
            involved.add(who)
        if declaration["action"] == "attack":
            involved.add(declaration["target"])
    return [e["name"] for e in state["entities"] if e["name"] in involved]


def modifiers(
    state: State, content: AstralContent, who: str, declaration: Declaration | None
) -> dict[str, int]:
    """The named modifiers to ``who``'s CV for the action it declared."""
    if declaration is None:
        return {}
    action = declaration["action"]
    if action == "attack":
        between = distance(state, who, declaration["target"])
        value = getattr(content.combat.attack_modifier, between)
        return {f"attack {between}": value} if value else {}
    if action in ("move", "defend"):
        value = getattr(content.combat.action_modifier, action)
        return {action: value} if value else {}
    return {}


def combat_values(
    state: State, content: AstralContent, dice: DiceDoor, actions: dict[str, Declaration]
) -> tuple[dict[str, int], list[Event]]:
    """Each combatant's CV before blocks: PCs roll, NPCs use their TN; then modifiers."""
    values: dict[str, int] = {}
    events: list[Event] = []
    by_name = {e["name"]: e for e in state["entities"]}
    for who in combatants(state, actions):
        entity = by_name[who]
        event: Event = {"event": "cv", "who": who}
        if entity["kind"] == "pc":
            roll = dice.roll(content.combat.dice, who=who, label="CV")
            base = roll.total
            event["roll"] = roll.to_json()
        else:
            base = entity["tn"]
            event["tn"] = base
        mods = modifiers(state, content, who, actions.get(who))
        values[who] = base + sum(mods.values())
        event.update({"base": base, "modifiers": mods, "cv": values[who]})
        events.append(event)
    return values, events


def apply_blocks(
    content: AstralContent, actions: dict[str, Declaration], values: dict[str, int]
) -> tuple[dict[str, int], list[Event]]:
    """A block raises its target's CV to the highest blocker's (never lowers it).

    Only a target that someone attacks is guarded: blocking a character who merely attacks
    (or blocks) does not lend it the blocker's roll.
    """
    blocks = [(who, d["target"]) for who, d in actions.items() if d["action"] == "block"]
    attacked = {d["target"] for d in actions.values() if d["action"] == "attack"}
    useful = [(blocker, target) for blocker, target in blocks if target in attacked]
    lent = dict(values)
    rounds = len(useful) if content.combat.block_chains else 1
    for _ in range(rounds):
        raised = dict(values)
        for blocker, target in useful:
            raised[target] = max(raised[target], lent[blocker])
        lent = raised
    events: list[Event] = []
    for blocker, target in blocks:
        own = lent[blocker] if content.combat.block_chains else values[blocker]
        event: Event = {"event": "block", "who": blocker, "target": target, "blocker_cv": own}
        if target in attacked:
            event.update({"target_cv_before": values[target], "target_cv": lent[target]})
        else:
            event["note"] = f"{target} is not attacked"
        events.append(event)
    return lent, events


def resolve_attacks(
    content: AstralContent,
    actions: dict[str, Declaration],
    values: dict[str, int],
    own: dict[str, int] | None = None,
) -> tuple[dict[str, int], list[Event]]:
    """Aura each character loses to the tick's attacks, with one event per attack.

    ``values`` are the CVs against attacks (blocks applied); ``own`` the CVs before blocks.
    With ``combat.block_raises: defence`` an attacker strikes with its own CV, so a block
    guards the one it shields without sharpening that one's own attack.
    """
    striking = own if own is not None and content.combat.block_raises == "defence" else values
    losses: dict[str, int] = {}
    events: list[Event] = []
    settled_pairs: set[frozenset[str]] = set()
    for attacker, declaration in actions.items():
        if declaration["action"] != "attack":
            continue
        target = declaration["target"]
        a, t = striking[attacker], values[target]
        back = actions.get(target)
        mutual = back is not None and back["action"] == "attack" and back["target"] == attacker
        event: Event = {
            "event": "attack",
            "who": attacker,
            "target": target,
            "attacker_cv": a,
            "target_cv": t,
            "mutual": mutual,
        }
        if mutual and a == t:
            pair = frozenset((attacker, target))
            loss = content.combat.mutual_equal_loss
            if pair in settled_pairs:
                event.update({"outcome": "equal", "loss": 0, "note": "counted with the other"})
            else:
                settled_pairs.add(pair)
                for name in (attacker, target):
                    losses[name] = losses.get(name, 0) + loss
                event.update({"outcome": "equal", "loss": loss, "both_lose": True})
        elif t < a:
            # Only an attack's target loses Aura, so a defender (who does not attack)
            # never costs its opponents any: the DEFEND rule holds by construction.
            losses[target] = losses.get(target, 0) + (a - t)
            event.update({"outcome": "hit", "loss": a - t})
        else:
            event.update({"outcome": "equal" if a == t else "miss", "loss": 0})
        events.append(event)
    return losses, events
