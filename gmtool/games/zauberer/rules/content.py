"""Zauberer's content: clans, spell decks, trap cards, boards and the table's rulings.

The packaged YAML lives in ``tables/zauberer/``; a campaign's ``content:`` mapping is laid
over it key by key (a GM can change one card, add a board and choose it, or change one
ruling). Everything a game needs is copied into its state when it starts (see ``setup``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from gmtool.content.cache import ContentSpec
from gmtool.content.model import Field, Model
from gmtool.games.zauberer.rules import board as graph

CONTENT_FILES = ("clans.yaml", "spells.yaml", "traps.yaml", "board.yaml", "rules.yaml")
CardKind = Literal["attack", "defense", "noncombat"]
Colour = Literal["white", "green", "red", "blue", "centre"]

SPELL_EFFECTS: dict[str, tuple[str, ...]] = {
    "attack": ("power", "power_over_rolls", "extra_die", "one_die", "hidden_roll"),
    "defense": (
        "power",
        "block",
        "cancel_attack",
        "reflect",
        "steal_attack",
        "minus_if_enemy_casts",
        "double_one_die",
        "switch_rolls",
        "end_duel",
    ),
    "noncombat": (
        "ring",
        "move_self",
        "move_enemy",
        "swap_places",
        "pull_together",
        "swap_colours",
        "portal",
    ),
}
TRAP_EFFECTS = (
    "battle_power",
    "skip_turns",
    "max_steps",
    "battle_hp",
    "discard_spell",
    "battle_one_die",
    "move_back",
    "dungeon",
)
REQUIRED: dict[str, tuple[str, ...]] = {
    "power": ("amount",),
    "power_over_rolls": ("amount", "rolls"),
    "extra_die": ("bands",),
    "minus_if_enemy_casts": ("amount",),
    "end_duel": ("move",),
    "ring": ("enemy", "ally"),
    "move_self": ("steps",),
    "move_enemy": ("steps", "targets"),
    "swap_places": ("within",),
    "swap_colours": ("times",),
    "portal": ("penalty_rounds",),
    "battle_power": ("amount",),
    "skip_turns": ("turns",),
    "max_steps": ("steps",),
    "battle_hp": ("amount",),
    "battle_one_die": ("rounds",),
    "move_back": ("steps",),
}


class Band(Model):
    faces: list[int] = Field(min_length=1)
    amount: int


class Effect(Model):
    """One effect of the vocabulary (see the head of ``tables/zauberer/spells.yaml``)."""

    kind: str
    amount: int | None = None
    rolls: int | None = Field(default=None, ge=1)
    bands: list[Band] | None = None
    to: Literal["self", "enemy"] = "self"
    when: Literal["own_dice_above_enemy_dice", "always"] = "always"
    move: int | None = Field(default=None, ge=0)
    steps: int | None = None
    targets: Literal["one", "all"] | None = None
    within: int | None = Field(default=None, ge=0)
    times: int | None = Field(default=None, ge=1)
    penalty_rounds: int | None = Field(default=None, ge=0)
    dungeon_enemy_bonus: int = 0
    enemy: int | None = None
    ally: int | None = None
    turns: int | None = Field(default=None, ge=1)
    rounds: int | None = Field(default=None, ge=1)
    end_turn: bool = False

    def __post_init__(self) -> None:
        missing = [name for name in REQUIRED.get(self.kind, ()) if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.kind} effect needs {', '.join(missing)}")
        if self.bands is not None:
            faces = sorted(face for band in self.bands for face in band.faces)
            if faces != list(range(1, 7)):
                raise ValueError("the bands of an extra die must cover the faces 1-6 once each")


class Spell(Model):
    name: str = Field(min_length=1)
    kind: CardKind
    text: str
    effect: Effect

    def __post_init__(self) -> None:
        allowed = SPELL_EFFECTS[self.kind]
        if self.effect.kind not in allowed:
            raise ValueError(
                f"effect '{self.effect.kind}' does not fit a card of kind {self.kind} "
                f"(one of: {', '.join(allowed)})"
            )


class Trap(Model):
    name: str = Field(min_length=1)
    text: str
    effect: Effect

    def __post_init__(self) -> None:
        if self.effect.kind not in TRAP_EFFECTS:
            raise ValueError(
                f"effect '{self.effect.kind}' is not a trap effect "
                f"(one of: {', '.join(TRAP_EFFECTS)})"
            )


class Clan(Model):
    name: str = Field(min_length=1)
    piece: str = Field(min_length=1)
    advantage_over: str | None = None


class Space(Model):
    colour: Colour
    next: list[str]
    at: tuple[int, int] | None = None


class Board(Model):
    centre: str
    starts: dict[str, str] = Field(min_length=2)
    spaces: dict[str, Space] = Field(min_length=2)

    def __post_init__(self) -> None:
        spaces = {name: space.model_dump() for name, space in self.spaces.items()}
        found = graph.problems(spaces, self.centre, self.starts)
        if found:
            raise ValueError("; ".join(found))
        if self.spaces[self.centre].colour != "centre":
            raise ValueError(f"the centre '{self.centre}' must have colour: centre")


class Rules(Model):
    board: str
    movement: dict[int, int]
    hit_points: int = Field(ge=1)
    duel_range: int = Field(ge=0)
    duel_tie: Literal["none", "both", "challenger", "defender"]
    elemental_bonus: int
    elemental_bonus_when: Literal["always", "challenger"]
    centre_turns_to_win: int = Field(ge=1)
    arrival_counts: bool
    dungeon_back_ones: int = Field(ge=0, le=2)
    dungeon_back_steps: int = Field(ge=0)
    dungeon_nothing_ones: int = Field(ge=0, le=2)
    spell_moves_stop_at_dungeons: bool
    growing_roots_returns: Literal["stolen_card", "itself"] = "stolen_card"
    fountain_roll: Literal["choice", "must"] = "choice"
    one_die: Literal["roll_one", "higher_of_two"] = "roll_one"
    default_first: str
    min_teams: int = Field(ge=1)

    def __post_init__(self) -> None:
        if sorted(self.movement) != list(range(1, 7)):
            raise ValueError("movement must give the spaces for each face 1-6 of the die")
        if any(steps < 0 for steps in self.movement.values()):
            raise ValueError("movement cannot be negative")
        if self.dungeon_back_ones == self.dungeon_nothing_ones:
            raise ValueError("dungeon_back_ones and dungeon_nothing_ones must differ")


class ZaubererContent(Model):
    """Everything a game of Zauberer is played with."""

    clans: dict[str, Clan] = Field(min_length=2)
    spells: dict[str, dict[str, Spell]]
    traps: dict[str, Trap] = Field(min_length=1)
    boards: dict[str, Board] = Field(min_length=1)
    rules: Rules

    def __post_init__(self) -> None:
        for clan, data in self.clans.items():
            if data.advantage_over is not None and data.advantage_over not in self.clans:
                raise ValueError(
                    f"clans.{clan}.advantage_over: '{data.advantage_over}' is not a clan"
                )
        for clan in self.spells:
            if clan not in self.clans:
                raise ValueError(f"spells.{clan}: '{clan}' is not a clan")
        seen: set[str] = set(self.traps)
        for clan, deck in self.spells.items():
            again = seen & set(deck)
            if again:
                raise ValueError(f"spells.{clan}: card id '{sorted(again)[0]}' is used twice")
            seen |= set(deck)
        for name, board in self.boards.items():
            for clan in board.starts:
                if clan not in self.clans:
                    raise ValueError(f"boards.{name}.starts: '{clan}' is not a clan")
        if self.rules.board not in self.boards:
            raise ValueError(
                f"rules.board: '{self.rules.board}' is not a board "
                f"(boards: {', '.join(self.boards)})"
            )
        first = self.rules.default_first
        if first != "roll_off" and first not in self.clans:
            raise ValueError(f"rules.default_first: '{first}' is neither roll_off nor a clan")


CONTENT = ContentSpec(
    system="zauberer",
    model=ZaubererContent,
    files=tuple(f"tables/zauberer/{name}" for name in CONTENT_FILES),
)


def load_content(overrides: Mapping[str, Any] | None = None) -> ZaubererContent:
    """The packaged Zauberer YAML with a campaign's ``content:`` mapping laid over it,
    read and validated now (``CONTENT.load`` takes it from the cache when unchanged)."""
    content: ZaubererContent = CONTENT.validate(overrides or {})
    return content
