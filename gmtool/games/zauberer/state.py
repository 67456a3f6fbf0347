"""The shape of a stored Zauberer game, and the names of its actions and phases.

A game is one JSON-ready dict, saved after every command and read back by the next one;
its rules, views and players all read and change that same dict. These ``TypedDict``s
name its keys, so that mypy checks every lookup. What a game copies from its content
when it starts (the rulings, the clans, the spell and trap cards) keeps the content's own
fields (see ``rules.content``), so it is typed here as plain mappings.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Phase = Literal["roll_off", "move", "white", "blue", "dungeon", "trap", "end", "duel", "over"]
"""Where a turn stands (see ``rules.state``): what the team to play may do now."""

ActionType = Literal[
    "roll_off", "move", "dungeon", "trap", "cast", "duel_start", "duel_round", "end_turn"
]
"""What an action asks for."""


class Space(TypedDict):
    """A space of the board: its colour, the spaces a token may step to, and where it is
    drawn (None for a space the drawing does not place)."""

    colour: str
    next: list[str]
    at: list[int] | None


class Board(TypedDict):
    """The board a game is played on, with the steps worked out when it started: the
    spaces before each one, and each space's distance to the centre."""

    name: str
    centre: str
    spaces: dict[str, Space]
    before: dict[str, list[str]]
    distance: dict[str, int]


class Team(TypedDict):
    """A clan's team: its players, its token (``space``, and the ``trail`` of this turn),
    the spell card it holds, the effects on it and why it is out (None: still in)."""

    clan: str
    players: list[str]
    space: str
    trail: list[str]
    spell: str | None
    effects: list[dict[str, Any]]
    out: str | None
    centre_turns: int
    rounds_played: int
    duels: NotRequired[int]
    """duels fought (games begun before it was counted have none)"""


class Ring(TypedDict):
    """A ring cast on a space: whose it is, its card's name, and what it gives a duel
    fought on it (to its clan's allies and to their enemies)."""

    clan: str
    name: str
    ally: Any
    enemy: Any


class Duel(TypedDict):
    """A duel being fought: its two clans, the round, each clan's hit points, the cards
    used, the effects lasting over rounds, and the phase the turn goes back to after it
    (``resume``) unless it ends the turn."""

    challenger: str
    defender: str
    round: int
    hp: dict[str, int]
    used: list[str]
    lasting: list[dict[str, Any]]
    resume: Phase
    ends_turn: bool


class ZaubererState(TypedDict):
    """A whole game. ``turn`` is the index of the team to play (None before the roll-off
    and once it is over), ``player`` the player of that team who acts."""

    rules: dict[str, Any]
    board: Board
    clans: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    traps: dict[str, dict[str, Any]]
    decks: dict[str, list[str]]
    trap_deck: list[str]
    trap_discards: list[str]
    teams: list[Team]
    rings: dict[str, Ring]
    turn: int | None
    turn_number: int
    phase: Phase
    player: str | None
    turn_start_space: str | None
    duel: Duel | None
    duels: int
    over: bool
    winner: str | None
    ended_by: str | None
    secret_rng: int
