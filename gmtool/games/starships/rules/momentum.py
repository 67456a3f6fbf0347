"""The Momentum counter: earned by hits that land, spent on extra turns, lost on misses.

Every number comes from ``momentum`` in ``tables/starships/rules.yaml``. A cost the
combatant cannot pay in full empties their Momentum and, where the rules file says so,
also takes their next turn.
"""

from __future__ import annotations

from typing import NamedTuple

from gmtool.engine.system import State
from gmtool.errors import RulesError
from gmtool.games.starships.rules.content import Cost, StarshipsContent
from gmtool.games.starships.rules.roster import Combatant
from gmtool.games.starships.rules.turns import Encounter, current


class Swing(NamedTuple):
    """How one action moved a combatant's Momentum (a named tuple, quick to make)."""

    change: int
    lost_turn: bool = False


def after_attack(
    attacker: Combatant, *, hit: bool, affinity: str, content: StarshipsContent
) -> Swing:
    """Earn for a hit that hurts (more for MAX DMG); pay for a miss or a wasted hit."""
    rules = content.momentum
    if not hit:
        return _pay(attacker, "miss", content)
    if affinity in rules.ineffective:
        return _pay(attacker, affinity, content)
    points = rules.earn.hit + (rules.earn.max_dmg if affinity == "weak" else 0)
    attacker["momentum"] += points
    return Swing(points)


def after_success(actor: Combatant, content: StarshipsContent) -> Swing:
    """A gadget or stream the GM calls a success earns like a hit."""
    points = content.momentum.earn.success
    actor["momentum"] += points
    return Swing(points)


def _pay(actor: Combatant, reason: str, content: StarshipsContent) -> Swing:
    cost: Cost = content.momentum.lose[reason]
    paid = min(actor["momentum"], cost.points)
    actor["momentum"] -= paid
    short = paid < cost.points
    if short and cost.turn_if_short:
        actor["skip_turns"] += 1
    return Swing(-paid, short and cost.turn_if_short)


def spend_extra_turn(state: State, actor: Combatant, content: StarshipsContent) -> None:
    """Pay for an extra turn, taken at once: by whoever's turn it is, or by whoever just
    acted (before anyone else does)."""
    encounter: Encounter = state["encounter"]
    name = actor["name"]
    if name not in (current(state), encounter.get("last_actor")):
        raise RulesError(
            f"{name} can buy an extra turn only on their turn or right after it",
            hint=f"it is {current(state)}'s turn",
        )
    price = content.momentum.extra_turn
    if actor["momentum"] < price:
        raise RulesError(
            f"{name} has {actor['momentum']} Momentum; an extra turn costs {price}",
        )
    actor["momentum"] -= price
    encounter["queue"].insert(0, name)
    encounter["last_actor"] = None
