"""Zoltan crew power: "provide 1 power to the room they are in that ignores ion damage".

A living Zoltan of the ship's own side standing in a system's room gives that system its
bars (``room_power``, 1 each), outside the reactor: ``system["zoltan"]`` counts them and
``system["power"]`` includes them, so every effect reads one number. They fill the system
first: reactor bars that no longer fit go back to the reactor. Ion neither takes them out
nor keeps them from coming; they leave when the Zoltan walks away, dies, or changes side.
A subsystem needs no power, so a Zoltan there gives nothing. In weapon control the bars
pay for powered weapons before the reactor does (and wait there while no weapon is on);
so in drone control for the drones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.games.ftl.rules.battle.artillery import sync as sync_artillery
from gmtool.games.ftl.rules.battle.cloak_battery import shed_power
from gmtool.games.ftl.rules.battle.power import WEAPONS
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, is_hostile, ships_in_order

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import System


def zoltan_bars(ship: Ship, system: System) -> int:
    """The bars the Zoltans standing in the system's room give it (no more than it holds)."""
    if system["subsystem"] or system["room"] is None:
        return 0
    given = sum(
        int(member.get("room_power", 0))
        for member in ship["crew"]
        if member["room"] == system["room"] and member["health"] > 0
        and not is_hostile(ship, member)
    )  # fmt: skip
    return min(given, max(0, int(system["level"]) - int(system["damage"])))


def place_zoltan_bars(ship: Ship) -> list[tuple[str, int, int]]:
    """Give each system the bars of the Zoltans in its room now: (system, before, after)
    for each that changed. Weapon (drone) control's power stays the powered weapons' (drones')
    sum."""
    changed: list[tuple[str, int, int]] = []
    if not any(m.get("room_power") for m in ship["crew"]) and not any(
        s.get("zoltan") for s in ship["systems"].values()
    ):
        return changed  # no Zoltan aboard and no bars of one left: nothing to place
    for system_id, system in ship["systems"].items():
        before = int(system.get("zoltan", 0))
        after = zoltan_bars(ship, system)
        if after == before:
            continue
        if system_id not in (WEAPONS, "drone_control"):  # their power: what is switched on
            usable = max(0, int(system["level"]) - int(system["damage"]))
            reactor_bars = int(system["power"]) - min(before, int(system["power"]))
            system["power"] = min(reactor_bars, usable - after) + after
        system["zoltan"] = after
        sync_artillery(ship, system_id)
        changed.append((system_id, before, after))
    return changed


def zoltan_power(battle: Battle, ship: Ship) -> list[Event]:
    """The Zoltans' bars placed again (after crew walked, died, boarded or changed side);
    weapons the reactor can no longer pay for once a Zoltan left go off."""
    events: list[Event] = [
        {"event": "zoltan_power", "ship": ship["name"], "system": sid, "from": a, "to": b}
        for sid, a, b in place_zoltan_bars(ship)
    ]
    if events:
        events += shed_power(battle, ship)
    return events


def all_zoltan_power(battle: Battle) -> list[Event]:
    events: list[Event] = []
    for ship in ships_in_order(battle):
        events += zoltan_power(battle, ship)
    return events
