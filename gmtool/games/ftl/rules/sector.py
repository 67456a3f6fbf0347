"""The sector map: a square of beacons thinned by dice, with asteroid fields, ion storms
and each player's starting beacon, built step by step as the rules tell (every re-roll kept).

Beacons are ``(x, y)`` with 1 <= x, y <= size. A coin is a d2: 1 is heads, 2 is tails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError

if TYPE_CHECKING:
    from gmtool.games.ftl.rules.content import CoinCounts, MapRules

Beacon = tuple[int, int]
COIN_FACES = {1: "heads", 2: "tails"}


def beacon_words(at: Iterable[int]) -> str:
    """A beacon as every screen names it: ``(2, 1)`` (column, row)."""
    x, y = at
    return f"({x}, {y})"


def neighbours(beacon: Beacon, adjacency: str) -> list[Beacon]:
    x, y = beacon
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if adjacency == "diagonal":
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(x + dx, y + dy) for dx, dy in steps]


def is_adjacent(a: Beacon, b: Beacon, adjacency: str) -> bool:
    return b in neighbours(a, adjacency)


def is_connected(beacons: set[Beacon], adjacency: str) -> bool:
    """Whether every beacon can reach every other by jumps to touching beacons."""
    if not beacons:
        return True
    start = next(iter(beacons))
    seen, todo = {start}, [start]
    while todo:
        for near in neighbours(todo.pop(), adjacency):
            if near in beacons and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(beacons)


class _Builder:
    def __init__(self, rules: MapRules, dice: DiceDoor) -> None:
        self.rules = rules
        self.dice = dice
        size = rules.size
        self.beacons: set[Beacon] = {(x, y) for x in range(1, size + 1) for y in range(1, size + 1)}
        self.removed: list[Beacon] = []
        self.asteroids: list[Beacon] = []
        self.ion_storms: list[Beacon] = []
        self.starts: dict[str, Beacon] = {}
        self.steps: list[dict[str, Any]] = []
        self.rerolls = 0

    def coin(self, purpose: str, counts: CoinCounts) -> int:
        face = COIN_FACES[self.dice.roll("1d2", label=f"{purpose} coin").total]
        count: int = getattr(counts, face)
        self.steps.append({"step": "coin", "for": purpose, "coin": face, "count": count})
        return count

    def place(self, purpose: str, why_not: Callable[[Beacon], str | None], who: str = "") -> Beacon:
        """Roll x then y until a beacon passes ``why_not`` (which names what is wrong)."""
        if not any(why_not(beacon) is None for beacon in self._grid()):
            raise RulesError(
                f"no beacon is left where a {purpose} may go", hint="build the map again"
            )
        size = self.rules.size
        while True:
            roll = self.dice.roll(f"2d{size}", who=who, label=purpose)
            beacon = (roll.faces[0], roll.faces[1])
            reason = why_not(beacon)
            step: dict[str, Any] = {"step": purpose, "at": list(beacon)}
            if who:
                step["player"] = who
            if reason is None:
                self.steps.append(step)
                return beacon
            self.rerolls += 1
            self.steps.append({**step, "reroll": reason})

    def _grid(self) -> Iterable[Beacon]:
        size = self.rules.size
        return ((x, y) for x in range(1, size + 1) for y in range(1, size + 1))

    # -- the reasons a roll is rolled again ---------------------------------------
    def why_not_asteroid(self, beacon: Beacon) -> str | None:
        return "already an asteroid field" if beacon in self.asteroids else None

    def why_not_removal(self, beacon: Beacon) -> str | None:
        if beacon not in self.beacons:
            return "already removed"
        if self.rules.removals_spare_asteroids and beacon in self.asteroids:
            return "an asteroid field"
        if not is_connected(self.beacons - {beacon}, self.rules.adjacency):
            return "removing it would cut the map apart"
        return None

    def why_not_storm(self, beacon: Beacon) -> str | None:
        if beacon not in self.beacons:
            return "no beacon there"
        if beacon in self.asteroids:
            return "an asteroid field"
        return "already an ion storm" if beacon in self.ion_storms else None

    def why_not_start(self, beacon: Beacon) -> str | None:
        reason = self.why_not_storm(beacon)
        if reason == "already an ion storm":
            return "an ion storm"
        if reason is None and beacon in self.starts.values():
            return "another player starts there"
        return reason


def build_map(rules: MapRules, players: list[str], dice: DiceDoor) -> dict[str, Any]:
    """The map as the ``ftl map new --json`` document (plus ``steps``: every roll's use)."""
    build = _Builder(rules, dice)
    for _ in range(build.coin("asteroids", rules.asteroids_by_coin)):
        build.asteroids.append(build.place("asteroid", build.why_not_asteroid))
    for _ in range(rules.removals):
        if not any(build.why_not_removal(beacon) is None for beacon in build._grid()):
            build.steps.append({"step": "removal", "stopped": "no beacon can be removed"})
            break
        beacon = build.place("removal", build.why_not_removal)
        build.beacons.discard(beacon)
        build.removed.append(beacon)
        if beacon in build.asteroids:
            build.asteroids.remove(beacon)
    for _ in range(build.coin("ion storms", rules.ion_storms_by_coin)):
        build.ion_storms.append(build.place("ion storm", build.why_not_storm))
    for player in players:
        build.starts[player] = build.place("start", build.why_not_start, who=player)
    return {
        "size": rules.size,
        "beacons": [list(b) for b in sorted(build.beacons)],
        "removed": [list(b) for b in build.removed],
        "asteroids": [list(b) for b in build.asteroids],
        "ion_storms": [list(b) for b in build.ion_storms],
        "starts": {player: list(at) for player, at in build.starts.items()},
        "rerolls": build.rerolls,
        "steps": build.steps,
    }
