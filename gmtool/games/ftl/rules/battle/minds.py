"""Mind control and the clone bay: crew who change sides, and crew who come back.

Mind control turns an enemy crew member (not a slug) to one's side for 10/10/15 s by the
system's level, with +0/20/50% health and +1/2/4 SS damage; when it ends the crew member
goes back and the system takes 3 ion damage. A clone bay brings back its ship's dead crew
in its room after 15/10/5 s while it has power; unpowered or broken for 3 s, the dead stay
dead (not with the backup DNA bank). While cloned, a crew member is nowhere.

The slug's own mind control: "can mind control for enemy crew for 3 seconds and giving
them +1-1 SS damage per second" (and slugs are "immune to mind control"). A slug of the
ship (alive, not stunned, holding no other mind and rested) takes an enemy crew member
within its reach (``battle.slug_mind.reach``: the slug's own room by default) for its
race's seconds, with its race's SS damage bonus (+1 to both ends of the range: the text
writes ranges as "4-5", "2-3 more", "2-2 less"), by the same steps as the system
(``take_mind``). The mind comes back when the time is up, the crew member dies, or the
slug dies; the slug then rests ``rest_seconds`` before it may again. No system is
involved, so no ion follows, and a Zoltan shield is never in the way (the slug stands
beside its target).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.cloak_battery import is_cloaked
from gmtool.games.ftl.rules.battle.crew import can_act
from gmtool.games.ftl.rules.battle.power import add_ion, refuse_ionised
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    enemy_of,
    own_member,
    rules,
)
from gmtool.games.ftl.rules.battle.zoltan_shield import refuse_across

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember, System


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
    refuse_ionised(ship, system, "mind control")
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
        if is_cloaked(aboard):  # "cannot be targeted by enemy ships"
            raise RulesError(f"{aboard['name']} is cloaked: no mind aboard it can be taken")
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
            battle, holder, "mind_control", int(rules(battle)["mind_control"]["self_ion"]), own=True
        )
    return events


def clone(battle: Battle, ship: Ship) -> list[Event]:
    """The clone bay's second: the newly dead go into it (their 15/10/5 s, or the 3 s
    without power, count from the next second), the cloning go on or are lost."""
    bay = ship["systems"].get("clone_bay")
    if bay is None:
        return []
    events: list[Event] = []
    entering: list[str] = []  # dead this second: the clock starts with the next one
    for aboard in battle["ships"].values():
        for member in list(aboard["crew"]):
            if (
                member["health"] <= 0
                and member.get("owner") == ship["name"]
                and member.get("drone") is None
                and not (member.get("lost") or member.get("cloning") is not None)
            ):
                entering.append(member["name"])
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
        if cloning is None or member["name"] in entering:
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


# -- a mind taken: the steps the system and a slug share --------------------------

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


# -- the slugs' own minds ------------------------------------------------------------


def order_slug_mind(
    battle: Battle, ship: Ship, slug_name: str, name: str, *, trial: bool = False
) -> Event:
    slug_ship, slug = own_member(battle, ship["name"], slug_name)
    if not int(slug.get("mind_seconds", 0)):
        raise RulesError(f"{slug['name']} is a {slug['race']}: only slugs take minds")
    if not can_act(slug):
        raise RulesError(f"{slug['name']} is stunned or dead and cannot take a mind")
    if slug.get("holding"):
        raise RulesError(f"{slug['name']} already holds {slug['holding']}'s mind")
    if int(slug.get("mind_rest", 0)) > 0:
        raise RulesError(f"{slug['name']} needs {slug['mind_rest']} s more before another mind")
    aboard, target = enemy_member(battle, enemy_of(battle, ship)["name"], name)
    refuse_immune(target)
    reach = str(rules(battle)["slug_mind"]["reach"])
    if not in_reach(reach, slug_ship, slug, aboard, target):
        where = "in its room" if reach == "same_room" else "on its ship"
        raise RulesError(
            f"{slug['name']} reaches only minds {where}: {target['name']} is in "
            f"{aboard['name']}'s {target['room']}",
            hint="battle.slug_mind.reach sets how far a slug reaches",
        )
    if trial:
        return {}
    slug["holding"] = target["name"]
    return take_mind(
        target,
        ship["name"],
        slug["name"],
        int(slug["mind_seconds"]),
        0,
        list(slug["mind_ss_bonus"]),
    )


def in_reach(
    reach: str, slug_ship: Ship, slug: CrewMember, aboard: Ship, target: CrewMember
) -> bool:
    if reach == "anywhere":
        return True
    if aboard is not slug_ship:
        return False
    return reach == "same_ship" or slug["room"] == target["room"]


def _slug(battle: Battle, seat: str, name: str) -> CrewMember | None:
    for ship in battle["ships"].values():
        for member in ship["crew"]:
            if member["name"] == name and member.get("owner") == seat:
                return member
    return None


def slug_lost(battle: Battle, member: CrewMember) -> bool:
    """Whether the slug holding ``member``'s mind is gone (dead), which frees it."""
    slug = _slug(battle, str(member["controlled_by"]), str(member["control_source"]))
    return slug is None or slug["health"] <= 0


def release_slug(battle: Battle, holder: Ship, slug_name: str) -> None:
    """The mind is back: the slug rests before it may take another."""
    slug = _slug(battle, holder["name"], slug_name)
    if slug is not None:
        slug["holding"] = None
        slug["mind_rest"] = int(rules(battle)["slug_mind"]["rest_seconds"])


def count_down_rest(ship: Ship) -> list[Event]:
    for member in ship["crew"]:
        if int(member.get("mind_rest", 0)) > 0:
            member["mind_rest"] -= 1
    return []
