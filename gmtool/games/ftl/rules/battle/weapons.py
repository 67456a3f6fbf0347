"""Weapons: charging (faster when weapon control is manned), aiming, and firing volleys.

A weapon charges one second a second while powered and loses ``discharge_per_second``
seconds of charge a second while off. Charged and aimed, it fires: one missile per volley
for missile weapons, the volley's shots two a second, each shot in flight for its
weapon type's travel time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, unknown
from gmtool.games.ftl.rules.battle.artillery import cooldown as artillery_cooldown
from gmtool.games.ftl.rules.battle.augments import saves
from gmtool.games.ftl.rules.battle.beams import beam_aim, sweep
from gmtool.games.ftl.rules.battle.cloak_battery import cloak_fired
from gmtool.games.ftl.rules.battle.crew import manning_skill
from gmtool.games.ftl.rules.battle.drones import check_drone_target
from gmtool.games.ftl.rules.battle.spread import scatter
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, enemy_of, room_of, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Weapon


def find_weapon(ship: Ship, ref: str) -> int:
    """A weapon by id or by its slot number (1 = first listed)."""
    weapons = ship["weapons"]
    if ref.isdigit() and 1 <= int(ref) <= len(weapons):
        return int(ref) - 1
    for index, weapon in enumerate(weapons):
        if weapon["id"] == ref:
            return index
    raise unknown(f"weapon of {ship['name']}", ref, [w["id"] for w in weapons])


def cooldown(battle: Battle, ship: Ship, weapon: Mapping[str, Any]) -> int:
    """Seconds to charge: the cooldown (shortened by a chain), less the manned bonus, the
    bonus rounded down. The artillery has its own (``artillery.cooldown``)."""
    if weapon.get("artillery"):
        return artillery_cooldown(battle, ship, weapon)
    base = int(weapon["cooldown"])
    chain = weapon.get("chain")
    if chain and chain["what"] == "cooldown":
        base = max(int(chain["cap"]), base + int(chain["step"]) * int(weapon["chain_level"]))
    skill = manning_skill(ship, "weapon_control")
    percent = 0 if skill is None else int(rules(battle)["weapons"]["manned_faster_percent"][skill])
    if "automated_re_loader" not in ship["augments"]:
        return base - base * percent // 100
    # The re-loader's "faster" adds to the manned bonus (one rounding down), or takes whole
    # seconds off, as battle.augments.reloader_reads says.
    readings = rules(battle)["augments"]
    faster = int(ship["augment_numbers"]["automated_re_loader"]["cooldown_faster"])
    if readings["reloader_reads"] == "percent":
        shorter = base - base * (percent + faster) // 100
    else:
        shorter = base - base * percent // 100 - faster
    return max(int(readings["reloader_min_cooldown"]), shorter)


def volley_shots(weapon: Mapping[str, Any], charges: int) -> int:
    """The shots of one volley: a charge weapon fires every charge it holds at once."""
    return int(weapon["shots"]) * charges


def is_charged(battle: Battle, ship: Ship, weapon: Mapping[str, Any]) -> bool:
    """Ready to fire: a charge weapon once it holds all its charges."""
    return bool(weapon["powered"]) and weapon["charges"] >= int(weapon["charge_cap"])


def ion_damage(weapon: Mapping[str, Any]) -> int:
    """A chain ion weapon's ion grows with each volley in a row, up to its cap."""
    chain = weapon.get("chain")
    if chain and chain["what"] == "ion_damage":
        grown = int(weapon["ion"]) + int(chain["step"]) * int(weapon["chain_level"])
        return min(int(chain["cap"]), grown)
    return int(weapon["ion"])


def is_friendly(weapon: Mapping[str, Any]) -> bool:
    """A bomb that heals or repairs (healing burst, repair burst) is sent to one's own ship."""
    return int(weapon.get("crew_damage", 0)) < 0 or int(weapon.get("system_damage", 0)) < 0


def target_ship(battle: Battle, ship: Ship, weapon: Mapping[str, Any]) -> Ship:
    return ship if is_friendly(weapon) else enemy_of(battle, ship)


