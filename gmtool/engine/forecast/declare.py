"""What a game declares in its ``rules/forecast.py``: where a forecast starts, what one
finished game records, and which policies each side may play by."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gmtool.dice import DiceDoor
from gmtool.engine.forecast.players import Player, Policy
from gmtool.engine.system import Action, State, System
from gmtool.errors import unknown


@dataclass(frozen=True)
class Start:
    """Where a forecast starts: the state, and the actions every run plays first (the start
    of the fight again, for ``--fresh``)."""

    state: State
    first: tuple[Action, ...] = ()
    what: str = ""
    """What is forecast, in the game's words ("the fight from round 2")."""
    sides: tuple[str, ...] = ()
    """The sides of this game, when they hang on it (a seat each); else the game's SIDES."""
    deal: Mapping[str, Any] | None = None
    """A new game's options, when every run starts one of its own, dealt with its own dice
    (a balance run from the deal; ``state`` is then not played)."""


@dataclass(frozen=True)
class Record:
    """One finished game: who won (a side's name, or "" for no winner), what happened
    (events counted as chances: "down: Ana"), and the numbers measured ("rounds")."""

    winner: str
    events: tuple[str, ...] = ()
    measures: Mapping[str, float] = field(default_factory=dict)


class Forecastable(Protocol):
    """A game's ``rules/forecast.py``. It may also say ``WINS_SAID`` (side -> words): how
    the report says that side won ("the PCs win"); without it, or for a side it leaves
    out, the side's name and "wins" (a seat's: "Red wins")."""

    SIDES: tuple[str, ...]
    """The sides a policy plays, in the order they are shown (unless ``Start.sides``)."""
    POLICIES: Mapping[str, Policy]
    DEFAULT_POLICIES: Mapping[str, str]
    """Each side's policy when none is named (``"*"``: any side not listed)."""
    MAIN: str
    """The measure drawn as a histogram."""
    ENUMERABLE: bool
    """Whether every die of the game goes through the door (no hidden shuffles), so an
    exact forecast can enumerate them."""

    def start(self, system: System, state: State, content: Any, *, fresh: bool) -> Start: ...

    def step(self, state: State, player: Player) -> Action | None:
        """The next action (the seats' choices gathered into it), or None: the game is over."""
        ...

    def observe(self, state: State, action: Action, notes: dict[str, Any]) -> None:
        """Note what the end state will not show (the rounds played) after each action."""
        ...

    def record(self, start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record: ...


class OwnPlay(Protocol):
    """What a game whose own players make only moves its rules accept may add to its
    ``rules/forecast.py`` (Food Fight's and Zauberer's quick players, as their balance runs
    use them): the game as those players play it, and their moves carried out by the
    rules without being checked again; or a game whose rules can carry out a move without
    telling it (Stars & Starships: an attack without its result document), ``carry_out``
    alone. Without these, a forecast plays the stored state and every action goes through
    ``System.apply``."""

    def begin(self, start: Start, state: State | None, dice: DiceDoor, content: Any) -> Any:
        """The game one run plays: from ``state``, a copy of the start's of its own, or
        (None) a new deal of ``start.deal``."""
        ...

    def carry_out(
        self, game: Any, action: Action, dice: DiceDoor, notes: dict[str, Any], content: Any
    ) -> Any:
        """``game`` after ``action`` (changed in place or anew), by the rules themselves."""
        ...

    def stored(self, game: Any) -> State:
        """``game`` as its campaign stores it (what a replay through ``Game.play`` ends in)."""
        ...


def sides_of(rules: Forecastable, start: Start) -> tuple[str, ...]:
    return start.sides or rules.SIDES


def policies_for(
    rules: Forecastable, named: Mapping[str, str], sides: Sequence[str] | None = None
) -> dict[str, Policy]:
    """Each side's policy: ``named`` (side -> policy name) over the game's defaults."""
    sides = tuple(sides or rules.SIDES)
    for side in named:
        if side not in sides:
            raise unknown("side", side, list(sides))
    defaults = rules.DEFAULT_POLICIES
    chosen = {side: named.get(side) or defaults.get(side) or defaults["*"] for side in sides}
    for name in chosen.values():
        if name not in rules.POLICIES:
            raise unknown("policy", name, sorted(rules.POLICIES))
    return {side: rules.POLICIES[name] for side, name in chosen.items()}
