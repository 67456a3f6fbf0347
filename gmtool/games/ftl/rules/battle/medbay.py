"""Healing aboard: the medbay heals the crew in its room, and the Engi med-bot dispersal
heals the whole crew while the medbay has power."""

from __future__ import annotations

from gmtool.games.ftl.rules.battle.damage import hurt
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, is_hostile, rules


def heal_in_medbay(battle: Battle, ship: Ship) -> list[Event]:
    """A powered medbay heals everyone in its room by its powered bars (4, 8, 12 a second)."""
    medbay = ship["systems"].get("medbay")
    if medbay is None or medbay["power"] <= 0 or ship.get("hacked") == "medbay":
        return []
    table = rules(battle)["medbay"]["heal"]
    heal = int(table[min(int(medbay["power"]), len(table)) - 1])
    events: list[Event] = []
    for member in ship["crew"]:
        if is_hostile(ship, member) or member.get("drone") is not None:
            continue  # a medbay heals its own crew (drones are mended in drone control)
        if member["health"] > 0 and member["room"] == medbay["room"]:
            events += hurt(ship, member, -heal, "medbay")
    return events


def med_bots(ship: Ship) -> list[Event]:
    medbay = ship["systems"].get("medbay")
    if "engi_med_bot_dispersal" not in ship["augments"] or medbay is None:
        return []
    if int(medbay["power"]) <= 0:
        return []
    heal = int(ship["augment_numbers"]["engi_med_bot_dispersal"]["heal_per_second"])
    events: list[Event] = []
    for member in ship["crew"]:
        if member["health"] > 0 and not is_hostile(ship, member) and member.get("drone") is None:
            events += hurt(ship, member, -heal, "med-bots")
    return events
