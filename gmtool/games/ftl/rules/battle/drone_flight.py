"""One second of the drones outside the ships (step 4 of a second, before arrivals).

A powered drone that is out and not ionised acts; an ionised one loses a second of its
ion instead. First the offensive drones of both ships: the d6 wait, the 2d6 move, then a
shot (combat drone: a laser's, stopped by a shield, dodged) or a beam (beam and fire
drones) at a rolled room. Then the defensive ones: the hull repair drone mends 3-5 hull
and is spent; defence drones shoot down shots flying at their ship (Defense I a missile,
a hacking or boarding drone every 2 s, Defense II any shot every second), the soonest to
land first; the anti-combat drone ionises an enemy offensive drone every 3 s (rolled
among them); the shield overcharger adds a Zoltan shield layer every 8 s (up to 5). The
defense scrambler stops the enemy's shooting drones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import drone_moves as moves
from gmtool.games.ftl.rules.battle.asteroids import is_due
from gmtool.games.ftl.rules.battle.beams import sweep
from gmtool.games.ftl.rules.battle.drone_shots import as_weapon, launch, shot_kind
from gmtool.games.ftl.rules.battle.drones import HULL_REPAIR, OVERCHARGER, destroy, ionise
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    enemy_of,
    rules,
    ships_in_order,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Drone


def each_second(battle: Battle, dice: DiceDoor) -> list[Event]:
    ships = ships_in_order(battle)
    awake: dict[str, list[int]] = {s["name"]: _awake(battle, s) for s in ships}
    events: list[Event] = []
    for ship in ships:
        events += _asteroid_among_drones(battle, ship, dice)
    for ship in ships:
        for index in awake[ship["name"]]:
            drone = ship["drones"][index]
            if drone["kind"] == "offensive" and drone["powered"]:  # not shot down just now
                events += _offensive(battle, ship, index, dice)
    for ship in ships:
        for index in awake[ship["name"]]:
            drone = ship["drones"][index]
            if drone["kind"] == "defensive" and drone["deployed"]:
                events += _defensive(battle, ship, drone, dice)
    return events


def _asteroid_among_drones(battle: Battle, ship: Ship, dice: DiceDoor) -> list[Event]:
    """An asteroid due at ``ship`` this second first crosses a space round it, named by
    2d6 as a drone's move (``asteroid_space``): the enemy drones on it are destroyed. No
    roll when no enemy drone flies round the ship."""
    if ship["hull"] <= 0 or not is_due(battle, ship):
        return []
    enemy = enemy_of(battle, ship)
    around = [d for d in enemy.get("drones") or [] if d["kind"] == "offensive" and d["deployed"]]
    if not around:
        return []
    label = f"space round {ship['name']} an asteroid crosses"
    space = moves.space_of(battle, dice.roll("2d6", who="asteroid_space", label=label).faces)
    events: list[Event] = []
    for drone in around:
        if drone["at"] == space and drone["to"] is None:
            destroy(battle, enemy, drone)
            events.append(
                {"event": "drone_destroyed", "ship": enemy["name"], "drone": drone["id"]}
                | {"why": "asteroid", "space": space}
            )
    return events


def _awake(battle: Battle, ship: Ship) -> list[int]:
    """The drones that act this second; ionised ones lose a second of their ion."""
    scrambled = "defense_scrambler" in enemy_of(battle, ship)["augments"]
    stopped = rules(battle)["drones"]["scrambled"] if scrambled else []
    found: list[int] = []
    for index, drone in enumerate(ship.get("drones") or []):
        if int(drone["ion_timer"]) > 0:
            drone["ion_timer"] -= 1
            continue
        if drone["powered"] and drone["kind"] != "internal" and drone["id"] not in stopped:
            found.append(index)
    return found


def _waited(battle: Battle, ship: Ship, drone: Drone, dice: DiceDoor) -> bool:
    """Counts down a just-launched drone's d6 wait (rolled on its first second); True
    once the wait is over. Drones of a kind that does not wait are ready at once."""
    if drone["phase"] not in (None, "launch"):
        return True
    if drone["kind"] not in rules(battle)["drones"]["delay_kinds"]:
        drone["phase"] = "ready"
        return True
    if drone["phase"] is None:
        label = f"{ship['name']} {drone['id']} launch wait"
        drone["timer"] = moves.roll_delay(battle, dice, label)
        drone["phase"] = "launch"
    drone["timer"] -= 1
    if drone["timer"] > 0:
        return False
    drone["phase"] = "ready"
    return True


def _offensive(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    """Wait, move, fire, and wait again: a drone that arrives where it was going fires at
    once and rolls its next wait."""
    drone = ship["drones"][index]
    name = f"{ship['name']} {drone['id']}"
    if drone["phase"] is None:
        drone["timer"] = moves.roll_delay(battle, dice, f"{name} wait")
        drone["phase"] = "wait"
    drone["timer"] -= 1
    if drone["timer"] > 0:
        return []
    if drone["phase"] == "wait":
        there, seconds, _ = moves.roll_move(battle, dice, str(drone["at"]), f"{name} move")
        drone["to"], drone["timer"], drone["phase"] = there, seconds, "move"
        return [
            {
                "event": "drone_move",
                "ship": ship["name"],
                "drone": drone["id"],
                "from": drone["at"],
                "to": there,
                "seconds": seconds,
            }
        ]
    drone["at"], drone["to"] = str(drone["to"]), None
    events = _fire(battle, ship, index, dice)
    drone["timer"] = moves.roll_delay(battle, dice, f"{name} wait")
    drone["phase"] = "wait"
    return events


def _fire(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    drone = ship["drones"][index]
    enemy = enemy_of(battle, ship)
    if int(enemy.get("cloak", 0)) > 0:  # "cannot be targeted"
        return [{"event": "drone_holds", "ship": ship["name"], "drone": drone["id"]}]
    label = f"{ship['name']} {drone['id']} fires on {enemy['name']}"
    room = moves.roll_room(battle, dice, enemy, label)
    settings = rules(battle)["drones"]
    shot: dict[str, Any] = {
        "from": ship["name"],
        "to": enemy["name"],
        "weapon": drone["id"],
        "slot": None,
        "drone": index,
        "room": room,
        "ion": 0,
    }
    event: Event = {"event": "drone_fire", "ship": ship["name"], "drone": drone["id"]}
    event["room"] = room
    if not drone["beam"]:
        shot["kind"] = str(settings["shot_kind"])
        launch(battle, shot, int(settings["shot_travel_seconds"]))
        return [event]
    toward = moves.roll_toward(battle, dice, label)
    shot["kind"] = "beam"
    shot["beam_aim"] = {"corner": int(settings["beam_corner"]), "toward": toward}
    event["toward"] = toward

    corner = min(int(settings["beam_corner"]), len(enemy["rooms"][room]["corners"]))
    shot["beam_aim"]["corner"] = corner
    crossed = sweep(battle, enemy, as_weapon(battle, drone, shot), room)
    per_second = int(rules(battle)["beams"]["rooms_per_second"])
    for order, part in enumerate(crossed):
        launch(
            battle, {**shot, "room": part["room"], "corners": part["corners"]}, order // per_second
        )
    event["rooms"] = [part["room"] for part in crossed]
    return [event]


def _defensive(battle: Battle, ship: Ship, drone: Drone, dice: DiceDoor) -> list[Event]:
    if not _waited(battle, ship, drone, dice):
        return []
    if drone["id"] == HULL_REPAIR:
        return _repair_hull(battle, ship, drone, dice)
    if drone["every"] <= 0:
        return []
    if drone["reload"] > 0:
        drone["reload"] -= 1
        if drone["reload"] > 0:
            return []
    if drone["id"] == OVERCHARGER:  # a steady clock, whether or not a layer was missing
        drone["reload"] = drone["every"]
        return _overcharge(battle, ship, drone)
    if drone["ion_damage"] > 0:
        events = _ionise_enemy_drone(battle, ship, drone, dice)
    else:
        events = _shoot_down(battle, ship, drone)
    if events:
        drone["reload"] = drone["every"]
    return events


def _overcharge(battle: Battle, ship: Ship, drone: Drone) -> list[Event]:
    """ "Creates 1 layer of zoltan shields every 8 seconds", up to a top (ruling)."""
    top = int(rules(battle)["drones"]["overcharger_max_layers"])
    if int(ship.get("zoltan_shield", 0)) >= top:
        return []
    ship["zoltan_shield"] = int(ship.get("zoltan_shield", 0)) + 1
    return [
        {
            "event": "overcharged",
            "ship": ship["name"],
            "drone": drone["id"],
            "layers": ship["zoltan_shield"],
        }
    ]


def _repair_hull(battle: Battle, ship: Ship, drone: Drone, dice: DiceDoor) -> list[Event]:
    """ "Repairs 3-5 hull then destroys itself"."""
    amount = moves.roll_hull_repair(battle, dice, f"{ship['name']} {drone['id']}")
    before = int(ship["hull"])
    ship["hull"] = min(int(ship["hull_max"]), before + amount)
    destroy(battle, ship, drone)
    return [
        {
            "event": "drone_repair",
            "ship": ship["name"],
            "drone": drone["id"],
            "rolled": amount,
            "hull": ship["hull"],
            "repaired": ship["hull"] - before,
        }
    ]


def _shoot_down(battle: Battle, ship: Ship, drone: Drone) -> list[Event]:
    """The shot flying at the ship that lands soonest, of a kind the drone targets."""
    table = rules(battle)["drones"]["shoot_down"]
    kinds = {kind for target in drone["targets"] for kind in table.get(target, [])}
    coming = [
        s
        for s in battle["in_flight"]
        if s["to"] == ship["name"] and s["from"] != ship["name"] and shot_kind(battle, s) in kinds
    ]
    if not coming:
        return []
    shot = min(coming, key=lambda s: (s["arrives"], s["id"]))
    battle["in_flight"].remove(shot)
    if shot.get("drone") is not None and shot_kind(battle, shot) == "boarding_drone":
        owner = battle["ships"][shot["from"]]
        destroy(battle, owner, owner["drones"][int(shot.get("drone") or 0)])
    return [
        {
            "event": "shot_down",
            "ship": ship["name"],
            "drone": drone["id"],
            "from": shot["from"],
            "weapon": shot["weapon"],
        }
    ]


def _ionise_enemy_drone(battle: Battle, ship: Ship, drone: Drone, dice: DiceDoor) -> list[Event]:
    """The anti-combat drone: an enemy offensive drone, picked at random, is ionised."""
    enemy = enemy_of(battle, ship)
    attackers = [
        d
        for d in enemy.get("drones") or []
        if d["kind"] == "offensive" and d["powered"] and int(d["ion_timer"]) == 0
    ]
    if not attackers:
        return []
    target = attackers[0]
    if len(attackers) > 1:
        label = f"{ship['name']} {drone['id']} picks an enemy drone"
        face = dice.roll(f"1d{len(attackers)}", who="drone_pick", label=label).total
        target = attackers[face - 1]
    return [ionise(battle, enemy, target, int(drone["ion_damage"]), drone["id"])]
