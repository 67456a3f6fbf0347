"""One game of a forecast played out from its start, by the game's rules and dice."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.copies import Copies
from gmtool.engine.forecast.declare import Forecastable, Record, Start, sides_of
from gmtool.engine.forecast.players import Player, Policy
from gmtool.engine.system import State, System
from gmtool.errors import GmtoolError, RulesError

MAX_STEPS = 5000
"""A game still running after this many actions is counted as unfinished."""
REFUSALS = 50
"""How many times in a row a game's rules may refuse the moves a policy chose from the
options before a forecast gives up on the game (a game's options not matching its rules)."""
THINKING = 0x5DEECE66D
"""Mixed into a game's seed for the policies' own generator (their coin tosses)."""


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (sent to each worker process once)."""

    system: System
    rules: Forecastable
    content: Any
    start: Start
    policies: Mapping[str, Policy]

    @property
    def sides(self) -> tuple[str, ...]:
        return sides_of(self.rules, self.start)

    @cached_property
    def fresh(self) -> Copies:
        """``fresh()``: a new copy of the start state, for one game to change."""
        return Copies(self.start.state)


@dataclass
class Played:
    """A game played out, with every action and the faces it rolled (for a replay)."""

    record: Record
    actions: list[tuple[dict[str, Any], list[int]]]
    end: State
    finished: bool = True


def play_out(
    setup: Setup, dice: Rng, thinking: Rng, *, trail: bool = False, steps: int = MAX_STEPS
) -> Played:
    """The rest of one game from ``setup.start``, its dice from ``dice``; a game longer
    than ``steps`` actions is left unfinished (``Played.record``'s ``finished`` False)."""
    state = setup.fresh()
    door = DiceDoor(dice)
    notes: dict[str, Any] = {}
    player = Player(setup.system, setup.content, setup.policies, thinking, notes)
    actions: list[tuple[dict[str, Any], list[int]]] = []
    pending = list(setup.start.first)
    finished = False
    for _ in range(steps):
        action = pending.pop(0) if pending else setup.rules.step(state, player)
        if action is None:
            finished = True
            break
        for _ in range(REFUSALS):
            door.rolls.clear()
            try:
                state = setup.system.apply(state, action, door, setup.content).state
                break
            except GmtoolError:
                # Choices offered one by one may still be refused together (a swap of a
                # space with itself): the rules refuse before they change anything, and
                # the policy chooses again.
                again = setup.rules.step(state, player)
                if again is None:
                    raise
                action = again
        else:
            raise RulesError(f"every move chosen was refused {REFUSALS} times in a row")
        setup.rules.observe(state, action, notes)
        if trail:
            faces = [face for roll in door.rolls for face in roll.faces]
            actions.append((dict(action), faces))
    record = setup.rules.record(setup.start.state, state, finished, notes)
    return Played(record, actions, state, finished)


def play_seeded(setup: Setup, seed: int) -> Record:
    """Game ``seed`` of a run (``engine.batch``'s game seed)."""
    return play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING)).record


def replayable(setup: Setup, seed: int) -> Iterator[tuple[dict[str, Any], list[int]]]:
    """Game ``seed``'s actions with the faces each rolled: what a replay through
    ``Game.play`` enters, to check a forecast plays only moves the rules accept."""
    played = play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING), trail=True)
    yield from played.actions