def aim(
    battle: Battle,
    ship: Ship,
    index: int,
    room_id: str | None,
    *,
    corner: int | None = None,
    toward: str | None = None,
    trial: bool = False,
) -> Event:
    """The ``aim`` order: the weapon fires at that room once charged (None: hold). The
    room is the enemy's, or one's own for a healing or repair bomb; a beam also starts at
    a corner of the room and goes one way."""
    weapon = ship["weapons"][index]
    if weapon["kind"] != "beam" and (corner is not None or toward is not None):
        raise RulesError(f"{weapon['id']} is not a beam: it takes no corner or direction")
    if room_id is None:
        if not trial:
            weapon["target"] = None
        return {"event": "hold", "ship": ship["name"], "weapon": weapon["id"]}
    if not weapon["powered"]:
        raise RulesError(
            f"{ship['name']}'s {weapon['id']} is off: power it before aiming",
            hint=f"gmtool ftl weapon {ship['name']} {weapon['id']} on",
        )
    enemy = target_ship(battle, ship, weapon)
    if room_id.startswith("drone:"):  # an enemy drone outside its ship
        check_drone_target(enemy, weapon, room_id)
    else:
        room_of(enemy, room_id)
    if enemy is not ship and int(enemy.get("cloak", 0)) > 0:
        raise RulesError(f"{enemy['name']} is cloaked and cannot be targeted")
    event: Event = {
        "event": "aim",
        "ship": ship["name"],
        "weapon": weapon["id"],
        "at": enemy["name"],
        "room": room_id,
    }
    if weapon["kind"] == "beam":
        beam_rules = rules(battle)["beams"]
        line = beam_aim(
            enemy,
            room_id,
            int(corner if corner is not None else beam_rules["default_corner"]),
            str(toward or beam_rules["default_toward"]),
        )
        event.update(line)
        if not trial:
            weapon["beam_aim"] = line
    if not trial:
        weapon["target"] = room_id
    return event


def charge_weapons(battle: Battle, ship: Ship) -> list[Event]:
    """One second of charge for powered weapons, discharge for the others."""
    events: list[Event] = []
    drain = int(rules(battle)["weapons"]["discharge_per_second"])
    artillery_drain = int(rules(battle)["artillery"]["discharge_per_second"])
    for weapon in ship["weapons"]:
        cap = int(weapon["charge_cap"])
        if weapon["powered"] and weapon["charges"] >= cap:
            weapon["waited"] += 1  # charged and not fired at once: a chain is broken
            weapon["chain_level"] = 0
        elif weapon["powered"]:
            weapon["charge"] += 1
            if weapon["charge"] >= cooldown(battle, ship, weapon):
                weapon["charge"] = 0
                weapon["charges"] += 1
                weapon["waited"] = 0
                events.append(
                    {
                        "event": "charged",
                        "ship": ship["name"],
                        "weapon": weapon["id"],
                        "charges": weapon["charges"],
                    }
                )
        else:
            weapon["chain_level"] = 0
            _discharge(weapon, artillery_drain if weapon.get("artillery") else drain)
    return events


def _discharge(weapon: Weapon, seconds: int) -> None:
    """Charge lost: stored charges go first, each worth a full cooldown (ruling)."""
    total = weapon["charges"] * int(weapon["cooldown"]) + weapon["charge"]
    total = max(0, total - seconds)
    weapon["charges"], weapon["charge"] = divmod(total, int(weapon["cooldown"]))


def fire_weapons(battle: Battle, ship: Ship, dice: DiceDoor) -> list[Event]:
    """Charged, aimed weapons start a volley; every volley under way launches its shots."""
    events: list[Event] = []
    weapon_rules = rules(battle)["weapons"]
    for index, weapon in enumerate(ship["weapons"]):
        if weapon["shots_left"] == 0 and weapon["target"] and is_charged(battle, ship, weapon):
            aimed_at = target_ship(battle, ship, weapon)
            if aimed_at is not ship and int(aimed_at.get("cloak", 0)) > 0:
                continue  # "cannot be targeted": a charged weapon holds its fire
            events += _start_volley(battle, ship, index, dice)
            events += cloak_fired(battle, ship)
        if weapon["shots_left"] > 0 and weapon["spread"]:  # flak, swarm: every shot at once
            events += _launch_scattered(battle, ship, index, dice)
        elif weapon["shots_left"] > 0:
            events += _launch(battle, ship, index, int(weapon_rules["shots_per_second"]))
    return events


