"""The Zoltan shield augment: layers in front of the ship's shields, whole at each jump.

"This shield has 5 layers and will go down for every 1 damage dealt, stops missiles,
hacking, Boarding drones, bombs, beams, lasers, Ion, and mind control ... is dealt double
damage by ion and beams will hit twice." The battle opens just after a jump, so the shield
starts whole; it never recharges. While a layer is up, a shot of a kind it stops (the
``stops`` list) ends there, whole, taking its damage off the layers (ion counting
``ion_multiplier`` times, a beam ``beam_hits`` times, never less than
``min_layers_per_shot``); a hacking or boarding drone is destroyed on it; a mind control
or a crew teleport across it is refused.
The Zoltan shield bypass lets its owner's crew and bombs through. The numbers are the
augment's (``tables/ftl/augments.yaml``); the readings are ``battle.zoltan_shield``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rules

AUGMENT = "zoltan_shield"
BYPASS = "zoltan_shield_bypass"
PASSES_WITH_BYPASS = ("bomb", "teleport")
"""What the bypass lets through: "allows crew and bombs to pass through zoltan shields"."""


def layers(ship: Ship) -> int:
    return int(ship.get("zoltan_shield", 0))


def stops(battle: Battle, ship: Ship, what: str, sender: Ship | None = None) -> bool:
    """Whether ``ship``'s Zoltan shield is up and stops ``what`` (a weapon type, or
    ``hacking``, ``mind_control``, ``teleport``, ``boarding_drone``) sent by ``sender``."""
    if layers(ship) <= 0 or what not in rules(battle)["zoltan_shield"]["stops"]:
        return False
    return not (sender is not None and BYPASS in sender["augments"] and what in PASSES_WITH_BYPASS)


def refuse_across(battle: Battle, ship: Ship, what: str, sender: Ship, doing: str) -> None:
    """Refuse an order that would cross ``ship``'s Zoltan shield."""
    if stops(battle, ship, what, sender):
        raise RulesError(
            f"{ship['name']}'s Zoltan shield ({layers(ship)} layers) stops {doing}",
            hint="bring its layers down with weapons first",
        )


def layers_taken(battle: Battle, weapon: Mapping[str, Any]) -> int:
    """What one shot takes off the layers: its damage, ion counting double, a beam twice."""
    settings = rules(battle)["zoltan_shield"]
    cost = int(weapon.get("damage", 0)) + int(weapon.get("ion", 0)) * int(
        settings["ion_multiplier"]
    )
    cost = max(int(settings["min_layers_per_shot"]), cost)
    if weapon["kind"] == "beam":
        cost *= int(settings["beam_hits"])
    return cost


def absorb(
    battle: Battle, ship: Ship, weapon: Mapping[str, Any], sender: Ship | None
) -> list[Event] | None:
    """The shot's end on the Zoltan shield (its events), or None when it goes on."""
    if weapon.get("passes_shields") or not stops(battle, ship, weapon["kind"], sender):
        return None
    return _take_layers(ship, str(weapon["id"]), layers_taken(battle, weapon))


def stop_drone(
    battle: Battle, ship: Ship, sender: Ship, shot: Mapping[str, Any], what: str
) -> list[Event] | None:
    """A boarding drone (``what``: ``boarding_drone``) or a hacking drone (``hacking``)
    meeting the shield is destroyed there (the caller loses a boarding drone's part);
    doing no damage, it takes the least a stopped shot takes (``min_layers_per_shot``)."""
    if not stops(battle, ship, what, sender):
        return None
    cost = int(rules(battle)["zoltan_shield"]["min_layers_per_shot"])
    return _take_layers(ship, str(shot["weapon"]), cost)


def _take_layers(ship: Ship, what: str, cost: int) -> list[Event]:
    before = layers(ship)
    ship["zoltan_shield"] = max(0, before - cost)
    return [
        {
            "event": "zoltan_shield",
            "ship": ship["name"],
            "weapon": what,
            "layers": ship["zoltan_shield"],
            "lost": before - ship["zoltan_shield"],
        }
    ]
