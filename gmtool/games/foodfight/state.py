"""The shape of a stored Food Fight game, and the moves its rules carry out.

A game is saved as one JSON-ready dict after every command. ``rules.match.Match`` reads
it into typed pieces (``rules.pieces``), which the rules, the checks, the views, the
players and the simulator all read, and writes it back; these ``TypedDict``s name the
keys it reads and writes, so that mypy checks every one. Keys marked ``NotRequired`` are
missing from games dealt before they existed; such a game is played by the rulings it
began with (see ``rules.match.Rulings``).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Role = Literal["attacker", "defender"]
"""A player's part in a battle."""

Side = Literal["mine", "theirs"]
"""The card a Fortune is played on, as its player names it."""

OutReason = Literal["towers", "health"]
"""Why a player is out: no towers left, or their token reached the end of the track."""

ActionType = Literal["discard", "attack", "layout", "fortune", "pass"]
"""What an action asks for (``fortune`` and ``pass`` answer an open battle)."""


class StoredCard(TypedDict):
    """A salt card in a pile: face down until it fights (or a hand stacked it face up)."""

    id: str
    food: str
    salt: int
    face_up: bool


class StoredFortune(TypedDict):
    """A Fortune as dealt: what it says and what it adds to a card's salt."""

    text: str
    delta: int


class StoredPlayer(TypedDict):
    """A player at the table: their token, their towers (a pile is a list of cards from the
    bottom up, so ``pile[-1]`` is its top card) and the ids of their Fortunes."""

    name: str
    color: str
    track_position: int
    out: OutReason | None
    piles: list[list[StoredCard]]
    fortunes: list[str]


class StoredPlay(TypedDict):
    """A Fortune played in a battle: its card, who played it (``by``, their name; ``role``,
    theirs in the battle), the battling card it is on (``card``, by role) and its delta."""

    id: str
    by: str
    role: Role
    card: Role
    delta: int
    text: str


class StoredBattle(TypedDict):
    """A battle whose cards are face up and which waits for a Fortune or a pass (the
    ``after_reveal`` timing): the two cards, the Fortunes played, the roles that have
    answered and the one asked now."""

    attacker: str
    pile: int
    defender: str
    target_pile: int
    plays: list[StoredPlay]
    answered: list[Role]
    to_answer: Role


class StoredRules(TypedDict):
    """The table's rulings, frozen into the game when it was dealt (``content.Rules`` and
    the board's numbers)."""

    tie: Literal["neither", "defender", "attacker", "both"]
    discard_steps: int
    battle_loss_steps: int
    discard_draws: int
    draws_per_fortune_spot: int
    f_spot_counts_when: NotRequired[Literal["entered", "left"]]
    fortunes_per_player_per_battle: int
    fortune_timing: NotRequired[Literal["after_reveal", "blind"]]
    fortune_floor: NotRequired[Literal["total", "each"]]
    reshuffle_used_fortunes: bool
    reveal_discards: NotRequired[bool]
    default_layout: str
    default_first: str
    track_length: int
    fortune_spots: list[int]
    spots: int
    cards_per_spot: int


class StoredGame(TypedDict):
    """A whole game. ``turn`` is the index of the player to move (None once it is over);
    the Fortune deck is kept in a fixed order and drawn from at random by the game's own
    generator (``secret_rng``); ``battle`` is the battle open, if any."""

    rules: StoredRules
    players: list[StoredPlayer]
    turn: int | None
    moves: int
    over: bool
    winner: str | None
    fortune_cards: dict[str, StoredFortune]
    fortune_deck: list[str]
    fortune_discards: list[str]
    discards: list[str]
    secret_rng: NotRequired[int]
    battle: NotRequired[StoredBattle | None]


class DeclaredFortune(TypedDict):
    """A Fortune declared with a blind attack: who plays it, which one, and on which card."""

    by: Role
    id: str
    on: Side


class Discard(TypedDict):
    type: Literal["discard"]
    pile: int


class Attack(TypedDict):
    """An attack, its target named as dealt; ``fortunes`` only with the ``blind`` timing."""

    type: Literal["attack"]
    pile: int
    target: str
    target_pile: int
    fortunes: NotRequired[list[DeclaredFortune]]


class PlayFortune(TypedDict):
    """The answer of the player asked in an open battle: this Fortune, on this card."""

    type: Literal["fortune"]
    id: str
    on: Side


class Pass(TypedDict):
    type: Literal["pass"]


Move = Discard | Attack | PlayFortune | Pass
"""A move the rules accept, as they carry it out (``moves.check_action`` makes one from
what a player typed; the simulator's players make only such moves)."""
