"""The FTL drive: charging during the battle, and the jump away that ends it.

"Engines ... charge your FTL faster to escape": each second the drive gains 1 plus 0.25
for each powered engine bar (plus 25% with the FTL recharge booster; half as much when
the enemy has an FTL jammer: "double the time it takes the enemy to jump"); it is ready at
``battle.ftl.charge_seconds`` (the text gives no base time: ruling). No charge while
engines or piloting are hacked ("FTL charge stopped"), without engine power, or with no
one at the helm (the piloting room unmanned).
"""

from __future__ import annotations

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.crew import manning_skill
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, enemy_of, rules

SCALE = 100
"""The charge is kept in hundredths of a second, so the quarter steps stay whole."""


def charge(battle: Battle, ship: Ship) -> list[Event]:
    settings = rules(battle)["ftl"]
    full = int(settings["charge_seconds"]) * SCALE
    if int(ship.get("ftl", 0)) >= full or not _can_charge(ship):
        return []
    engines = int(ship["systems"]["engines"]["power"])
    rate = SCALE + engines * int(settings["per_engine_bar_percent"])
    if "ftl_recharge_booster" in ship["augments"]:
        faster = ship["augment_numbers"]["ftl_recharge_booster"]["ftl_charge_faster_percent"]
        rate = rate * (100 + int(faster)) // 100
    enemy = enemy_of(battle, ship)
    if "ftl_jammer" in enemy["augments"]:
        rate = rate // int(enemy["augment_numbers"]["ftl_jammer"]["enemy_jump_time_multiplier"])
    ship["ftl"] = min(full, int(ship.get("ftl", 0)) + rate)
    if ship["ftl"] >= full:
        return [{"event": "ftl_ready", "ship": ship["name"]}]
    return []


def _can_charge(ship: Ship) -> bool:
    engines = ship["systems"].get("engines")
    if engines is None or int(engines["power"]) <= 0:
        return False
    if ship.get("hacked") in ("engines", "piloting"):
        return False
    return manning_skill(ship, "piloting") is not None


def is_ready(battle: Battle, ship: Ship) -> bool:
    return int(ship.get("ftl", 0)) >= int(rules(battle)["ftl"]["charge_seconds"]) * SCALE


def check_ready(battle: Battle, ship: Ship) -> None:
    if not is_ready(battle, ship):
        done = int(ship.get("ftl", 0)) / SCALE
        need = int(rules(battle)["ftl"]["charge_seconds"])
        raise RulesError(
            f"{ship['name']}'s FTL drive is charged {done:g} of {need} s: it cannot jump yet"
        )


def escape(battle: Battle, ship: Ship) -> Event:
    """The jump away: refused until the drive is charged; the battle ends, no winner. What
    the jump itself does to the ship (fuel, the repair arm, drones...) is every jump's
    (``match.jump_effects``)."""
    check_ready(battle, ship)
    battle["over"] = f"{ship['name']} escaped"
    battle["winner"] = None
    return {"event": "escape", "ship": ship["name"]}
