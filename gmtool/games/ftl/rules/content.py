"""The FTL board game's content: systems, weapons, drones, augments, crew races, the
ship-building limits and prices, and the sector map's settings.

The packaged YAML lives in ``tables/ftl/``; a campaign's ``content:`` mapping is laid over
it key by key, so a table can change one price or one ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from gmtool.content.cache import ContentSpec
from gmtool.content.model import Field, Model
from gmtool.games.ftl.rules.battle_settings import BattleSettings
from gmtool.games.ftl.rules.drone_settings import DroneBattleRules

CONTENT_FILES = (
    "systems.yaml",
    "weapons.yaml",
    "drones.yaml",
    "augments.yaml",
    "crew.yaml",
    "ship.yaml",
    "map.yaml",
    "battle.yaml",
)
Number = int | float
Stat = Number | str | bool | list[Number] | list[str]
WeaponType = Literal["beam", "ion", "laser", "missile", "bomb", "flak", "crystal"]


class SystemDef(Model):
    name: str
    kind: Literal["system", "subsystem"]
    price: int = Field(ge=0)
    start_level: int = Field(ge=1)
    max_level: int = Field(ge=1)
    power_per_level: int = Field(ge=0)
    upgrades: dict[int, int]
    trainable: bool
    does: str
    stats: dict[str, Stat] = Field(default_factory=dict)
    per_level: dict[int, dict[str, Stat]] = Field(default_factory=dict)
    manned: dict[int, dict[str, Stat]] = Field(default_factory=dict)
    effects: dict[str, str] = Field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.max_level < self.start_level:
            raise ValueError(f"max_level {self.max_level} is below start_level {self.start_level}")
        wanted = set(range(self.start_level + 1, self.max_level + 1))
        if set(self.upgrades) != wanted:
            levels = ", ".join(map(str, sorted(wanted))) or "none"
            raise ValueError(f"upgrades must price exactly the levels above the start: {levels}")

    def price_to(self, level: int) -> int:
        """Scrap for the system bought and upgraded to ``level``."""
        return self.price + sum(self.upgrades[n] for n in range(self.start_level + 1, level + 1))


class Chain(Model):
    what: Literal["damage", "ion_damage", "cooldown"]
    step: int
    cap: int


class WeaponDef(Model):
    name: str
    type: WeaponType
    price: int = Field(ge=0)
    power: int = Field(ge=0)
    cooldown: int = Field(ge=0)
    damage: int = 0
    hull_damage: int | None = None
    ion_damage: int = 0
    crew_damage: int = 0
    system_damage: int = 0
    shots: int = Field(default=1, ge=1)
    pierce: int = Field(default=0, ge=0)
    spread: int = Field(default=0, ge=0)
    length: float = Field(default=0, ge=0)
    fire_chance: int = Field(default=0, ge=0, le=100)
    breach_chance: int = Field(default=0, ge=0, le=100)
    stun_chance: int = Field(default=0, ge=0, le=100)
    stun_seconds: int | None = None
    lockdown_seconds: int | None = None
    charge_cap: int | None = Field(default=None, ge=1)
    chain: Chain | None = None


class DroneDef(Model):
    name: str
    kind: Literal["offensive", "defensive", "internal"]
    price: int = Field(ge=0)
    power: int = Field(ge=0)
    does: str = ""
    shots: int | None = None
    damage: int | None = None
    length: float | None = None
    beam: bool = False
    crew_damage: int | list[int] | None = None
    ion_damage: int | None = None
    fire_chance: int | None = None
    hull_repair: list[int] | None = None
    every_seconds: int | None = None
    targets: list[str] = Field(default_factory=list)
    health: int | None = None
    speed: float | None = None


class AugmentDef(Model):
    name: str
    price: int = Field(ge=0)
    does: str
    numbers: dict[str, Number] = Field(default_factory=dict)


class CrewBase(Model):
    health: int = Field(ge=1)
    speed: float = Field(gt=0)
    ss_damage: list[int] = Field(min_length=2, max_length=2)
    repair: Number
    suffocation: Number
    needs_oxygen: bool


class RaceDef(Model):
    name: str
    price: int = Field(ge=0)
    does: str
    health_change: int = 0
    speed: float | None = None
    ss_damage_change: list[int] = Field(default_factory=lambda: [0, 0])
    repair_multiplier: Number = 1
    suffocation: Number | None = None
    needs_oxygen: bool = True
    drains_oxygen: Number = 0
    fire_immune: bool = False
    room_power: int = 0
    death_damage: int = 0
    lockdown_seconds: int | None = None
    mind_control_immune: bool = False
    mind_control_seconds: int | None = None
    mind_control_ss_damage_bonus: list[int] | None = None
    max_per_ship: int | None = Field(default=None, ge=0)


class FreeCrew(Model):
    count: int = Field(ge=0)
    races: list[str]


class Training(Model):
    prices: dict[int, int]
    human_discount: int = Field(ge=0)
    discount_races: list[str]
    max_skill_level: int = Field(ge=0)
    max_levels_per_crew: int | None = Field(default=None, ge=0)


class RoomRules(Model):
    bonus_after: int = Field(ge=0)
    bonus_per_room: int = Field(ge=0)
    max: int = Field(ge=1)
    sizes: list[str] = Field(min_length=1)
    max_doors: int = Field(ge=0)
    rooms_per_space_door: int = Field(ge=1)


class SlotLayout(Model):
    weapons: int = Field(ge=0)
    drones: int = Field(ge=0)


class ReactorBand(Model):
    up_to: int = Field(ge=1)
    price: int = Field(ge=0)


class Supplies(Model):
    missiles: int = Field(ge=0)
    drone_parts: int = Field(ge=0)
    fuel: int = Field(ge=0)


class CoinCounts(Model):
    heads: int = Field(ge=0)
    tails: int = Field(ge=0)


class JumpRules(Model):
    """What a jump does to the jumping ship where the text gives no number (rulings)."""

    clone_bay_heal: dict[int, int]


class MapRules(Model):
    size: int = Field(ge=2, le=6)
    asteroids_by_coin: CoinCounts
    ion_storms_by_coin: CoinCounts
    removals: int = Field(ge=0)
    adjacency: Literal["orthogonal", "diagonal"]
    removals_spare_asteroids: bool
    jump_fuel: int = Field(ge=0)
    turns: Literal["alternate", "free"]
    waits_end_match: int = Field(ge=0)
    jump: JumpRules


class FtlContent(Model):
    """Everything an FTL ship is built from and a sector map is laid out by."""

    systems: dict[str, SystemDef]
    travel_seconds: dict[WeaponType, int]
    beam_rooms_per_second: int = Field(ge=1)
    uses_missile: list[WeaponType]
    chance_words: dict[str, int]
    weapons: dict[str, WeaponDef]
    move_delay_by_d6: dict[int, int]
    drone_battle: DroneBattleRules
    drones: dict[str, DroneDef]
    augments: dict[str, AugmentDef]
    base: CrewBase
    races: dict[str, RaceDef]
    free_crew: FreeCrew
    training: Training
    budget: int = Field(ge=0)
    rooms: RoomRules
    max_systems: int = Field(ge=0)
    max_subsystems: int = Field(ge=0)
    max_crew: int = Field(ge=0)
    max_augments: int = Field(ge=0)
    exclusive: list[list[str]]
    slots: dict[str, SlotLayout] = Field(min_length=1)
    drones_need_drone_control_power: bool
    one_of_each_drone: bool = False
    crew_per_room: Literal["any", "corners"] = "any"
    reactor: list[ReactorBand] = Field(min_length=1)
    supplies: Supplies
    map: MapRules
    players: int = Field(ge=1)
    battle: BattleSettings

    def __post_init__(self) -> None:
        for pair in self.exclusive:
            _known("exclusive", pair, self.systems)
        for key, system in self.systems.items():
            _known(f"systems.{key}.effects", list(system.effects), self.systems)
        _known("free_crew.races", self.free_crew.races, self.races)
        _known("training.discount_races", self.training.discount_races, self.races)
        bands = [band.up_to for band in self.reactor]
        if bands != sorted(set(bands)):
            raise ValueError("reactor bands must rise: each up_to above the one before")
        _known("battle.start_power", self.battle.start_power, self.systems)
        _known("battle.start_stations", self.battle.start_stations, self.systems)
        for size in self.rooms.sizes:
            if parse_size(size) is None:
                raise ValueError(f"rooms.sizes: '{size}' is not WIDTHxHEIGHT (e.g. 2x1)")

    @property
    def trainable(self) -> list[str]:
        """The skills a crew member can be trained in (systems with a trainable bonus)."""
        return [key for key, system in self.systems.items() if system.trainable]

    @property
    def max_reactor(self) -> int:
        return self.reactor[-1].up_to


def _known(where: str, names: list[str], known: Mapping[str, Any]) -> None:
    for name in names:
        if name not in known:
            raise ValueError(f"{where}: '{name}' is not defined")


def parse_size(text: str) -> tuple[int, int] | None:
    """``"2x1"`` -> ``(2, 1)``; None when it is not WIDTHxHEIGHT."""
    width, sep, height = str(text).lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        return None
    return int(width), int(height)


CONTENT = ContentSpec(
    system="ftl",
    model=FtlContent,
    files=tuple(f"tables/ftl/{name}" for name in CONTENT_FILES),
)


def load_content(overrides: Mapping[str, Any] | None = None) -> FtlContent:
    """The packaged FTL YAML with a campaign's ``content:`` mapping laid over it, read and
    validated now (``CONTENT.load`` takes it from the cache when unchanged)."""
    content: FtlContent = CONTENT.validate(overrides or {})
    return content
