"""What a rule system provides to the engine.

A system is pure: ``apply`` takes a state (a JSON-ready dict it may change: the engine
hands it a private copy), an action (a JSON-ready dict the CLI built), the command's
``DiceDoor`` and the system's content, and returns an ``Outcome``. No printing, no clock
reads (the CLI puts ``now`` into an action that needs it), no I/O. An illegal action
raises ``RulesError`` (or ``UsageError`` for an unknown name) and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

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


class System(Protocol):
    """One rule system (originem, astral, starships, foodfight...)."""

    name: str
    title: str

    def load_content(self, overrides: Mapping[str, Any]) -> Any:
        """The system's packaged YAML content with a campaign's overrides laid over it."""

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        """A fresh game from ``campaign new`` options (and the campaign file, if any)."""

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
        """Carry out one action by the rules."""

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        """The JSON document ``gmtool status --json`` prints."""
