"""What a ship costs: every system, weapon, drone, augment, crew member, skill level,
reactor bar and supply, against the budget plus the room bonus.

Names the content does not know are left off the bill (``checks`` reports them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.games.ftl.rules.content import FtlContent
from gmtool.games.ftl.rules.ship import Ship


@dataclass(frozen=True)
class Item:
    group: str
    what: str
    scrap: int


@dataclass
class Bill:
    budget: int
    bonus: int
    items: list[Item] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(item.scrap for item in self.items)

    @property
    def left(self) -> int:
        return self.budget + self.bonus - self.total

    def to_json(self, problems: list[str] | None = None) -> dict[str, Any]:
        return {
            "total": self.total,
            "budget": self.budget,
            "bonus": self.bonus,
            "left": self.left,
            "items": [
                {"group": item.group, "what": item.what, "scrap": item.scrap} for item in self.items
            ],
            "problems": list(problems or []),
        }


def room_bonus(rooms: int, content: FtlContent) -> int:
    """Extra budget for each room beyond the first ``bonus_after``."""
    return max(0, rooms - content.rooms.bonus_after) * content.rooms.bonus_per_room


def reactor_price(bars: int, content: FtlContent) -> list[tuple[int, int, int]]:
    """The reactor's bars by price band: (first bar, last bar, price each) for each band used."""
    bands: list[tuple[int, int, int]] = []
    first = 1
    for band in content.reactor:
        last = min(bars, band.up_to)
        if last >= first:
            bands.append((first, last, band.price))
        first = band.up_to + 1
    return bands


def free_crew(ship: Ship, content: FtlContent) -> set[int]:
    """Which crew members come free: the dearest of the free races, up to the free count
    (the player is given the best bargain the rules allow)."""
    eligible = [
        (index, content.races[member.race].price)
        for index, member in enumerate(ship.crew)
        if member.race in content.free_crew.races and member.race in content.races
    ]
    eligible.sort(key=lambda pair: -pair[1])  # stable: earlier crew first among equals
    return {index for index, _ in eligible[: content.free_crew.count]}


def skill_price(race: str, level: int, content: FtlContent) -> int:
    """Scrap to train one skill from level 0 up to ``level``."""
    training = content.training
    discount = training.human_discount if race in training.discount_races else 0
    return sum(max(0, training.prices.get(n, 0) - discount) for n in range(1, level + 1))


def ship_bill(ship: Ship, content: FtlContent) -> Bill:
    bill = Bill(content.budget, room_bonus(len(ship.rooms), content))
    add = bill.items.append
    for key, level in ship.systems.items():
        system = content.systems.get(key)
        if system is not None:
            priced = max(system.start_level, min(level, system.max_level))
            add(Item("systems", f"{system.name} level {priced}", system.price_to(priced)))
    for key in ship.weapons:
        if key in content.weapons:
            add(Item("weapons", content.weapons[key].name, content.weapons[key].price))
    for key in ship.drones:
        if key in content.drones:
            add(Item("drones", content.drones[key].name, content.drones[key].price))
    for key in ship.augments:
        if key in content.augments:
            add(Item("augments", content.augments[key].name, content.augments[key].price))
    _crew_items(ship, content, bill)
    for first, last, price in reactor_price(min(ship.reactor, content.max_reactor), content):
        bars = last - first + 1
        add(Item("reactor", f"reactor power {first}-{last} ({bars} x {price})", bars * price))
    for supply in ("missiles", "drone_parts", "fuel"):
        count, price = getattr(ship, supply), getattr(content.supplies, supply)
        if count:
            label = supply.replace("_", " ")
            add(Item("supplies", f"{label} ({count} x {price})", count * price))
    return bill


def _crew_items(ship: Ship, content: FtlContent, bill: Bill) -> None:
    free = free_crew(ship, content)
    for index, member in enumerate(ship.crew):
        race = content.races.get(member.race)
        if race is None:
            continue
        label = ship.crew_label(index)
        if member.name:
            label = f"{label} ({race.name.lower()})"
        if index in free:
            bill.items.append(Item("crew", f"{label}, free starting crew", 0))
        else:
            bill.items.append(Item("crew", label, race.price))
        for skill, level in member.skills.items():
            if skill in content.systems and content.systems[skill].trainable and level > 0:
                capped = min(level, content.training.max_skill_level)
                scrap = skill_price(member.race, capped, content)
                bill.items.append(Item("crew", f"{label}: {skill} skill {capped}", scrap))
