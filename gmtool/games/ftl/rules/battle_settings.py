"""The battle's own settings (``tables/ftl/battle.yaml``, under ``battle:``) as content
models, validated with the rest of the FTL content."""

from __future__ import annotations

from typing import Literal

from gmtool.content.model import Field, Model

Kind = Literal["beam", "ion", "laser", "missile", "bomb", "flak", "crystal", "asteroid"]


class IonRules(Model):
    seconds_per_point: int = Field(ge=1)
    clears: Literal["all_at_once", "one_per_period"]
    own_ion_takes_power: bool


class PowerRules(Model):
    depower_order: Literal["last_first", "first_first"]


class EvasionRules(Model):
    percent_per_number: int = Field(ge=1)
    die: int = Field(ge=2)
    max_numbers: int = Field(ge=0)
    undodgeable: list[Kind]


class BeamRules(Model):
    corner_inches: float = Field(gt=0)
    default_corner: int = Field(ge=1)
    default_toward: Literal["right", "left", "up", "down"]
    damage_per_shield: int = Field(ge=0)


class CloakRules(Model):
    cooldown_seconds: int = Field(ge=0)
    fire_shortens_by: int = Field(ge=0)


class HackRules(Model):
    shield_every: int = Field(ge=1)
    shield_layers: int = Field(ge=0)
    cloak_evasion: int = Field(ge=0)
    cloak_ion: int = Field(ge=0)
    oxygen: int = Field(ge=0)
    weapon_drain: int = Field(ge=0)
    medbay: int = Field(ge=0)
    battery_reactor: int = Field(ge=0)
    artillery_drain: int = Field(ge=0)
    drone_ion: int = Field(ge=0)


class ArtilleryRules(Model):
    discharge_per_second: int = Field(ge=0)
    manned_faster_percent: list[int]


class AsteroidRules(Model):
    first_second: int = Field(ge=1)
    every_seconds: int = Field(ge=1)
    damage: int = Field(ge=0)
    fire_chance: int = Field(ge=0, le=100)
    breach_chance: int = Field(ge=0, le=100)


class DoorRules(Model):
    slowed_coins: int = Field(ge=0)
    hacked_level: int = Field(ge=0)
    damage_resets: bool
    crystal_locks_at_once: int = Field(ge=1)
    air_flow_percent: int = Field(default=25, ge=0, le=50)


class FtlDriveRules(Model):
    charge_seconds: int = Field(ge=1)
    per_engine_bar_percent: int = Field(ge=0)


class AugmentReadings(Model):
    reloader_reads: Literal["percent", "seconds"]
    reloader_min_cooldown: int = Field(ge=1)
    pre_igniter_second: int = Field(ge=0)
    pre_igniter_charges: int = Field(ge=1)
    outside_battle: dict[str, str]


class ZoltanShieldRules(Model):
    stops: list[Literal[Kind, "hacking", "mind_control", "teleport", "boarding_drone"]]
    min_layers_per_shot: int = Field(ge=0)


class VengeanceRules(Model):
    avenged: list[Kind]
    shards_avenge: bool


class SlugMindRules(Model):
    reach: Literal["same_room", "same_ship", "anywhere"]
    rest_seconds: int = Field(ge=0)


class ChanceRules(Model):
    die: int = Field(ge=2)
    default_stun_seconds: int = Field(ge=0)


class FireRules(Model):
    max_new: int = Field(ge=0)
    reflip_once: bool
    crew_damage: int = Field(ge=0)
    system_ss: int = Field(ge=0)
    oxygen: int = Field(ge=0)
    health: int = Field(ge=1)
    starve_per_second: int = Field(ge=0)
    spread_every: int = Field(ge=1)
    spread_coins: int = Field(ge=0)


class BreachRules(Model):
    max_new: int = Field(ge=0)
    reflip_once: bool
    oxygen: int = Field(ge=0)
    health: int = Field(ge=1)


class BattleSettings(Model):
    hull: int = Field(ge=1)
    crew_damage_per_damage: int = Field(ge=0)
    ion: IonRules
    power: PowerRules
    shields_block: list[Kind]
    shield_layers_per_block: int = Field(ge=1)
    evasion: EvasionRules
    shots_per_second: int = Field(ge=1)
    beams: BeamRules
    cloaking: CloakRules
    hacking: HackRules
    ftl: FtlDriveRules
    augments: AugmentReadings
    zoltan_shield: ZoltanShieldRules
    crystal_vengeance: VengeanceRules
    slug_mind: SlugMindRules
    chances: ChanceRules
    fires: FireRules
    breaches: BreachRules
    ss_per_damage: int = Field(ge=1)
    start_power: list[str]
    start_stations: list[str]
    artillery: ArtilleryRules
    asteroids: AsteroidRules
    doors: DoorRules
