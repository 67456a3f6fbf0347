"""A mind taken: the steps the mind control system and a slug share.

Turning an enemy crew member to one's side with the bonuses, refusing a mind that cannot
be taken, and finding the enemy crew member an order names, wherever it stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember

SYSTEM = "system"
"""The source of a mind taken by the mind control system (a slug's is the slug's name)."""


def refuse_immune(target: CrewMember) -> None:
    """Refuse a mind that cannot be taken: a slug's, or one already taken (its bonuses
    would pile up)."""
    if target.get("mind_control_immune"):
        raise RulesError(f"{target['name']} is a {target['race']}: immune to mind control")
    if target.get("controlled_by"):
        raise RulesError(f"{target['name']}'s mind is already taken")


def take_mind(
    target: CrewMember,
    holder: str,
    source: str,
    seconds: int,
    health_percent: int,
    ss_bonus: list[int],
) -> Event:
    """Turn ``target`` to ``holder``'s side for ``seconds``, with the bonuses; ``source``
    says who holds it (the system, or a slug by name) and so how it ends."""
    bonus = int(target["max_health"]) * health_percent // 100
    target["controlled_by"] = holder
    target["control_source"] = source
    target["control"] = seconds
    target["control_bonus"] = {"health": bonus, "ss": list(ss_bonus)}
    target["max_health"] += bonus
    target["health"] += bonus
    target["ss_damage"] = [a + b for a, b in zip(target["ss_damage"], ss_bonus, strict=True)]
    target["path"] = []
    event: Event = {"event": "mind", "ship": holder, "crew": target["name"], "seconds": seconds}
    if source != SYSTEM:
        event["by"] = source
    return event


def enemy_member(battle: Battle, seat: str, name: str) -> tuple[Ship, CrewMember]:
    """A living crew member of ``seat``, wherever it stands: (the ship it is on, it)."""
    known = []
    for aboard in battle["ships"].values():
        for member in aboard["crew"]:
            if member.get("owner") == seat and member["health"] > 0:
                known.append(member["name"])
                if member["name"].casefold() == name.casefold():
                    return aboard, member
    raise unknown(f"crew member of {seat}", name, known)
