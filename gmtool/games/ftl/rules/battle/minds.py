"""Mind control and the clone bay: crew who change sides, and crew who come back.

Mind control turns an enemy crew member (not a slug) to one's side for 10/10/15 s by the
system's level, with +0/20/50% health and +1/2/4 SS damage; when it ends the crew member
goes back and the system takes 3 ion damage. A slug takes a mind the same way, by its
race's numbers (``slug_minds``). A clone bay brings back its ship's dead crew
in its room after 15/10/5 s while it has power; unpowered or broken for 3 s, the dead stay
dead (not with the backup DNA bank). While cloned, a crew member is nowhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.power import add_ion
from gmtool.games.ftl.rules.battle.slug_minds import (
    count_down_rest,
    order_slug_mind,
    release_slug,
    slug_lost,
)
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, enemy_of, rules
from gmtool.games.ftl.rules.battle.taken_minds import SYSTEM, enemy_member, refuse_immune, take_mind
from gmtool.games.ftl.rules.battle.zoltan_shield import refuse_across

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import System


def order_mind(
    battle: Battle, ship: Ship, name: str, by: str | None = None, *, trial: bool = False
) -> Event:
    """The ``mind`` order: by the mind control system, or (``by``) by one of the ship's
    slugs."""
    if by is not None:
        return order_slug_mind(battle, ship, by, name, trial=trial)
    system = ship["systems"].get("mind_control")
    if system is None:
        raise RulesError(f"{ship['name']} has no mind control")
    if int(system["power"]) <= 0:
        raise RulesError(f"{ship['name']}'s mind control has no power", hint="power it first")
    if any(
        m.get("controlled_by") == ship["name"] and m.get("control_source", SYSTEM) == SYSTEM
        for s in battle["ships"].values()
        for m in s["crew"]
    ):
        raise RulesError(f"{ship['name']} already holds a mind")
    enemy = enemy_of(battle, ship)
    aboard, target = enemy_member(battle, enemy["name"], name)
    refuse_immune(target)
    if aboard is not ship:  # the mind is reached across the ship's Zoltan shield
        refuse_across(battle, aboard, "mind_control", ship, "mind control")
    if trial:
        return {}
    level = max(1, int(system["level"]) - int(system["damage"]))
    table = rules(battle)["mind_control"]["levels"]
    effect = table[min(level, len(table)) - 1]
    return take_mind(
        target,
        ship["name"],
        SYSTEM,
        int(effect["seconds"]),
        int(effect["health_bonus_percent"]),
        list(effect["ss_damage_bonus"]),
    )


def count_down(battle: Battle, ship: Ship) -> list[Event]:
    """One second off each mind control held by crew standing on this ship."""
    events: list[Event] = count_down_rest(ship)
    for member in ship["crew"]:
        if not member.get("controlled_by"):
            continue
        member["control"] -= 1
        source = member.get("control_source", SYSTEM)
        held = member["control"] > 0 and member["health"] > 0
        if held and (source == SYSTEM or not slug_lost(battle, member)):
            continue
        holder = battle["ships"][str(member["controlled_by"])]
        bonus = member.pop("control_bonus")
        member["max_health"] -= bonus["health"]
        member["health"] = min(member["health"], member["max_health"])
        member["ss_damage"] = [a - b for a, b in zip(member["ss_damage"], bonus["ss"], strict=True)]
        member["controlled_by"] = None
        member["control_source"] = None
        member["path"] = []
        events.append({"event": "mind_free", "ship": holder["name"], "crew": member["name"]})
        if source != SYSTEM:
            release_slug(battle, holder, str(source))
            continue
        events += add_ion(
            battle, holder, "mind_control", int(rules(battle)["mind_control"]["self_ion"])
        )
    return events


def clone(battle: Battle, ship: Ship) -> list[Event]:
    """The clone bay's second: the newly dead go into it, the cloning go on or are lost."""
    bay = ship["systems"].get("clone_bay")
    if bay is None:
        return []
    events: list[Event] = []
    for aboard in battle["ships"].values():
        for member in list(aboard["crew"]):
            if (
                member["health"] <= 0
                and member.get("owner") == ship["name"]
                and member.get("drone") is None
                and not (member.get("lost") or member.get("cloning") is not None)
            ):
                if aboard is not ship:
                    aboard["crew"].remove(member)
                    ship["crew"].append(member)
                member["room"] = None
                member["controlled_by"] = None
                member["cloning"] = _clone_time(battle, bay)
                member["limbo"] = 0
    working = int(bay["power"]) > 0 and bay["damage"] < bay["level"]
    working = working and ship.get("hacked") != "clone_bay"  # "turn off clone bay"
    for member in ship["crew"]:
        cloning = member.get("cloning")
        if cloning is None:
            continue
        if working:
            member["limbo"] = 0
            member["cloning"] = cloning - 1
            if cloning - 1 <= 0:
                member["cloning"] = None
                member["health"] = member["max_health"]
                member["room"] = bay["room"]
                member["stunned"] = 0
                events.append(
                    {
                        "event": "cloned",
                        "ship": ship["name"],
                        "crew": member["name"],
                        "room": bay["room"],
                    }
                )
            continue
        member["limbo"] += 1
        if member["limbo"] >= int(rules(battle)["clone_bay"]["limbo"]) and (
            "backup_dna_bank" not in ship["augments"]
        ):
            member["cloning"] = None
            member["lost"] = True
            events.append({"event": "clone_lost", "ship": ship["name"], "crew": member["name"]})
    return events


def _clone_time(battle: Battle, bay: System) -> int:
    seconds = rules(battle)["clone_bay"]["seconds"]
    level = max(1, int(bay["level"]) - int(bay["damage"]))
    return int(seconds[min(level, len(seconds)) - 1])
