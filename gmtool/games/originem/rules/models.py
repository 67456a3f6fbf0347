"""The shape of Originem's content: classes, enemies, missions, NOVA, rules and scene tables.

Every number of the rules lives in the YAML these models read; the code holds mechanisms.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from gmtool.content.model import STRIP, After, Field, Limits, Model
from gmtool.dice.notation import dice_text

DieText = Annotated[str, Limits(pattern=r"^d[1-9][0-9]*$"), After(dice_text)]
"""One die, written ``d6``, ``d8``, ``d10``... (within the limits every roll keeps)."""

Name = Annotated[str, Limits(min_length=1), STRIP]
PositiveInt = Annotated[int, Limits(gt=0)]
NonNegativeInt = Annotated[int, Limits(ge=0)]
PositiveFloat = Annotated[float, Limits(gt=0)]


class CrewClass(Model):
    title: Name
    hp: PositiveInt
    default_name: Name
    specialty: str
    dice: dict[str, DieText]
    """Scene type -> the die this class rolls in it; a missing type cannot be rolled."""


class EnemyTier(Model):
    title: Name
    hp: PositiveInt
    text: str = ""


class Mission(Model):
    title: Name
    kind: Literal["general", "specialized", "final"]
    knowledge: NonNegativeInt
    crew_class: str | None = Field(default=None, alias="class")
    aliases: list[str] = Field(default_factory=list)
    """Other names the mission answers to (the rules text's own spellings)."""
    scenes: list[str] = Field(min_length=1)
    text: str = ""


class Effects(Model):
    """What a band of a scene table does to the game."""

    nova_seconds: int = 0
    next_roll_bonus: int = 0
    complete_scene: bool = False
    end_mission: bool = False
    heal: NonNegativeInt = 0
    engage: bool = False
    reward: bool = False

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(exclude_defaults=True)


class Band(Model):
    min: int
    max: int
    title: str = ""
    effects: Effects = Field(default_factory=Effects)


class SceneTable(Model):
    title: Name
    rolls: PositiveInt = Field(le=20)
    counts_as: str | None = None
    """The mission scene type this table stands in for (a runaway stands in for a combat)."""
    text: str = ""
    bands: dict[str, Band] = Field(min_length=1)

    def ordered_bands(self) -> list[tuple[str, Band]]:
        return sorted(self.bands.items(), key=lambda item: item[1].min)

    def slot(self, scene_type: str) -> str:
        """The mission scene type a roll on this table completes."""
        return self.counts_as or scene_type


class Nova(Model):
    default_length: PositiveInt
    lengths: dict[PositiveInt, PositiveInt] = Field(min_length=1)
    minimum_knowledge: PositiveInt
    minimum_length: PositiveFloat
    penalties: dict[str, PositiveInt] = Field(default_factory=dict)


class CombatRules(Model):
    gm_dice: list[DieText] = Field(min_length=1)
    block_above: int
    crew_die: str
    heal_table: str


class Rulings(Model):
    bonus_scope: Literal["any_scene", "same_scene_type", "same_mission"]
    bonus_stacks: bool
    out_of_table: Literal["nearest_band", "error"]
    scene_order: Literal["any", "in_order"]
    one_roller_rolls_all: bool
    initiative_tie: Literal["roll_again", "crew", "enemies"]
    down_can_roll: bool
    heal_revives_down: bool
    all_down_loses: bool
    shortcut_ends_final_mission: bool
    runaway_completes_combat: bool
    runaway_completes_final_combat: bool
    skip_heal_when_unhurt: bool
    failed_runaway_forces_fight: bool
    nova_zero_ends_game: bool


class ForecastPace(Model):
    """How ``gmtool forecast`` plays a session at a table's pace (the NOVA clock is real
    time, so a forecast needs the minutes a scene takes), and the fights it runs."""

    scene_minutes: PositiveFloat = 1.5
    fight_move_minutes: PositiveFloat = 0.25
    enemies: str = "low:2"
    gm_die: DieText = "d8"


class Rules(Model):
    max_missions_under_way: PositiveInt
    final_mission_needs: list[str]
    combat: CombatRules
    rulings: Rulings
    forecast: ForecastPace = Field(default_factory=ForecastPace)


class ClassesFile(Model):
    classes: dict[str, CrewClass] = Field(min_length=1)


class EnemiesFile(Model):
    enemies: dict[str, EnemyTier] = Field(min_length=1)


class MissionsFile(Model):
    missions: dict[str, Mission] = Field(min_length=1)


class NovaFile(Model):
    nova: Nova


class RulesFile(Model):
    rules: Rules


class ScenesSection(Model):
    scenes: dict[str, SceneTable]


class OriginemContent(Model):
    """All of Originem's content, validated and cross-checked."""

    classes: dict[str, CrewClass]
    enemies: dict[str, EnemyTier]
    missions: dict[str, Mission]
    nova: Nova
    rules: Rules
    scenes: dict[str, SceneTable]

    @property
    def rulings(self) -> Rulings:
        return self.rules.rulings

    def final_mission_id(self) -> str:
        return next(key for key, mission in self.missions.items() if mission.kind == "final")
