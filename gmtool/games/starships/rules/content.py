"""Stars & Starships content: the rule numbers and the enemy stat blocks, read from YAML.

``tables/starships/rules.yaml`` holds every number and choice of the encounter rules and
``tables/starships/enemies.yaml`` the enemies a GM can call into a fight. A campaign's
``content:`` mapping is laid over both (same shape: top-level keys of either file).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from gmtool.content.cache import ContentSpec
from gmtool.content.model import Before, Field, Model
from gmtool.dice.notation import MAX_SIDES
from gmtool.errors import ContentError, DiceError
from gmtool.games.starships.rules.weapons import weapon_range

if TYPE_CHECKING:
    from gmtool.content.yamlfile import Document

AFFINITIES = ("normal", "weak", "strong", "immune", "reflect", "drain")
Affinity = Literal["normal", "weak", "strong", "immune", "reflect", "drain"]
Row = Literal["front", "back"]
SIDES = ("party", "enemies")


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _lower_values(value: Any) -> Any:
    if not isinstance(value, Mapping):
        return value
    return {key: _lower(item) for key, item in value.items()}


class Weapon(Model):
    """A weapon: its damage dice (plain ``NdM`` sums, e.g. ``2d6+1``) and damage type."""

    dice: str
    type: str


class StatBlock(Model):
    """One combatant's numbers, as written in YAML or typed at the table."""

    hp: int = Field(ge=1)
    defense: int = Field(ge=0)
    might: int = 0
    dex: int = 0
    melee: Weapon | None = None
    ranged: Weapon | None = None
    affinities: Annotated[dict[str, Affinity], Before(_lower_values)] = Field(default_factory=dict)
    row: Annotated[Row, Before(_lower)] = "front"
    description: str = ""


class DamageType(Model):
    description: str = ""


class Callouts(Model):
    """The words announced for each affinity when a hit lands."""

    normal: str = ""
    weak: str
    strong: str
    immune: str
    reflect: str
    drain: str

    def of(self, affinity: str) -> str:
        text: str = getattr(self, affinity)
        return text


class AttackRules(Model):
    die: int = Field(ge=2, le=MAX_SIDES)
    natural_miss: int = Field(ge=1)
    natural_hit: int = Field(ge=1)

    def __post_init__(self) -> None:
        if not (1 <= self.natural_miss <= self.die and 1 <= self.natural_hit <= self.die):
            raise ValueError(f"natural_miss and natural_hit must be faces of a d{self.die}")


class InitiativeRules(Model):
    die: int = Field(ge=2, le=MAX_SIDES)
    max_ties: int = Field(ge=1)


class DamageRules(Model):
    might_on_weak: bool
    might_on_strong: bool
    minimum_hit: int = Field(ge=0)
    drain_over_max_hp: bool


class RowRules(Model):
    apply_to: Literal["party", "everyone"]
    divisor: int = Field(ge=1)
    rounding: Literal["down", "up"]
    minimum: int = Field(ge=0)
    stack: bool
    reflect_protects_back_row: bool
    halve_drain: bool


class Cost(Model):
    points: int = Field(ge=0)
    turn_if_short: bool


class Earnings(Model):
    hit: int = Field(ge=0)
    max_dmg: int = Field(ge=0)
    success: int = Field(ge=0)


class MomentumRules(Model):
    start: int = Field(ge=0)
    reset_each_encounter: bool
    extra_turn: int = Field(ge=1)
    earn: Earnings
    ineffective: list[Affinity]
    """Affinities that make a hit an "ineffective attack": it costs instead of earning."""
    lose: dict[str, Cost]
    """What a miss (``miss``) and a hit on each ineffective affinity cost the attacker."""

    def __post_init__(self) -> None:
        missing = [key for key in ("miss", *self.ineffective) if key not in self.lose]
        if missing:
            raise ValueError(f"lose needs a cost for: {', '.join(missing)}")
        unknown = sorted(set(self.lose) - {"miss", *AFFINITIES})
        if unknown:
            valid = ", ".join(("miss", *AFFINITIES))
            raise ValueError(f"lose: unknown key {', '.join(unknown)} (valid: {valid})")


class TurnRules(Model):
    order: Literal["sides", "alternate"]
    friendly_fire: bool


class StarshipsContent(Model):
    damage_types: dict[str, DamageType]
    callouts: Callouts
    attack: AttackRules
    initiative: InitiativeRules
    damage: DamageRules
    rows: RowRules
    momentum: MomentumRules
    turns: TurnRules
    enemies: dict[str, StatBlock]


def load_content(overrides: Mapping[str, Any]) -> StarshipsContent:
    """The packaged rules and enemies with a campaign's ``content:`` laid over them."""
    from gmtool.content.paths import packaged
    from gmtool.content.schema import validate
    from gmtool.content.yamlfile import deep_merge, load_yaml, overrides_document

    rules = load_yaml(packaged("tables", "starships", "rules.yaml"))
    enemies = load_yaml(packaged("tables", "starships", "enemies.yaml"))
    campaign = overrides_document(overrides)
    data = deep_merge(deep_merge(rules.data or {}, enemies.data or {}), campaign.data)
    sources = [campaign, enemies, rules]
    content = validate(StarshipsContent, data, sources)
    problems = [
        f"{_where(sources, ('enemies', name))}: enemies.{name}: {problem}"
        for name, block in content.enemies.items()
        for problem in block_problems(block, content)
    ]
    if problems:
        raise ContentError(problems)
    return content


def block_problems(block: StatBlock, content: StarshipsContent) -> list[str]:
    """What is wrong with a stat block's damage types and weapon dice (empty when fine)."""
    problems: list[str] = []
    known = sorted(content.damage_types)
    for kind in ("melee", "ranged"):
        weapon: Weapon | None = getattr(block, kind)
        if weapon is None:
            continue
        if weapon.type not in content.damage_types:
            problems.append(
                f"{kind}: unknown damage type '{weapon.type}' (valid: {', '.join(known)})"
            )
        try:
            weapon_range(weapon.dice)
        except DiceError as error:
            problems.append(f"{kind}: {error.line()}")
    for damage_type in block.affinities:
        if damage_type not in content.damage_types:
            problems.append(
                f"affinities: unknown damage type '{damage_type}' (valid: {', '.join(known)})"
            )
    return problems


def _where(sources: Sequence[Document], loc: tuple[str, ...]) -> str:
    for doc in sources:
        line = doc.line_of(loc)
        if line is not None and doc.line_of(loc[:1]) is not None:
            return f"{doc.path}:{line}"
    return sources[0].path


CONTENT = ContentSpec(
    system="starships",
    model=StarshipsContent,
    files=("tables/starships/rules.yaml", "tables/starships/enemies.yaml"),
    build=load_content,
)
