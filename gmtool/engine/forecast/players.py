"""A forecast's players: the policies a side plays by, and the one way a seat chooses
(``Player``: from ``System.options(state, seat)`` and nothing else)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Protocol

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import RulesError


class Policy(Protocol):
    """How one side plays: which of the moves on offer, then each choice's answer (one of
    its ``values``). ``deterministic``: the same state always gets the same answer (the
    policies an exact forecast may use)."""

    @property
    def name(self) -> str: ...

    @property
    def about(self) -> str:
        """What it does, in a sentence (the guides list it)."""
        ...

    @property
    def deterministic(self) -> bool: ...

    def pick(self, state: State, moves: Sequence[Move], rng: Rng) -> Move: ...

    def answer(self, state: State, move: Move, choice: Choice, rng: Rng) -> Any: ...


@dataclass(frozen=True)
class RandomPolicy:
    """Any move on offer, any answer, with equal chance."""

    name: str = "random"
    about: str = "any move on offer and any answer, with equal chance"
    deterministic: bool = False

    def pick(self, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        return moves[rng.below(len(moves))]

    def answer(self, state: State, move: Move, choice: Choice, rng: Rng) -> Any:
        values = choice.values or ()
        return values[rng.below(len(values))]


@dataclass(frozen=True)
class OwnPolicy:
    """A side played by a game's own quick players (a simulator's), who make only moves the
    rules accept without the menu being built: ``plays`` holds the game's functions, and
    the game's ``step`` calls them (a replay through ``Game.play`` holds them to the
    rules). ``Player.choose`` never asks one."""

    name: str
    about: str
    plays: Any
    deterministic: bool = False

    def pick(self, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        raise RulesError(f"policy '{self.name}' plays by its game's own step, not from a menu")

    def answer(self, state: State, move: Move, choice: Choice, rng: Rng) -> Any:
        raise RulesError(f"policy '{self.name}' plays by its game's own step, not from a menu")


MoveScore = Callable[[State, Move], float]
AnswerScore = Callable[[State, Move, Choice, Any], float]


@dataclass(frozen=True)
class ScoredPolicy:
    """The move and the answers that score highest (the first of equals): deterministic."""

    name: str
    about: str
    move_score: MoveScore
    answer_score: AnswerScore
    deterministic: bool = True

    def pick(self, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        return max(moves, key=partial(self.move_score, state))

    def answer(self, state: State, move: Move, choice: Choice, rng: Rng) -> Any:
        values = choice.values or ()
        return max(values, key=lambda value: self.answer_score(state, move, choice, value))


def playable(move: Move, typed: Collection[str] = ()) -> bool:
    """A move a policy can make: nothing against it now, and every choice it must answer
    is one of a list (a number too, when its values are listed: Zauberer's portal steps).
    A typed answer is the table's own words: a game keeps the moves that ask one out
    (``keep``), or gives its answer from its settings (``Player.typed``)."""
    if move.reason:
        return False
    return all(
        choice.kind == "faces"
        or choice.optional
        or (choice.kind in ("one", "number") and choice.values)
        or (choice.kind in ("text", "number") and choice.key in typed)
        for choice in move.choices
    )


_NOTHING = object()


class Player:
    """The one way a forecast's seats choose: from ``system.options(state, seat)``, by the
    policy of the seat's side, every answer folded in by the game's ``follow``."""

    def __init__(
        self,
        system: System,
        content: Any,
        policies: Mapping[str, Policy],
        rng: Rng,
        notes: dict[str, Any] | None = None,
    ) -> None:
        self.system = system
        self.content = content
        self.policies = policies
        self.rng = rng
        self.notes: dict[str, Any] = {} if notes is None else notes
        """What the game's ``observe`` has noted of this game so far."""
        self.asked: dict[str, Any] = {}
        """More the game's ``options`` is asked with (Originem's ``now``)."""
        self.typed: dict[str, Any] = {}
        """The answers to typed choices, by key, that the game's settings give (a fight's
        enemies): no policy types an answer of its own."""
        self.follow: Callable[..., Move] | None = getattr(system, "follow", None)
        self.dice: DiceDoor | None = None
        """The game's own dice (a player that sees a roll before it chooses rolls it)."""
        self.entered: dict[str, list[int]] | None = None
        """Faces rolled from ``dice`` before the next action was chosen, by who threw
        them: the action is carried out with them entered (a duel's defence cards)."""

    def own(self, side: str) -> Any:
        """The game's own functions that play ``side`` (its policy is an ``OwnPolicy``)."""
        policy = self.policies[side]
        if not isinstance(policy, OwnPolicy):
            raise RulesError(f"policy '{policy.name}' is not one of the game's own players")
        return policy.plays

    def moves(
        self,
        state: State,
        seat: str | None,
        keep: Callable[[Move], bool] | None = None,
        **ask: Any,
    ) -> list[Move]:
        """The moves of ``seat`` (None: the GM's) on offer now that a policy can make;
        ``ask``: more the game's ``options`` takes to list only some of them (FTL's
        ``kinds``), the same moves it would list among the rest."""
        offered = self.system.options(state, seat, content=self.content, **self.asked, **ask)
        return [m for m in offered if (keep is None or keep(m)) and playable(m, self.typed)]

    def choose(
        self,
        state: State,
        side: str,
        seat: str | None,
        keep: Callable[[Move], bool] | None = None,
        **ask: Any,
    ) -> dict[str, Any] | None:
        """The action ``side``'s policy makes for ``seat``; None when nothing is on offer."""
        return self.choose_from(state, side, self.moves(state, seat, keep, **ask))

    def choose_from(self, state: State, side: str, moves: list[Move]) -> dict[str, Any] | None:
        """The action ``side``'s policy makes among ``moves`` (what ``moves`` gave for this
        state, when a game looks at them first); None when there are none."""
        if not moves:
            return None
        policy = self.policies[side]
        move = policy.pick(state, moves, self.rng)
        if move not in moves:
            raise RulesError(f"policy '{policy.name}' picked a move that was not on offer")
        return self.answered(state, policy, move)

    def answered(self, state: State, policy: Policy, move: Move) -> dict[str, Any]:
        left = 0  # choices at the front left unanswered (faces: rolled; others: left out)
        while left < len(move.choices):
            choice = move.choices[left]
            given = self.typed.get(choice.key, _NOTHING)
            settled = given is not _NOTHING and (
                choice.kind != "one" or given in (choice.values or ())
            )
            if not settled and (choice.kind != "one" or not choice.values or choice.optional):
                left += 1
                continue
            if left:  # what is answered next is the move's first choice, as a screen asks it
                move, left = replace(move, choices=move.choices[left:]), 0
            if settled:
                value = given
            else:
                value = policy.answer(state, move, choice, self.rng)
                if value not in (choice.values or ()):
                    raise RulesError(f"policy '{policy.name}' gave an answer not on offer")
            if self.follow is not None:
                move = self.follow(state, move, choice, value, content=self.content)
            else:  # the answer goes in as a front end's would (``Move.fill``)
                action = replace(move, choices=(choice,)).fill({choice.key: value})
                move = replace(move, action=action, choices=move.choices[1:])
        return dict(move.action)


REFEREE = ScoredPolicy(
    "referee",
    "the GM's own steps of a game a table plays (a roll-off): the first move on offer",
    lambda state, move: 0.0,
    lambda state, move, choice, value: 0.0,
)
"""The first of equals wins a ``ScoredPolicy``'s choice: here everything is equal."""


def seat_by_seat(
    state: State, player: Player, keep: Callable[[Move], bool] | None = None
) -> Action | None:
    """The next action of a game whose declaration says whose answer is awaited: the first
    seat of ``to_move`` chooses by its own side's policy (a seat is a side); with nobody
    awaited, the GM's first move on offer (a roll-off); None when nothing is on offer."""
    seats = player.system.to_move(state, content=player.content)
    if seats:
        return player.choose(state, seats[0], seats[0], keep)
    moves = player.moves(state, None, keep)
    return player.answered(state, REFEREE, moves[0]) if moves else None
