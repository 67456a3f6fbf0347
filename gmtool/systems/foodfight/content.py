"""Food Fight's content: the salt decks, the Fortune deck, the board and the table's rulings.

The packaged YAML lives in ``tables/foodfight/``; a campaign's ``content:`` mapping is laid
over it key by key, so a GM can replace one card, one Fortune or one ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, model_validator

from gmtool.content.paths import packaged
from gmtool.content.schema import Model, validate
from gmtool.content.yamlfile import Document, deep_merge, load_yaml

CONTENT_FILES = ("decks.yaml", "fortunes.yaml", "board.yaml")
TieRuling = Literal["neither", "defender", "attacker", "both"]
LayoutName = Literal["strongest_on_top", "weakest_on_top", "shuffled"]
SpotCountsWhen = Literal["entered", "left"]
FortuneFloor = Literal["total", "each"]
LAYOUT_NAMES: tuple[str, ...] = ("strongest_on_top", "weakest_on_top", "shuffled")


class SaltCard(Model):
    food: str = Field(min_length=1)
    salt: int = Field(ge=0)


class Deck(Model):
    name: str
    cards: dict[str, SaltCard]

    @model_validator(mode="after")
    def _foods_are_distinct(self) -> Deck:
        seen: set[str] = set()
        for card in self.cards.values():
            key = card.food.casefold()
            if key in seen:
                raise ValueError(f"two cards are called '{card.food}': food names must differ")
            seen.add(key)
        return self


class FortuneCard(Model):
    text: str
    effect: Literal["add", "subtract"]
    amount: int = Field(ge=0)

    @property
    def delta(self) -> int:
        return self.amount if self.effect == "add" else -self.amount


class Track(Model):
    length: int = Field(ge=2)
    fortune_spots: list[int]

    @model_validator(mode="after")
    def _spots_lie_on_the_track(self) -> Track:
        for spot in self.fortune_spots:
            if not 0 < spot < self.length:
                raise ValueError(
                    f"F spot {spot} is not between the start and the end (1-{self.length - 1})"
                )
        if len(set(self.fortune_spots)) != len(self.fortune_spots):
            raise ValueError("an F spot is listed twice")
        return self


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

    @model_validator(mode="after")
    def _fits_the_board(self) -> FoodFightContent:
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
        return self


def load_content(overrides: Mapping[str, Any] | None = None) -> FoodFightContent:
    """The packaged Food Fight YAML with a campaign's ``content:`` mapping laid over it."""
    documents: list[Document] = [
        load_yaml(packaged("tables", "foodfight", name)) for name in CONTENT_FILES
    ]
    data: dict[str, Any] = {}
    for document in documents:
        data = deep_merge(data, document.data or {})
        # Each file holds one top-level section; without its root line, an error in one
        # section is traced to the file that holds it rather than to the first file.
        document.lines.pop((), None)
    if overrides:
        data = deep_merge(data, dict(overrides))
    return validate(FoodFightContent, data, documents)
