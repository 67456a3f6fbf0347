"""A ``System`` made of a game's rules: the one wrapper of the games whose rules answer
every question as a pure function of the state.

A game gives ``Declared`` a module of its rules (``rules/declaration.py``) with the
functions ``Rules`` names, each in the game's own words; ``Declared`` turns them into the
protocol of ``engine.system``. What every such game does alike is written here once: the
table's view is the public status with the public board laid over it, and a seat's view is
the same with that seat's own secrets shown and its name under ``as``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Protocol

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Move, Outcome, State


class Content(Protocol):
    def load(self, overrides: Mapping[str, Any]) -> Any: ...


class Rules(Protocol):
    """What a game's ``rules/declaration.py`` defines."""

    @property
    def CONTENT(self) -> Content:  # noqa: N802 - a module's constant
        """The game's YAML content (``content.cache.ContentSpec``)."""
        ...

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State: ...

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome: ...

    def status(self, state: State) -> dict[str, Any]:
        """The public status: no secret at all."""
        ...

    def seen_by(self, state: State, seat: str | None, *, public: bool = False) -> dict[str, Any]:
        """What ``show --as`` shows: ``seat``'s own secrets and nobody else's; with
        ``public``, nobody's; neither: everything (the referee's view)."""
        ...

    def seat_name(self, state: State, seat: str) -> str:
        """The seat ``seat`` names, as the game writes it; a stranger is refused."""
        ...

    def seats(self, state: State) -> list[str]: ...

    def options(
        self, state: State, seat: str | None, kinds: Collection[str] | None = None
    ) -> list[Move]:
        """``kinds``: the moves of those names alone (a forecast's players), the same as
        they are in the whole list."""
        ...

    def options_document(self, state: State) -> dict[str, Any]:
        """What ``gmtool NAME options`` prints: the moves of the seat to act, grouped."""
        ...

    def to_move(self, state: State) -> list[str]: ...


class Declared:
    """The ``System`` of a game with secrets, from its rules module."""

    has_secrets = True

    def __init__(self, name: str, title: str, rules: Rules, short_title: str = "") -> None:
        self.name = name
        self.title = title
        self.short_title = short_title or title
        self.rules = rules

    def load_content(self, overrides: Mapping[str, Any]) -> Any:
        return self.rules.CONTENT.load(overrides)

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        return self.rules.new_state(content, options, dice)

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
        return self.rules.apply(state, action, dice, content)

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        return self.rules.status(state)

    def seats(self, state: State) -> list[str]:
        return self.rules.seats(state)

    def options(
        self,
        state: State,
        seat: str | None,
        *,
        content: Any = None,
        kinds: Collection[str] | None = None,
    ) -> list[Move]:
        # The rulings were copied into the state as the game began: no content is read.
        return self.rules.options(state, seat, kinds)

    def view(self, state: State, seat: str | None, *, content: Any = None) -> dict[str, Any]:
        """The public status with the board as ``seat`` sees it laid over it (the
        ``status --as SEAT`` document); None: as the whole table sees it."""
        if seat is None:
            return {**self.rules.status(state), **self.rules.seen_by(state, None, public=True)}
        name = self.rules.seat_name(state, seat)  # a stranger is refused before anything
        return {**self.rules.status(state), **self.rules.seen_by(state, name), "as": name}

    def to_move(self, state: State, *, content: Any = None) -> list[str]:
        return self.rules.to_move(state)

    # -- what the game's own commands print (``cli.table_commands``) -------------------
    def referee_view(self, state: State) -> dict[str, Any]:
        """Everything, every secret included: what ``show --all`` prints for the referee."""
        return {**self.rules.status(state), **self.rules.seen_by(state, None)}

    def options_document(self, state: State) -> dict[str, Any]:
        return self.rules.options_document(state)

    def public_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A log entry as the whole table may read it (``engine.public_log``): the rules'
        ``public_entry`` when they keep something of an entry secret, else the entry."""
        public = getattr(self.rules, "public_entry", None)
        return entry if public is None else dict(public(entry))
