"""What a game declares to the engine and to every front end.

A system is pure: ``apply`` takes a state (a JSON-ready dict it may change: the engine
hands it a private copy), an action (a JSON-ready dict the CLI built), the command's
``DiceDoor`` and the system's content, and returns an ``Outcome``. No printing, no clock
reads (the CLI puts ``now`` into an action that needs it), no I/O. An illegal action
raises ``RulesError`` (or ``UsageError`` for an unknown name) and nothing is written.

Every front end (the commands, ``gmtool play``, the web's screens, the simulators) asks a
game only the questions of ``System``: what a seat may do now (``options``, a list of
``Move``), what it may see (``view``), and whose answer is awaited (``to_move``). None of
them reads a game's state keys itself. A game whose GM's moves may be left to the players'
phones also answers ``asked_of(state, action, content=...)``: the seats whose screens the
move waits for, in the order they are asked (none: it cannot be asked), which the command
line's ``--phones`` and ``gmtool play``'s "on their phones" ask (``cli.phones``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from gmtool.dice import DiceDoor

State = dict[str, Any]
Action = Mapping[str, Any]


@dataclass
class Outcome:
    """What one action did: the new state, the command's result document (what
    ``--json`` prints), and the fields the log shows for it."""

    state: State
    result: dict[str, Any]
    who: str = ""
    what: str = ""
    outcome: str = ""
    mission: str = ""
    scene: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Choice:
    """One thing a move needs chosen before it can be played: the action field it fills,
    the question in the game's words, and the answers allowed (``values``), or, when the
    answer is typed, what kind of answer it is."""

    key: str
    label: str
    values: tuple[Any, ...] | None = None
    kind: Literal["one", "text", "number", "faces"] = "one"
    """``one``: one of ``values``; ``text``/``number``: typed; ``faces``: dice faces."""
    optional: bool = False
    labels: tuple[str, ...] | None = None
    """How each of ``values`` is shown, in the same order (None: as the values read)."""

    def shown(self) -> list[str]:
        """Each value as a menu or a form shows it."""
        if self.labels is not None:
            return list(self.labels)
        return [str(value) for value in self.values or ()]

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"key": self.key, "label": self.label, "kind": self.kind}
        if self.values is not None:
            doc["values"] = list(self.values)
        if self.labels is not None:
            doc["labels"] = list(self.labels)
        if self.optional:
            doc["optional"] = True
        return doc


@dataclass(frozen=True)
class Move:
    """One move a seat may make now, as data: a terminal menu, a phone form and a simulated
    player are all built from the same list. ``action`` holds the fields fixed already
    (its ``type`` among them); ``choices`` the ones still to choose; ``dice`` the dice the
    move rolls, in notation (``"1d20"``), so a front end can ask for physical faces.
    A move with a ``reason`` is shown but cannot be made now (the reason says why)."""

    name: str
    label: str
    seat: str | None = None
    """Who makes the move: a seat's name, or None for the GM."""
    action: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    dice: tuple[str, ...] = ()
    reason: str = ""

    def choice(self, key: str) -> Choice | None:
        """The choice that fills ``key``, or None when this move asks none."""
        return next((choice for choice in self.choices if choice.key == key), None)

    def fill(self, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The action this move plays with ``answers`` (a choice's key -> the value chosen;
        an optional choice left out is left out). A value that is a mapping fills several
        fields at once (a target and its pile); keys ``NAME.1``, ``NAME.2``... add their
        values, in the order of the choices, to the list ``NAME`` (a way for each fork)."""
        action = dict(self.action)
        for choice in self.choices:
            if choice.key not in answers:
                continue
            answer = answers[choice.key]
            if isinstance(answer, Mapping):
                action.update(answer)
            elif "." in choice.key:
                action.setdefault(choice.key.partition(".")[0], []).append(answer)
            else:
                action[choice.key] = answer
        return action

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "seat": self.seat,
            "action": dict(self.action),
            "choices": [choice.to_json() for choice in self.choices],
            "dice": list(self.dice),
        }
        if self.reason:
            doc["reason"] = self.reason
        return doc


class System(Protocol):
    """One rule system (originem, astral, starships, foodfight...)."""

    name: str
    title: str
    short_title: str
    """The name a phone's header has room for (``FTL`` for the FTL multiplayer board game)."""
    has_secrets: bool
    """Whether a seat may see what another may not (hidden cards, secret choices): only
    then does ``status --as SEAT`` show anything the table's status does not."""

    def load_content(self, overrides: Mapping[str, Any]) -> Any:
        """The system's packaged YAML content with a campaign's overrides laid over it."""

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        """A fresh game from ``campaign new`` options (and the campaign file, if any)."""

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
        """Carry out one action by the rules."""

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        """The JSON document ``gmtool status --json`` prints."""

    # -- what the declaration answers for every front end (see the module's docstring) --
    def seats(self, state: State) -> list[str]:
        """The seats with a view of their own (none in a game without secrets)."""
        ...

    def options(self, state: State, seat: str | None, *, content: Any = None) -> list[Move]:
        """The moves ``seat`` (None: the GM) may make now. ``content`` is the campaign's
        (``Game.content``: its overrides may change dice and tables); without it a game
        reads its packaged content."""
        ...

    def view(self, state: State, seat: str | None, *, content: Any = None) -> dict[str, Any]:
        """What ``seat`` may see (``status --as SEAT`` prints it); None: the table, which
        sees no secret."""
        ...

    def to_move(self, state: State, *, content: Any = None) -> list[str]:
        """The seats whose answer is awaited now (several when a battle asks both);
        empty when the game waits for the GM."""
        ...
