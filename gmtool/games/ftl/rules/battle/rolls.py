"""The battle's random events, each rolled (or entered) under its purpose's name.

Names, as ``--dice NAME=...`` takes them: ``evade`` (d20), ``stun_chance``,
``fire_chance``, ``breach_chance`` (d100: N% happens on N or less), ``fire``, ``breach``
and ``fire_spread`` (coins: heads or 1, tails or 2), ``spread`` (where a spread weapon's
shot lands: a die with a face for each corner it may hit); the augments' chances
``rock_plating``, ``casing``, ``ion_field``, ``replicator`` (d100); ``asteroid`` (the room
an asteroid strikes: a die with a face for each room of the ship, in its order); the drones'
``drone_delay`` (d6 wait), ``drone_move`` (2d6 space), ``drone_room`` (a face per enemy
room), ``drone_toward`` (a beam drone's d6 way), ``drone_repair`` (the hull repair d6) and
``drone_pick`` (the anti-combat drone's pick among enemy drones); ``asteroid_space`` (2d6:
the space round a ship an asteroid crosses, destroying the drones there); crystal
vengeance's ``vengeance`` (d100) and ``vengeance_room`` (the enemy room its shard flies
at, a die in the same way).
"""

from __future__ import annotations

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.state import Battle, Event, rules


def chance(battle: Battle, dice: DiceDoor, name: str, percent: int, label: str) -> Event:
    """Roll a d100 against ``percent``; 100% and 0% are sure and roll nothing."""
    die = int(rules(battle)["chances"]["die"])
    if percent >= die or percent <= 0:
        return {"event": "chance", "roll": name, "percent": percent, "happens": percent > 0}
    face = dice.roll(f"1d{die}", who=name, label=label).total
    return {
        "event": "chance",
        "roll": name,
        "percent": percent,
        "face": face,
        "happens": face <= percent,
    }


HEADS = 1
"""A coin is a d2: heads is 1, tails 2 (entered as heads/tails or 1/2)."""
NAMES = (
    "evade",
    "stun_chance",
    "fire_chance",
    "breach_chance",
    "fire",
    "breach",
    "fire_spread",
    "spread",
    "rock_plating",
    "casing",
    "ion_field",
    "replicator",
    "asteroid",
    "drone_delay",
    "drone_move",
    "drone_room",
    "drone_toward",
    "drone_repair",
    "drone_pick",
    "asteroid_space",
    "vengeance",
    "vengeance_room",
)


THRESHOLD_ROLLS = (
    "stun_chance",
    "fire_chance",
    "breach_chance",
    "rock_plating",
    "casing",
    "ion_field",
    "replicator",
    "vengeance",
)
"""The rolls made by ``chance``: N% happens on N or less."""
ACTED_ON_AT_ONCE = ("evade", *THRESHOLD_ROLLS)
"""Rolls whose result the battle acts on before its next roll (``every_die`` relies on it)."""


def coin(battle: Battle, dice: DiceDoor, name: str, label: str) -> bool:
    """A coin: True for heads."""
    return dice.roll("1d2", who=name, label=label).total == HEADS
