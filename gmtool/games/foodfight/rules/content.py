"""Food Fight's content: the salt decks, the Fortune deck, the board and the table's rulings.

The packaged YAML lives in ``tables/foodfight/``; a campaign's ``content:`` mapping is laid
over it key by key, so a GM can replace one card, one Fortune or one ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from gmtool.content.cache import ContentSpec
from gmtool.content.model import Field, Model

CONTENT_FILES = ("decks.yaml", "fortunes.yaml", "board.yaml")
TieRuling = Literal["neither", "defender", "attacker", "both"]
LayoutName = Literal["strongest_on_top", "weakest_on_top", "shuffled"]
SpotCountsWhen = Literal["entered", "left"]
FortuneFloor = Literal["total", "each"]
FortuneTiming = Literal["after_reveal", "blind"]
LAYOUT_NAMES: tuple[str, ...] = ("strongest_on_top", "weakest_on_top", "shuffled")


class SaltCard(Model):
    food: str = Field(min_length=1)
    salt: int = Field(ge=0)


class Deck(Model):
    name: str
    cards: dict[str, SaltCard]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for card in self.cards.values():
            key = card.food.casefold()
            if key in seen:
                raise ValueError(f"two cards are called '{card.food}': food names must differ")
            seen.add(key)


class FortuneCard(Model):
    text: str
    effect: Literal["add", "subtract"]
    amount: int = Field(ge=0)

    @property
    def delta(self) -> int:
        return self.amount if self.effect == "add" else -self.amount


MAX_TRACK = 200
"""The longest health track (steps) a table may set: the rules walk it step by step, and
the text's board has nine spaces (docs/rulings.md, Food Fight)."""


class Track(Model):
    length: int = Field(ge=2, le=MAX_TRACK)
    fortune_spots: list[int]

    def __post_init__(self) -> None:
        for spot in self.fortune_spots:
            if not 0 < spot < self.length:
                raise ValueError(
                    f"F spot {spot} is not between the start and the end (1-{self.length - 1})"
                )
        if len(set(self.fortune_spots)) != len(self.fortune_spots):
            raise ValueError("an F spot is listed twice")


class Board(Model):
    seats: list[str] = Field(min_length=2)
    spots: int = Field(ge=1)
    cards_per_spot: int = Field(ge=1)
    track: Track


class Rules(Model):
    tie: TieRuling
    discard_steps: int = Field(ge=0)
    battle_loss_steps: int = Field(ge=0)
    discard_draws: int = Field(ge=0)
    draws_per_fortune_spot: int = Field(ge=0)
    f_spot_counts_when: SpotCountsWhen
    fortunes_per_player_per_battle: int = Field(ge=0)
    fortune_timing: FortuneTiming
    fortune_floor: FortuneFloor
    reshuffle_used_fortunes: bool
    reveal_discards: bool
    default_layout: LayoutName
    default_first: str


class FoodFightContent(Model):
    """Everything a Food Fight game is dealt from."""

    decks: dict[str, Deck]
    fortunes: dict[str, FortuneCard] = Field(min_length=1)
    board: Board
    rules: Rules

    def __post_init__(self) -> None:
        if sorted(self.decks) != sorted(self.board.seats):
            raise ValueError(
                f"decks ({', '.join(self.decks)}) must match the seats "
                f"({', '.join(self.board.seats)})"
            )
        size = self.board.spots * self.board.cards_per_spot
        ids: set[str] = set()
        for colour, deck in self.decks.items():
            if len(deck.cards) != size:
                raise ValueError(
                    f"deck {colour} has {len(deck.cards)} cards; {self.board.spots} spots of "
                    f"{self.board.cards_per_spot} need {size}"
                )
            if ids & set(deck.cards):
                raise ValueError(f"deck {colour} reuses a card id of another deck")
            ids |= set(deck.cards)
        first = self.rules.default_first
        if first != "random" and first not in self.board.seats:
            raise ValueError(f"rules.default_first '{first}' is not a seat colour or 'random'")


CONTENT = ContentSpec(
    system="foodfight",
    model=FoodFightContent,
    files=tuple(f"tables/foodfight/{name}" for name in CONTENT_FILES),
)


def load_content(overrides: Mapping[str, Any] | None = None) -> FoodFightContent:
    """The packaged Food Fight YAML with a campaign's ``content:`` mapping laid over it,
    read and validated now (``CONTENT.load`` takes it from the cache when unchanged)."""
    content: FoodFightContent = CONTENT.validate(overrides or {})
    return content
