"""Shots in flight arriving: the defender's dodge, its Zoltan shield, its shields, the room.

Shots arrive in the order they were launched. A beam cannot be dodged; a Zoltan shield
with a layer up stops the kinds it stops, whole (``zoltan_shield``); a shot of a kind the
shields stop ("shields block 1 laser hit") takes one shield down instead of landing,
unless it pierces as many shields as are up or passes every shield (a vengeance shard). A
shot that lands may call down crystal vengeance (``vengeance``). A shot carries its own
weapon (``spec``) when no weapon slot fired it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import drone_crew, hacking
from gmtool.games.ftl.rules.battle.beams import strike
from gmtool.games.ftl.rules.battle.cloak_battery import is_cloaked
from gmtool.games.ftl.rules.battle.damage import land
from gmtool.games.ftl.rules.battle.drone_shots import hit_drone, shot_weapon
from gmtool.games.ftl.rules.battle.drones import destroy
from gmtool.games.ftl.rules.battle.hacking import HACKING_DRONE, lost_event
from gmtool.games.ftl.rules.battle.shields_evasion import roll_dodge
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rule, rules
from gmtool.games.ftl.rules.battle.vengeance import avenge
from gmtool.games.ftl.rules.battle.zoltan_shield import absorb, stop_drone

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Projectile


def arrive(battle: Battle, dice: DiceDoor) -> list[Event]:
    """Every shot due this second, in launch order."""
    due = [s for s in battle["in_flight"] if s["arrives"] <= battle["second"]]
    battle["in_flight"] = [s for s in battle["in_flight"] if s["arrives"] > battle["second"]]
    events: list[Event] = []
    stopped: set[Any] = set()  # beams a Zoltan shield stopped whole this second
    for shot in sorted(due, key=lambda s: s["id"]):
        beam = shot.get("beam")
        if beam is not None and beam in stopped:
            continue  # the rest of a stopped beam, due the same second
        landed = _one_shot(battle, shot, dice)
        if beam is not None and any(e["event"] == "zoltan_shield" for e in landed):
            stopped.add(beam)
        events += landed
    return events


def _one_shot(battle: Battle, shot: Projectile, dice: DiceDoor) -> list[Event]:
    ship = battle["ships"][shot["to"]]
    sender = battle["ships"][shot["from"]]
    if shot.get("kind") in ("boarding_drone", HACKING_DRONE):
        if ship["hull"] <= 0:
            return []
        hack = shot["kind"] == HACKING_DRONE
        lost = _lost_to_cloak(battle, ship, sender, shot)
        if lost:
            return lost
        stopped = stop_drone(battle, ship, sender, shot, "hacking" if hack else "boarding_drone")
        if stopped is None:
            return (hacking.lands if hack else drone_crew.lands)(battle, shot)
        part = shot.get("drone")
        if part is not None:  # a boarding drone's part is lost on the shield
            destroy(battle, sender, sender["drones"][part])
        return stopped
    fired: Mapping[str, Any]
    if shot.get("drone") is not None:  # a drone's shot or beam
        fired = shot_weapon(battle, shot)
    else:
        fired = shot.get("spec") or sender["weapons"][int(shot["slot"] or 0)]
    weapon = {**fired, "ion": shot.get("ion", fired["ion"])}  # a chain's ion when fired
    if ship["hull"] <= 0:
        return []
    if shot["to"] == shot["from"]:  # a healing or repair bomb on one's own ship
        return land(battle, ship, str(shot["room"]), weapon, dice)
    if str(shot["room"]).startswith("drone:"):  # aimed at a drone, not a room
        return hit_drone(battle, ship, weapon, str(shot["room"]))
    if weapon["kind"] == "beam":
        stopped = _zoltan_stops_beam(battle, ship, weapon, shot, sender)
        if stopped is not None:
            return stopped
        return strike(battle, ship, weapon, str(shot["room"]), list(shot["corners"]), dice)
    return dodge_shields_land(battle, ship, weapon, str(shot["room"]), dice, sender)


def _lost_to_cloak(battle: Battle, ship: Ship, sender: Ship, shot: Projectile) -> list[Event]:
    """A boarding or hacking drone reaching a ship that cloaked while it flew: it lands
    (``drone_battle.in_flight_when_cloaked: lands``, the ruling: "cannot be targeted"
    stops new aims, and what flies arrives, as shots do) or is lost (``lost``)."""
    if not is_cloaked(ship) or rules(battle)["drones"].get("in_flight_when_cloaked") != "lost":
        return []
    if shot["kind"] == HACKING_DRONE:
        return [lost_event(shot, "cloaked")]

    drone = sender["drones"][int(shot.get("drone") or 0)]
    destroy(battle, sender, drone)
    return [
        {"event": "drone_destroyed", "ship": sender["name"], "drone": drone["id"]}
        | {"why": "cloaked", "at": ship["name"]}
    ]


def _zoltan_stops_beam(
    battle: Battle, ship: Ship, weapon: Mapping[str, Any], shot: Projectile, sender: Ship
) -> list[Event] | None:
    """A beam meeting a Zoltan shield is stopped whole: the rooms it has yet to cross too."""
    stopped = absorb(battle, ship, weapon, sender)
    if stopped is not None and shot.get("beam") is not None:
        battle["in_flight"] = [s for s in battle["in_flight"] if s.get("beam") != shot["beam"]]
    return stopped


def dodge_shields_land(
    battle: Battle,
    ship: Ship,
    weapon: Mapping[str, Any],
    room_id: str,
    dice: DiceDoor,
    sender: Ship | None = None,
) -> list[Event]:
    """A shot (or an asteroid: no sender) reaching a ship: the dodge, the Zoltan shield,
    the shields, then the room (and the vengeance it may call down)."""
    events: list[Event] = []
    dodge = dodges(battle, ship, weapon, dice)
    if dodge is not None:
        events.append(dodge)
        if dodge["dodged"]:
            return events
    stopped = stop_before_room(battle, ship, weapon, sender)
    if stopped is not None:
        return events + stopped
    events += land(battle, ship, room_id, weapon, dice)
    if sender is not None:
        events += avenge(battle, ship, sender, weapon, dice)
    return events


def dodges(battle: Battle, ship: Ship, weapon: Mapping[str, Any], dice: DiceDoor) -> Event | None:
    """The defender's d20 against a shot that can be dodged (None: nothing rolled)."""
    if weapon["kind"] in rule(battle, "evasion", "undodgeable"):
        return None
    return roll_dodge(battle, ship, dice, weapon)


def stop_before_room(
    battle: Battle, ship: Ship, weapon: Mapping[str, Any], sender: Ship | None
) -> list[Event] | None:
    """A shot past the dodge meets the Zoltan shield, then the shields: the events of its
    end there, or None when it goes on to the room. A shot of a kind the shields stop takes
    one down unless it pierces as many as are up (or passes every shield)."""
    stopped = absorb(battle, ship, weapon, sender)
    if stopped is not None:
        return stopped
    shields = ship["shields"]
    blocks = weapon["kind"] in rules(battle)["shields"]["blocks"]
    blocks = blocks and not weapon.get("passes_shields")
    if not blocks or shields["up"] <= int(weapon.get("pierce", 0)):
        return None
    shields["up"] = max(0, shields["up"] - int(rule(battle, "shields", "layers_per_block")))
    return [
        {
            "event": "blocked",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "shields_left": shields["up"],
        }
    ]
