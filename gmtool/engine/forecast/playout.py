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
from gmtool.engine.system import Action, State, System
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
    game: Any
    """The game as it ended, as the forecast played it (``OwnPlay.begin``'s, or a state)."""
    finished: bool = True
    rules: Any = None

    @property
    def end(self) -> State:
        """The state it ended in, as a campaign stores it."""
        stored = getattr(self.rules, "stored", None)
        end: State = stored(self.game) if stored is not None else self.game
        return end


def play_out(
    setup: Setup, dice: Rng, thinking: Rng, *, trail: bool = False, steps: int = MAX_STEPS
) -> Played:
    """The rest of one game from ``setup.start``, its dice from ``dice``; a game longer
    than ``steps`` actions is left unfinished (``Played.record``'s ``finished`` False)."""
    rules = setup.rules
    door = DiceDoor(dice)
    notes: dict[str, Any] = {}
    player = Player(setup.system, setup.content, setup.policies, thinking, notes)
    player.dice = door
    begin = getattr(rules, "begin", None)
    carry = getattr(rules, "carry_out", None)
    start = setup.start
    state = None if start.deal is not None else setup.fresh()
    if begin is not None:
        state = begin(start, state, door, setup.content)
    elif state is None:
        state = setup.system.new_state(setup.content, start.deal or {}, door)
    actions: list[tuple[dict[str, Any], list[int]]] = []
    pending = list(start.first)
    finished = False
    for _ in range(steps):
        action = pending.pop(0) if pending else rules.step(state, player)
        if action is None:
            finished = True
            break
        used = door
        if player.entered is not None:  # faces the player rolled before it chose
            used, player.entered = DiceDoor(entered_by=player.entered), None
        if carry is not None:  # the game's own players: moves the rules accept
            used.rolls.clear()
            state = carry(state, action, used, notes, setup.content)
        else:
            state = _applied(setup, state, action, used, player)
        rules.observe(state, action, notes)
        if trail:
            faces = [face for roll in used.rolls for face in roll.faces]
            actions.append((dict(action), faces))
    record = rules.record(start.state, state, finished, notes)
    return Played(record, actions, state, finished, rules)


def _applied(setup: Setup, state: State, action: Action, door: DiceDoor, player: Player) -> State:
    """``state`` after ``action`` by ``System.apply``; a refused action is chosen again."""
    for _ in range(REFUSALS):
        door.rolls.clear()
        try:
            return setup.system.apply(state, action, door, setup.content).state
        except GmtoolError:
            # Choices offered one by one may still be refused together (a swap of a
            # space with itself): the rules refuse before they change anything, and
            # the policy chooses again.
            again = setup.rules.step(state, player)
            if again is None:
                raise
            action = again
    raise RulesError(f"every move chosen was refused {REFUSALS} times in a row")


def play_seeded(setup: Setup, seed: int) -> Record:
    """Game ``seed`` of a run (``engine.batch``'s game seed)."""
    return play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING)).record


def replayable(setup: Setup, seed: int) -> Iterator[tuple[dict[str, Any], list[int]]]:
    """Game ``seed``'s actions with the faces each rolled: what a replay through
    ``Game.play`` enters, to check a forecast plays only moves the rules accept."""
    played = play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING), trail=True)
    yield from played.actions
