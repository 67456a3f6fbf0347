"""The slug's own mind control: "can mind control for enemy crew for 3 seconds and giving
them +1-1 SS damage per second" (and slugs are "immune to mind control").

A slug of the ship (alive, not stunned, holding no other mind and rested) takes an enemy
crew member within its reach (``battle.slug_mind.reach``: the slug's own room by default)
for its race's seconds, with its race's SS damage bonus (+1 to both ends of the range: the
text writes ranges as "4-5", "2-3 more", "2-2 less"), by the mind control system's own
steps (``taken_minds.take_mind``). The mind comes back when the time is up, the crew member
dies, or the slug dies; the slug then rests ``rest_seconds`` before it may again. No system
is involved, so no ion follows, and a Zoltan shield is never in the way (the slug stands
beside its target).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.crew import can_act
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, enemy_of, own_member, rules
from gmtool.games.ftl.rules.battle.taken_minds import enemy_member, refuse_immune, take_mind

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember


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
