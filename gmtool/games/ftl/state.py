"""The FTL battle's stored state as types: what ``state["battle"]`` holds (plain JSON), as
``docs/games/ftl-battle.md`` describes it, so mypy checks every key the battle's rules read.

Keys a battle begun earlier may lack, or that appear only while something lasts (a cloak,
a hack, a mind taken), are ``NotRequired``. The shapes exist for mypy only (a battle is
plain JSON at run time); the order names are also what ``battle.actions.ORDERS`` reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

Order = Literal[
    "power",
    "weapon",
    "aim",
    "autofire",
    "crew",
    "doors",
    "dodge",
    "cloak",
    "battery",
    "teleport",
    "retrieve",
    "mind",
    "hack",
    "lock",
    "drone",
]
"""The orders players give between seconds, each logged as the action ``order_NAME``
(beside ``tick``, a second or more): ``battle.actions.ORDERS``."""

if TYPE_CHECKING:  # shapes for mypy: they cost a command nothing at run time

    class Spot(TypedDict):
        """A fire or a breach: the corner it is in and the health left to put it out."""

        corner: int
        health: int

    class Room(TypedDict):
        corners: list[list[int]]
        system: str | None
        neighbours: list[str]
        space_door: bool
        vent: bool
        oxygen: int
        fires: list[Spot]
        breaches: list[Spot]
        locked: NotRequired[int]  # a crystal lockdown's seconds

    class Door(TypedDict):
        rooms: list[str]
        open: bool
        battered: int
        broken: int
        lock: int
        locked_by: str | None

    class System(TypedDict):
        level: int
        power: int
        zoltan: int
        damage: int
        ion: int
        ion_timer: int
        repair_ss: int
        ss_damage: NotRequired[int]  # fire's and boarders' SS toward the next bar
        room: str | None
        subsystem: bool
        fire_ss: NotRequired[int]  # a battle begun before the one count: fire's
        sabotage_ss: NotRequired[int]  # and boarders' apart

    class Weapon(TypedDict):
        id: str
        kind: str
        power: int
        cooldown: int
        damage: int
        systemless_damage: int | None
        ion: int
        crew_damage: int
        system_damage: int
        shots: int
        pierce: int
        fire: int
        breach: int
        stun: int
        stun_time: int | None
        lockdown: int
        length: float
        spread: int
        beam_aim: dict[str, Any] | None
        charge_cap: int
        charges: int
        chain: dict[str, Any] | None
        chain_level: int
        waited: int
        unmodelled: str | None
        powered: bool
        charge: int
        target: str | None
        volley_target: str | None
        shots_left: int
        volley_ion: NotRequired[int]
        dry: NotRequired[bool]
        artillery: NotRequired[str]
        travel_as: NotRequired[str]

    class Drone(TypedDict):
        id: str
        name: str
        kind: str
        power: int
        damage: int
        beam: bool
        length: float
        crew_damage: int
        fight: list[int]
        fire: int
        ion_damage: int
        every: int
        targets: list[str]
        health: int
        speed: float
        powered: bool
        deployed: bool
        phase: str | None
        timer: int
        reload: int
        at: str
        to: str | None
        ion_timer: int

    class CrewMember(TypedDict):
        name: str
        race: str
        room: str | None
        health: int
        max_health: int
        skills: dict[str, int]
        speed: float
        repair: float
        fire_immune: bool
        suffocation: int
        drains_oxygen: int
        ss_damage: list[int]
        death_damage: int
        mind_control_immune: bool
        stunned: int
        path: list[str]
        steps: float
        owner: NotRequired[str]
        room_power: NotRequired[int]
        lock_seconds: NotRequired[int]
        mind_seconds: NotRequired[int]
        mind_ss_bonus: NotRequired[list[int]]
        controlled_by: NotRequired[str | None]
        control_source: NotRequired[str | None]
        control: NotRequired[int]
        control_bonus: NotRequired[dict[str, Any]]
        holding: NotRequired[str | None]
        mind_rest: NotRequired[int]
        cloning: NotRequired[int | None]
        limbo: NotRequired[int]
        lost: NotRequired[bool]
        drone: NotRequired[int]  # an internal drone's slot, walking with the crew
        idle: NotRequired[bool]

    class Shields(TypedDict):
        up: int
        progress: int  # milliseconds toward the next shield

    Projectile = TypedDict(
        "Projectile",
        {
            "id": int,
            "from": str,
            "to": str,
            "arrives": int,
            "weapon": str,
            "slot": int | None,
            "room": str,
            "ion": int,
            "beam": NotRequired[int],  # a beam's rooms share it
            "corners": NotRequired[list[int]],
            "drone": NotRequired[int | None],  # the drone that fired it, or that it is
            "kind": NotRequired[str],  # a drone's shot, a boarding or hacking drone, a shard
            "spec": NotRequired[dict[str, Any]],  # the weapon of a shot no slot fired
            "system": NotRequired[str],  # the system a hacking drone will hack
            "beam_aim": NotRequired[dict[str, Any]],
        },
    )
    """A shot in flight (a weapon's, a drone's, a boarding or hacking drone, a shard)."""

    class ShipState(TypedDict):
        name: str
        title: str
        hull: int
        hull_max: int
        reactor: int
        missiles: int
        augments: list[str]
        augment_numbers: dict[str, dict[str, Any]]
        autofire: bool
        asteroid_field: bool
        rooms: dict[str, Room]
        doors: dict[str, Door]
        systems: dict[str, System]
        shields: Shields
        zoltan_shield: int
        weapons: list[Weapon]
        drones: list[Drone]
        drone_parts: int
        crew: list[CrewMember]
        dodge_picks: NotRequired[list[int]]
        cloak: NotRequired[int]
        cloak_rest: NotRequired[int]
        battery: NotRequired[int]
        battery_bars: NotRequired[int]
        hacked: NotRequired[str | None]
        hack_clock: NotRequired[int]
        hack_reactor: NotRequired[int]
        ftl: NotRequired[int]

    class BattleState(TypedDict):
        second: int
        rules: dict[str, Any]
        order: list[str]
        ships: dict[str, ShipState]
        in_flight: list[Projectile]
        next_shot: int
        winner: str | None
        over: str | None
