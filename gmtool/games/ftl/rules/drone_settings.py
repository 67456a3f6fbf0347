"""How drones fight (``tables/ftl/drones.yaml``, under ``drone_battle:``), as a content
model validated with the rest of the FTL content."""

from __future__ import annotations

from typing import Literal

from gmtool.content.model import Field, Model

Toward = Literal["up", "right", "down", "left", "again"]


class DroneBattleRules(Model):
    delay_kinds: list[Literal["offensive", "defensive", "internal"]]
    spaces: list[str] = Field(min_length=2)
    spaces_loop: bool
    start_space: str
    doubles_kept: list[int] = Field(default_factory=lambda: [1])
    move_seconds: dict[Literal["power", "divided_by"], int] = Field(
        default_factory=lambda: {"power": 2, "divided_by": 2}
    )
    shot_kind: Literal["laser", "ion", "missile", "bomb", "flak", "crystal"]
    shot_travel_seconds: int = Field(ge=0)
    beam_corner: int = Field(ge=1)
    beam_toward_by_d6: dict[int, Toward]
    hull_repair_by_d6: dict[int, int]
    shoot_down: dict[str, list[str]]
    boarding_travel_seconds: int = Field(ge=0)
    hack_travel_seconds: int = Field(ge=0)
    in_flight_when_cloaked: Literal["lands", "lost"] = "lands"
    repair_ss: int = Field(ge=0)
    heal_per_second: int = Field(ge=0)
    scrambled: list[str]
    overcharger_max_layers: int = Field(ge=0)

    def __post_init__(self) -> None:
        if self.start_space not in self.spaces:
            raise ValueError(f"start_space '{self.start_space}' is not one of the spaces")
        for name, table in (
            ("beam_toward_by_d6", self.beam_toward_by_d6),
            ("hull_repair_by_d6", self.hull_repair_by_d6),
        ):
            if set(table) != set(range(1, 7)):
                raise ValueError(f"{name} must give every face of a d6, 1 to 6")
        if all(way == "again" for way in self.beam_toward_by_d6.values()):
            raise ValueError("beam_toward_by_d6 must give at least one direction")
