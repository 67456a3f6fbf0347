"""The FTL battle as the web draws it: each ship's rooms on its grid of corners (a room a
rectangle, shaded by its air, with its crew, fires and breaches), its doors on the walls
where ``ftl ship show`` puts them, the rooms the enemy aims at, and the sector map's
squares. Pure: it reads the battle's document (``ftl show --json``) and the map of the
table's view, and returns numbers and words for the templates."""

from __future__ import annotations

from typing import Any

from gmtool.games.ftl.render_shipgrid import first_wall_between

Doc = dict[str, Any]
Corner = tuple[int, int]

MOST_MARKS = 4
"""Crew initials a room shows before the rest are counted (+2)."""


def battle_drawing(battle: Doc) -> Doc:
    """Both ships drawn, the shots in flight by ship, and what lands next second."""
    names = list(battle["ships"])
    aimed = _aimed(battle)
    ships = []
    for name, ship in battle["ships"].items():
        enemy = next((other for other in names if other != name), "")
        ships.append(
            {
                "name": name,
                "enemy": enemy,
                "doc": ship,
                "grid": ship_grid(ship, aimed.get(name, set())),
                "crew_here": [c for c in ship["crew"] if c["room"] and c["health"] > 0],
                "aboard": [c for c in ship["crew"] if c["owner"] != name],
            }
        )
    soon = [s for s in battle["in_flight"] if s["arrives"] == battle["second"] + 1]
    return {"ships": ships, "soon": soon, "later": len(battle["in_flight"]) - len(soon)}


def _aimed(battle: Doc) -> dict[str, set[str]]:
    """The rooms of each ship that a weapon aims at or a shot in flight will hit."""
    names = list(battle["ships"])
    found: dict[str, set[str]] = {name: set() for name in names}
    for name, ship in battle["ships"].items():
        enemy = next((other for other in names if other != name), None)
        for weapon in ship["weapons"]:
            if enemy and weapon["target"] and not str(weapon["target"]).startswith("drone:"):
                found[enemy].add(str(weapon["target"]))
    for shot in battle["in_flight"]:
        found.setdefault(shot["to"], set()).add(str(shot["room"]))
    return found


def ship_grid(ship: Doc, targeted: set[str]) -> Doc:
    """The rooms and doors of one ship, in cells (a corner is one cell)."""
    owner: dict[Corner, str] = {
        (x, y): room_id for room_id, room in ship["rooms"].items() for x, y in room["corners"]
    }
    if not owner:
        return {"width": 0, "height": 0, "rooms": [], "doors": []}
    rooms = []
    for room_id, room in ship["rooms"].items():
        xs = [x for x, _ in room["corners"]]
        ys = [y for _, y in room["corners"]]
        crew = [c for c in ship["crew"] if c["room"] == room_id and c["health"] > 0]
        marks = [_initials(c) for c in crew]
        shown = marks[:MOST_MARKS] + (
            [f"+{len(marks) - MOST_MARKS}"] if len(marks) > MOST_MARKS else []
        )
        rooms.append(
            {
                "id": room_id,
                "x": min(xs),
                "y": min(ys),
                "w": max(xs) - min(xs) + 1,
                "h": max(ys) - min(ys) + 1,
                "system": room["system"] or "",
                "air": _air(int(room["oxygen"])),
                "oxygen": int(room["oxygen"]),
                "fires": int(room["fires"]),
                "breaches": int(room["breaches"]),
                "crew": shown,
                "targeted": room_id in targeted,
            }
        )
    doors = []
    for door in ((ship.get("doors") or {}).get("doors") or {}).values():
        a, b = door["rooms"]
        wall = _wall(owner, ship["rooms"][a]["corners"], a, b)
        if wall:
            doors.append({**wall, "state": _door_state(door)})
    for room_id, room in ship["rooms"].items():
        if room.get("space_door"):
            wall = _wall(owner, room["corners"], room_id, None)
            if wall:
                doors.append({**wall, "state": "open" if room.get("vent") else "shut"})
    return {
        "width": max(x for x, _ in owner) + 1,
        "height": max(y for _, y in owner) + 1,
        "rooms": rooms,
        "doors": doors,
    }


def _initials(member: Doc) -> str:
    if member["race"] == "drone":
        return ("D" + str(member["name"]).rsplit(" ", 1)[-1])[:3]
    return str(member["name"])[:2]


def _air(oxygen: int) -> str:
    if oxygen <= 0:
        return "none"
    return "low" if oxygen < 50 else "ok"


def _door_state(door: Doc) -> str:
    if door["lock_seconds"]:
        return "locked"
    if door["broken_seconds"]:
        return "broken"
    return "open" if door["open"] else "shut"


def _wall(owner: dict[Corner, str], corners: list[list[int]], room: str, to: str | None) -> Doc:
    """The stretch of wall a door sits on, as a line in cells (a quarter to three quarters
    of the corner's side)."""
    found = first_wall_between(owner, [(x, y) for x, y in corners], room, to)
    if found is None:
        return {}
    (x, y), (dx, dy) = found
    if dx:
        at = x + (1 if dx > 0 else 0)
        return {"x1": at, "y1": y + 0.2, "x2": at, "y2": y + 0.8}
    at = y + (1 if dy > 0 else 0)
    return {"x1": x + 0.2, "y1": at, "x2": x + 0.8, "y2": at}


def sector_drawing(sector: Doc | None, players: Doc) -> Doc | None:
    """The 6x6 map: each square a beacon, removed, an asteroid field or an ion storm, and
    the ships on it."""
    if sector is None:
        return None
    size = int(sector["size"])
    kinds: dict[Corner, str] = {}
    for x, y in sector["beacons"]:
        kinds[(x, y)] = "beacon"
    for x, y in sector.get("asteroids") or []:
        kinds[(x, y)] = "asteroids"
    for x, y in sector.get("ion_storms") or []:
        kinds[(x, y)] = "storm"
    ships: dict[Corner, list[str]] = {}
    for name, player in players.items():
        if player.get("at"):
            x, y = player["at"]
            ships.setdefault((x, y), []).append(name)
    return {
        "size": size,
        "squares": [
            {"x": x, "y": y, "kind": kinds.get((x, y), "removed"), "ships": ships.get((x, y), [])}
            for y in range(1, size + 1)
            for x in range(1, size + 1)
        ],
    }
