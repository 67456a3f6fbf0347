"""Where a spread weapon's shot lands (flak, the swarm missile).

"A weapon with spread will have a chance to hit adjacent imaginary corners": the aimed
room's corners and every corner within ``spread`` rings around the room (its bounding
box widened by ``spread`` on each side), in reading order, one face of a die each. The
shot hits the room whose corner the die names, or nothing when no room is there.
"""

from __future__ import annotations

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.state import Ship


def target_corners(ship: Ship, room_id: str, spread: int) -> list[tuple[int, int]]:
    corners = ship["rooms"][room_id]["corners"]
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return [
        (x, y)
        for y in range(min(ys) - spread, max(ys) + spread + 1)
        for x in range(min(xs) - spread, max(xs) + spread + 1)
    ]


def scatter(ship: Ship, room_id: str, spread: int, dice: DiceDoor, *, label: str) -> str | None:
    corners = target_corners(ship, room_id, spread)
    face = dice.roll(f"1d{len(corners)}", who="spread", label=label).total
    x, y = corners[face - 1]
    for rid, room in ship["rooms"].items():
        if [x, y] in room["corners"] or (x, y) in [tuple(c) for c in room["corners"]]:
            return str(rid)
    return None
