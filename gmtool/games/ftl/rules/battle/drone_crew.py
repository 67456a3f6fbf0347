"""Internal drones: the anti-personnel drone, the system repair drone, the boarding drone.

They walk the rooms as crew do (listed with the crew, ``"drone"`` naming their slot), at
half speed (50% faster with the drone booster), need no air, do not burn and cannot be
stunned, man nothing and take no orders: each second (step 4, before the crew walk) each
picks where to go. The anti-personnel drone walks to the nearest room with boarders and
fights them (6-7 a second); the repair drone walks to the nearest room with a fire, a
breach or a damaged system and works on it as crew do (3 SS a second) and never fights;
the boarding drone is fired at a rolled enemy room (2 s in flight, when it can be shot
down), fights the crew there, wrecks the room's system, then walks to the nearest room
with a system still working. A drone unpowered or ionised stands still and does nothing.
A powered drone in the drone control room heals (ruling). A drone killed is gone.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import drone_moves as moves
from gmtool.games.ftl.rules.battle.crew import path_between
from gmtool.games.ftl.rules.battle.damage import hurt
from gmtool.games.ftl.rules.battle.drone_shots import launch
from gmtool.games.ftl.rules.battle.drones import BOARDING, DRONES, body_of, destroy
from gmtool.games.ftl.rules.battle.state import (
    Battle,
    Event,
    Ship,
    enemy_of,
    is_hostile,
    rules,
    ships_in_order,
)

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import CrewMember


def each_second(battle: Battle, dice: DiceDoor) -> list[Event]:
    events: list[Event] = []
    for ship in ships_in_order(battle):
        for index, drone in enumerate(ship.get("drones") or []):
            if drone["kind"] == "internal" and drone["deployed"]:
                events += _one(battle, ship, index, dice)
    return events


def _one(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    drone = ship["drones"][index]
    aboard, body = body_of(battle, ship, index)
    if body is not None and body["health"] <= 0:
        destroy(battle, ship, drone)
        return [{"event": "drone_destroyed", "ship": ship["name"], "drone": drone["id"]}]
    idle = not drone["powered"] or int(drone["ion_timer"]) > 0
    if int(drone["ion_timer"]) > 0:
        drone["ion_timer"] -= 1
    if body is None:
        if idle or drone["phase"] == "flying":
            return []
        return _come_out(battle, ship, index, dice)
    body["idle"] = idle
    if idle:
        body["path"] = []
        return []
    assert aboard is not None
    events = _heal(battle, ship, aboard, body)
    goal = _goal(battle, ship, aboard, body)
    if goal is not None and goal != body["room"] and (not body["path"] or body["path"][-1] != goal):
        body["path"] = path_between(aboard, str(body["room"]), goal) or []
        body["steps"] = 0.0
    return events


def _come_out(battle: Battle, ship: Ship, index: int, dice: DiceDoor) -> list[Event]:
    """A drone switched on for the first time: in the drone control room, or, for the
    boarding drone, fired at a room of the enemy."""
    drone = ship["drones"][index]
    if drone["id"] != BOARDING:
        room = ship["systems"][DRONES]["room"]
        ship["crew"].append(_body(battle, ship, index, str(room)))
        return [{"event": "drone_out", "ship": ship["name"], "drone": drone["id"], "room": room}]
    enemy = enemy_of(battle, ship)
    if int(enemy.get("cloak", 0)) > 0:
        return []  # it waits for a ship it can see
    label = f"{ship['name']} {drone['id']} boards {enemy['name']}"
    room = moves.roll_room(battle, dice, enemy, label)

    shot: dict[str, Any] = {"from": ship["name"], "to": enemy["name"], "weapon": drone["id"]}
    shot["slot"] = None
    shot |= {"drone": index, "kind": BOARDING, "room": room, "ion": 0}
    launch(battle, shot, int(rules(battle)["drones"]["boarding_travel_seconds"]))
    drone["phase"] = "flying"
    return [{"event": "drone_fire", "ship": ship["name"], "drone": drone["id"], "room": room}]


def lands(battle: Battle, shot: Mapping[str, Any]) -> list[Event]:
    """A boarding drone reaches its room."""
    ship = battle["ships"][shot["from"]]
    enemy = battle["ships"][shot["to"]]
    index = int(shot["drone"])
    ship["drones"][index]["phase"] = "aboard"
    enemy["crew"].append(_body(battle, ship, index, str(shot["room"])))
    return [
        {
            "event": "drone_boards",
            "ship": ship["name"],
            "drone": ship["drones"][index]["id"],
            "at": enemy["name"],
            "room": shot["room"],
        }
    ]


def _body(battle: Battle, ship: Ship, index: int, room: str) -> CrewMember:
    drone = ship["drones"][index]
    speed = float(drone["speed"])
    if "drone_booster" in ship["augments"]:
        percent = int(ship["augment_numbers"]["drone_booster"]["speed_bonus_percent"])
        speed = speed * (100 + percent) / 100
    repairs = drone["fight"] == [0, 0]  # the repair drone "will not fight"
    settings = rules(battle)
    repair_share = int(settings["drones"]["repair_ss"]) / max(1, int(settings["crew"]["repair_ss"]))
    return {
        "name": f"{ship['name']} drone {index + 1}",
        "race": "drone",
        "drone": index,
        "owner": ship["name"],
        "room": room,
        "health": int(drone["health"]),
        "max_health": int(drone["health"]),
        "skills": {},
        "speed": speed,
        "repair": repair_share if repairs else 0.0,
        "fire_immune": True,
        "suffocation": 0,
        "drains_oxygen": 0,
        "ss_damage": list(drone["fight"]),
        "death_damage": 0,
        "mind_control_immune": True,
        "stunned": 0,
        "path": [],
        "steps": 0.0,
        "idle": False,
    }


def _heal(battle: Battle, ship: Ship, aboard: Ship, body: CrewMember) -> list[Event]:
    """ "Can only heal while powered and in drone room"."""
    heal = int(rules(battle)["drones"]["heal_per_second"])
    if aboard is not ship or heal <= 0 or body["room"] != ship["systems"][DRONES]["room"]:
        return []
    if body["health"] >= body["max_health"]:
        return []

    return hurt(ship, body, -heal, "drone control")


def _goal(battle: Battle, ship: Ship, aboard: Ship, body: CrewMember) -> str | None:
    """Where the drone heads: the nearest room by doors that needs it."""
    if aboard is not ship:  # a boarding drone: crew first, then the systems
        here = [m for m in aboard["crew"] if m["room"] == body["room"] and m["health"] > 0]
        if any(not is_hostile(aboard, m) for m in here):
            return None
        return _nearest(aboard, str(body["room"]), lambda rid: _working_system(aboard, rid))
    if body["repair"] > 0:
        return _nearest(ship, str(body["room"]), lambda rid: _needs_repair(ship, rid))
    return _nearest(
        ship,
        str(body["room"]),
        lambda rid: any(
            is_hostile(ship, m) and m["health"] > 0 and m["room"] == rid for m in ship["crew"]
        ),
    )


def _working_system(ship: Ship, room_id: str) -> bool:
    system = ship["systems"].get(ship["rooms"][room_id].get("system") or "")
    return system is not None and int(system["damage"]) < int(system["level"])


def _needs_repair(ship: Ship, room_id: str) -> bool:
    room = ship["rooms"][room_id]
    if room["fires"] or room["breaches"]:
        return True
    system = ship["systems"].get(room.get("system") or "")
    return system is not None and int(system["damage"]) > 0


def _nearest(ship: Ship, start: str, wanted: Any) -> str | None:
    """The nearest room by doors (``start`` itself first) for which ``wanted`` holds."""
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if wanted(here):
            return here
        for there in ship["rooms"][here]["neighbours"]:
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return None
