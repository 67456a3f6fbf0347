"""What the GM may do now: whose turn, their legal targets and weapons, Momentum to spend.

The interactive loop asks this instead of knowing the rules itself.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.games.starships.rules.content import SIDES, StarshipsContent
from gmtool.games.starships.rules.roster import is_down, other_side, standing
from gmtool.games.starships.rules.turns import current


def what_now(state: State, content: StarshipsContent) -> dict[str, Any]:
    """The legal moves in this state, as names the loop can offer: in an encounter, the
    acting combatant's; out of one, who is standing and whether an encounter can start."""
    mode = state["mode"]
    roster = state["combatants"]
    doc: dict[str, Any] = {
        "mode": mode,
        "actor": None,
        "weapons": [],
        "targets": [],
        "can_spend": [],
        "standing": [],
        "enemy_table": [],
        "can_start": False,
    }
    if mode != "encounter":
        doc["standing"] = [c["name"] for c in roster.values() if not is_down(c)]
        doc["enemy_table"] = sorted(content.enemies)
        doc["can_start"] = mode == "exploration" and bool(standing(state, SIDES[0]))
        return doc
    actor_name = current(state)
    if actor_name is None:
        return doc
    actor = roster[actor_name]
    doc["actor"] = actor_name
    doc["weapons"] = [kind for kind in ("melee", "ranged") if actor.get(kind)]
    sides: tuple[str, ...] = (actor["side"], other_side(actor["side"]))
    if not content.turns.friendly_fire:
        sides = (other_side(actor["side"]),)
    doc["targets"] = [
        c["name"] for side in sides for c in standing(state, side) if c["name"] != actor_name
    ]
    price = content.momentum.extra_turn
    last = state["encounter"].get("last_actor")
    doc["can_spend"] = [
        name
        for name in dict.fromkeys([actor_name, last])
        if name
        and name in roster
        and not is_down(roster[name])
        and roster[name]["momentum"] >= price
    ]
    return doc
