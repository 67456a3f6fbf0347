"""What the GM may do now: whose turn, their legal targets and weapons, Momentum to spend.

The interactive loop asks this instead of knowing the rules itself.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.games.starships.rules.content import SIDES, StarshipsContent
from gmtool.games.starships.rules.roster import is_down, other_side, standing
from gmtool.games.starships.rules.turns import current

WEAPONS = ("melee", "ranged")


def what_now(state: State, content: StarshipsContent) -> dict[str, Any]:
    """The legal moves in this state, as names the loop can offer: in an encounter, the
    acting combatant's; out of one, who is standing and whether an encounter can start."""
    mode = state["mode"]
    roster = state["combatants"]
    actor_name = current(state) if mode == "encounter" else None
    if actor_name is None:
        return _nobody_acting(state, content, mode)
    actor = roster[actor_name]
    side = actor["side"]
    foe = other_side(side)
    sides = (side, foe) if content.turns.friendly_fire else (foe,)
    last = state["encounter"].get("last_actor")
    price = content.momentum.extra_turn
    return {
        **_NOBODY,
        "mode": mode,
        "actor": actor_name,
        "weapons": [kind for kind in WEAPONS if actor.get(kind)],
        "targets": [
            name
            for side in sides
            for name, c in roster.items()
            if c["side"] == side and c["hp"] > 0 and name != actor_name
        ],
        "can_spend": [
            name
            for name in ((actor_name,) if last in (None, actor_name) else (actor_name, last))
            if name in roster and roster[name]["hp"] > 0 and roster[name]["momentum"] >= price
        ],
    }


_NOBODY: dict[str, Any] = {
    "actor": None,
    "weapons": (),
    "targets": (),
    "can_spend": (),
    "standing": (),
    "enemy_table": (),
    "can_start": False,
}
"""What ``what_now`` says of what nobody may do (empty, never changed: tuples)."""


def _nobody_acting(state: State, content: StarshipsContent, mode: str) -> dict[str, Any]:
    """Outside an encounter, who is standing and whether one can start; in one with no
    turn open, nothing."""
    doc = {**_NOBODY, "mode": mode}
    if mode != "encounter":
        roster = state["combatants"]
        doc["standing"] = [c["name"] for c in roster.values() if not is_down(c)]
        doc["enemy_table"] = sorted(content.enemies)
        doc["can_start"] = mode == "exploration" and bool(standing(state, SIDES[0]))
    return doc
