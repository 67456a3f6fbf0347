"""Hacking: one enemy system at a time, for as long as one's hacking system works.

The ``hack`` order launches a hacking drone at the system's room (one in flight at a
time): it flies ``hack_travel_seconds`` (ruling), a Defense drone may shoot it down, a
Zoltan shield stops it, and the hack begins when it lands (``lands``), replacing any
hack held. The text lists what a hacked system suffers but gives hacking no duration, so
a hack holds while the hacker's hacking system works: powered, not broken, and not
hacked itself ("Hacking: cancel hacking"); a hacking drone on its way needs the same,
every second of its flight, or it is lost (``drop_lost_drones``; rulings). A hacked
system cannot be manned. The effects, each second (see ``EFFECTS``): shields lose a
layer every 3 s; cloaking loses 10 evasion, its cloak and takes 3 ion (once); engines
and piloting leave the ship no evasion; oxygen: every room loses 3%; weapons lose 2 s of
charge a second; the medbay deals 5 a second to the crew in it; doors shut and lock as
level 2 doors (the hacked ship's crew cannot open them, boarders break them: ``doors``);
the backup battery: the reactor -3; the teleporter: every boarder of the hacked ship
goes home; the clone bay turns off; hacking and mind control: the enemy's hack or mind
control ends; the artillery loses 2 s of charge a second; drone control: every drone of
the hacked ship is ionised while it lasts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.boarding import teleport_member
from gmtool.games.ftl.rules.battle.cloak_battery import shed_power
from gmtool.games.ftl.rules.battle.damage import hurt
from gmtool.games.ftl.rules.battle.doors import shut_all
from gmtool.games.ftl.rules.battle.drone_shots import launch
from gmtool.games.ftl.rules.battle.drones import ionise_all
from gmtool.games.ftl.rules.battle.power import add_ion
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    crew_in,
    enemy_of,
    is_drone,
    is_hostile,
    rule,
    rules,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Weapon

HACKING_DRONE = "hacking_drone"
"""The kind of shot a hack order launches (the defence drones' ``shoot_down`` names it)."""

UNMODELLED: tuple[str, ...] = ()
"""Hacked systems whose effect needs a part of the battle not modelled yet (none now):
hacking them is refused."""


def hacked(ship: Ship, system_id: str) -> bool:
    return ship.get("hacked") == system_id


def order_hack(battle: Battle, ship: Ship, system_id: str, *, trial: bool = False) -> Event:
    system = ship["systems"].get("hacking")
    if system is None:
        raise RulesError(f"{ship['name']} has no hacking")
    down = hacking_down(ship)
    if down == "no power":
        raise RulesError(f"{ship['name']}'s hacking has no power", hint="power it first")
    if down is not None:
        raise RulesError(f"{ship['name']}'s hacking is {down}: it cannot hack now")
    enemy = enemy_of(battle, ship)
    if system_id not in enemy["systems"]:
        raise unknown(f"system of {enemy['name']}", system_id, sorted(enemy["systems"]))
    if system_id in UNMODELLED:
        raise RulesError(f"hacking {system_id} is not modelled in battle yet")
    if int(enemy.get("cloak", 0)) > 0:
        raise RulesError(f"{enemy['name']} is cloaked and cannot be targeted")
    if any(
        s.get("kind") == HACKING_DRONE and s["from"] == ship["name"] for s in battle["in_flight"]
    ):
        raise RulesError(f"{ship['name']} has a hacking drone in flight already (one at a time)")
    if trial:
        return {}

    room = enemy["systems"][system_id]["room"]
    shot: dict[str, Any] = {"from": ship["name"], "to": enemy["name"], "weapon": HACKING_DRONE}
    shot["slot"] = None
    shot |= {"drone": None, "kind": HACKING_DRONE, "room": room, "ion": 0, "system": system_id}
    travel = int(rules(battle)["drones"]["hack_travel_seconds"])
    launch(battle, shot, travel)
    event: Event = {"event": "hack_launched", "ship": ship["name"], "at": enemy["name"]}
    return event | {"system": system_id, "room": room, "arrives": battle["second"] + travel}


def lands(battle: Battle, shot: Mapping[str, Any]) -> list[Event]:
    """The hacking drone reaches its system (past the Zoltan shield): the hack begins and
    replaces any the ship held; a drone whose hacking system is down by then is lost."""
    ship = battle["ships"][shot["from"]]
    enemy = battle["ships"][shot["to"]]
    system_id = str(shot["system"])
    down = hacking_down(ship)
    if down is not None:
        return [lost_event(shot, down)]
    enemy["hacked"] = system_id
    enemy["hack_clock"] = 0
    enemy["hack_reactor"] = 0
    event: Event = {"event": "hack", "ship": ship["name"], "at": enemy["name"], "system": system_id}
    effects = _at_once(battle, enemy, system_id) + stun_hacked_room(battle, enemy)
    return [event, *effects]


def stun_hacked_room(battle: Battle, ship: Ship) -> list[Event]:
    """Hacking stun: "hacked rooms with crew inside will be stunned while being hacked".
    Run as the second starts (after stuns count down) and as the hack lands, so everyone
    in the room stays stunned for every second of the hack and not one more."""
    system_id = ship.get("hacked")
    hacker = enemy_of(battle, ship)
    if not system_id or "hacking_stun" not in hacker["augments"] or not is_hacking(hacker):
        return []
    room = ship["systems"][system_id]["room"]
    fresh = []
    for member in ship["crew"]:
        if member["room"] == room and member["health"] > 0 and room is not None:
            if int(member.get("stunned", 0)) <= 0:
                fresh.append(member["name"])
            member["stunned"] = max(int(member.get("stunned", 0)), 1)
    if not fresh:
        return []
    return [{"event": "stunned", "ship": ship["name"], "room": room, "crew": fresh, "seconds": 1}]


def is_hacking(ship: Ship) -> bool:
    return hacking_down(ship) is None


def hacking_down(ship: Ship) -> str | None:
    """Why ``ship``'s hacking cannot hack now ("broken", "no power", "hacked": the
    enemy's hack of it "cancel[s] hacking" for as long as it holds), or None."""
    system = ship["systems"].get("hacking")
    if not system:
        return "missing"
    if int(system["damage"]) >= int(system["level"]):
        return "broken"
    if int(system["power"]) <= 0:
        return "no power"
    if hacked(ship, "hacking"):
        return "hacked"
    return None


def drop_lost_drones(battle: Battle, only: Ship | None = None) -> list[Event]:
    """Hacking drones in flight (of ``only``, or of both ships) whose hacking system is
    down are lost: a hack cannot begin, nor a drone fly on, without it (ruling)."""
    events: list[Event] = []
    for shot in list(battle["in_flight"]):
        if shot.get("kind") != HACKING_DRONE:
            continue
        sender = battle["ships"][shot["from"]]
        down = hacking_down(sender)
        if down is not None and (only is None or sender is only):
            battle["in_flight"].remove(shot)
            events.append(lost_event(shot, down))
    return events


def lost_event(shot: Mapping[str, Any], why: str) -> Event:
    return {
        "event": "hack_lost",
        "ship": shot["from"],
        "at": shot["to"],
        "system": shot["system"],
        "why": why,
    }


def _at_once(battle: Battle, enemy: Ship, system_id: str) -> list[Event]:
    """What a hack does the moment it lands."""
    events: list[Event] = []
    if system_id == "cloaking":
        if int(enemy.get("cloak", 0)) > 0:
            enemy["cloak"] = 0
            events.append({"event": "uncloak", "ship": enemy["name"], "why": "hacked"})
        ion = int(rules(battle)["hacking"]["cloak_ion"])
        events += add_ion(
            battle, enemy, "cloaking", ion, own=True
        )  # "cloaking ... do not remove power"
    if system_id == "backup_battery":
        enemy["hack_reactor"] = int(rules(battle)["hacking"]["battery_reactor"])
        events += shed_power(battle, enemy)
    if system_id == "hacking":  # the hacked ship's own hack ends, and its drone on the way
        other = enemy_of(battle, enemy)
        if other.get("hacked"):
            other["hacked"] = None
            other["hack_reactor"] = 0
            events.append({"event": "hack_ended", "ship": enemy["name"], "why": "hacked"})
        events += drop_lost_drones(battle, only=enemy)  # "cancel hacking": its drone too
    if system_id == "mind_control":
        for ship in battle["ships"].values():
            for member in ship["crew"]:
                held_by_system = member.get("control_source", "system") == "system"
                if member.get("controlled_by") == enemy["name"] and held_by_system:
                    member["control"] = 1  # ends this second
    if system_id == "crew_teleporter":
        events += _pull_home(battle, enemy)
    if system_id == "doors":
        events += shut_all(enemy)

    if system_id == "drone_control":
        events += ionise_all(battle, enemy)
    return events


def _pull_home(battle: Battle, ship: Ship) -> list[Event]:
    """The hacked ship's teleporter pulls back every one of its crew aboard the enemy."""
    other = enemy_of(battle, ship)
    home = ship["systems"]["crew_teleporter"]["room"]
    coming = [
        m
        for m in other["crew"]
        if m.get("owner") == ship["name"] and m["health"] > 0 and m.get("drone") is None
    ]

    for member in coming:
        teleport_member(other, ship, member, str(home), ship)
    if not coming:
        return []
    return [
        {
            "event": "retrieve",
            "ship": ship["name"],
            "room": home,
            "crew": [m["name"] for m in coming],
        }
    ]


def each_second(battle: Battle, ship: Ship) -> list[Event]:
    """The hacked ship's second under the hack (or the hack's end)."""
    system_id = ship.get("hacked")
    if not system_id:
        return []
    hacker = enemy_of(battle, ship)
    down = hacking_down(hacker)
    if down is not None:
        ship["hacked"] = None
        ship["hack_reactor"] = 0
        return [{"event": "hack_ended", "ship": hacker["name"], "why": down}]
    ship["hack_clock"] = int(ship.get("hack_clock", 0)) + 1
    settings = rules(battle)["hacking"]
    events: list[Event] = []
    if system_id == "shields" and ship["hack_clock"] % int(settings["shield_every"]) == 0:
        if ship["shields"]["up"] > 0:
            layers = int(rule(battle, "hacking", "shield_layers"))
            ship["shields"]["up"] = max(0, ship["shields"]["up"] - layers)
            events.append(
                {"event": "shield_hacked", "ship": ship["name"], "up": ship["shields"]["up"]}
            )
    elif system_id == "oxygen":
        for room in ship["rooms"].values():
            room["oxygen"] = max(0, int(room["oxygen"]) - int(settings["oxygen"]))
    elif system_id == "weapon_control":
        for weapon in ship["weapons"]:
            if not weapon.get("artillery"):
                _drain(weapon, int(settings["weapon_drain"]))
    elif system_id in ("artillery_beam", "artillery_flak"):
        for weapon in ship["weapons"]:  # "discharge artillery weapons by 2 seconds every second"
            if weapon.get("artillery") == system_id:
                _drain(weapon, int(settings["artillery_drain"]))
    elif system_id == "medbay":
        medbay = ship["systems"]["medbay"]["room"]
        for member in crew_in(ship, str(medbay)):  # "all enemy crew in medbay": the owner's
            if not is_hostile(ship, member) and not is_drone(member):
                events += hurt(ship, member, int(settings["medbay"]), "hacked medbay")
    elif system_id == "crew_teleporter":
        events += _pull_home(battle, ship)
    elif system_id == "drone_control":
        events += ionise_all(battle, ship)
    return events


def _drain(weapon: Weapon, seconds: int) -> None:
    """Charge lost to a hack; "a weapon discharged by hacking will not lose its
    consecutive charges" (a chain keeps its place)."""
    total = weapon["charges"] * int(weapon["cooldown"]) + weapon["charge"]
    total = max(0, total - seconds)
    weapon["charges"], weapon["charge"] = divmod(total, int(weapon["cooldown"]))