def _start_volley(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    weapon = ship["weapons"][index]
    weapon_rules = rules(battle)["weapons"]
    kept: list[Event] = []
    if weapon["kind"] in weapon_rules["uses_missile"]:
        if ship["missiles"] <= 0:
            if weapon.get("dry"):
                return []
            weapon["dry"] = True
            return [{"event": "no_missiles", "ship": ship["name"], "weapon": weapon["id"]}]
        roll = saves(battle, ship, "explosive_replicator", dice, f"{weapon['id']}'s missile")
        if roll is not None:
            kept.append(roll)
        if roll is None or not roll["happens"]:
            ship["missiles"] -= 1
    weapon["dry"] = False
    weapon["shots_left"] = volley_shots(weapon, int(weapon["charges"]))
    weapon["charges"] = 0
    weapon["charge"] = 0
    weapon["volley_ion"] = ion_damage(weapon)
    if weapon.get("chain"):  # the next volley, fired the second it is ready, goes further
        weapon["chain_level"] = _capped_level(weapon, int(weapon["chain_level"]) + 1)
    weapon["waited"] = 0
    weapon["volley_target"] = weapon["target"]
    if not ship.get("autofire"):  # without autofire a weapon fires once, then holds
        weapon["target"] = None
    return kept + [
        {
            "event": "fire",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "room": weapon["volley_target"],
            "shots": weapon["shots_left"],
            "missiles": ship["missiles"],
        }
    ]


def _launch(battle: Battle, ship: Ship, index: int, per_second: int) -> list[Event]:
    weapon = ship["weapons"][index]
    if weapon["kind"] == "beam":
        return _launch_beam(battle, ship, index)
    travel = _travel(battle, weapon)
    count = min(per_second, weapon["shots_left"])
    enemy = target_ship(battle, ship, weapon)
    for _ in range(count):
        _fly(battle, ship, enemy, index, str(weapon["volley_target"]), travel)
        weapon["shots_left"] -= 1
    return [
        {
            "event": "launch",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "shots": count,
            "room": weapon["volley_target"],
            "arrives": battle["second"] + travel,
        }
    ]


def _fly(battle: Battle, ship: Ship, enemy: Ship, index: int, room: str, travel: int) -> None:
    """One shot of the ship's weapon ``index`` put in flight toward ``room``."""
    weapon = ship["weapons"][index]
    battle["next_shot"] += 1
    battle["in_flight"].append(
        {
            "id": battle["next_shot"],
            "from": ship["name"],
            "to": enemy["name"],
            "weapon": weapon["id"],
            "slot": index,
            "room": room,
            "ion": weapon["volley_ion"],
            "arrives": battle["second"] + travel,
        }
    )


def _travel(battle: Battle, weapon: Mapping[str, Any]) -> int:
    """Seconds in flight, by the weapon's type (the artillery flak's asteroids fly at ion
    speed: ``travel_as``)."""
    return int(rules(battle)["weapons"]["travel_seconds"][weapon.get("travel_as", weapon["kind"])])


def _launch_scattered(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    """A spread weapon's shots each land on a corner of the aimed room or of the rings of
    corners around it, one die face per corner (in reading order); a corner with no room
    is a miss into space."""
    weapon = ship["weapons"][index]
    enemy = enemy_of(battle, ship)
    travel = _travel(battle, weapon)
    landed: list[str | None] = []
    for _ in range(int(weapon["shots_left"])):
        room = scatter(
            enemy,
            str(weapon["volley_target"]),
            int(weapon["spread"]),
            dice,
            label=f"{weapon['id']} shot on {enemy['name']}",
        )
        landed.append(room)
        if room is not None:
            _fly(battle, ship, enemy, index, room, travel)
    weapon["shots_left"] = 0
    return [
        {
            "event": "launch",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "shots": len(landed),
            "room": weapon["volley_target"],
            "rooms": landed,
            "arrives": battle["second"] + travel,
        }
    ]


def _launch_beam(battle: Battle, ship: Ship, index: int) -> list[Event]:
    """A beam reaches the enemy at once and sweeps its rooms, 2 a second: one arrival per
    room crossed, each at its second."""
    weapon = ship["weapons"][index]
    enemy = enemy_of(battle, ship)
    per_second = int(rules(battle)["beams"]["rooms_per_second"])
    crossed = sweep(battle, enemy, weapon, str(weapon["volley_target"]))
    beam = battle["next_shot"] + 1  # its rooms' arrivals share it (a Zoltan shield stops all)
    for order, part in enumerate(crossed):
        battle["next_shot"] += 1
        battle["in_flight"].append(
            {
                "id": battle["next_shot"],
                "beam": beam,
                "from": ship["name"],
                "to": enemy["name"],
                "weapon": weapon["id"],
                "slot": index,
                "room": part["room"],
                "corners": part["corners"],
                "ion": 0,
                "arrives": battle["second"] + order // per_second,
            }
        )
    weapon["shots_left"] = 0
    return [
        {
            "event": "launch",
            "ship": ship["name"],
            "weapon": weapon["id"],
            "shots": 1,
            "room": weapon["volley_target"],
            "rooms": [part["room"] for part in crossed],
            "arrives": battle["second"],
        }
    ]


def _capped_level(weapon: Mapping[str, Any], level: int) -> int:
    """No more steps in a row than reach the cap."""
    chain = weapon["chain"]
    base = int(weapon["cooldown"] if chain["what"] == "cooldown" else weapon["ion"])
    steps = abs(int(chain["cap"]) - base) // max(1, abs(int(chain["step"])))
    return min(level, steps)
