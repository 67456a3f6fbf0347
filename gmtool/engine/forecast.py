"""Forecasts: the rest of a game played many times by named policies, counted honestly.

A game says how its forecast is played in ``rules/forecast.py`` (a ``Forecastable``): how
a forecast starts, which seats act next and how their moves make one action (``step``),
and what one finished game is worth knowing (``record``). Every seat's move is chosen by
its side's policy from ``System.options(state, seat)`` and nothing else (``Player``): a
forecast never plays a move a screen would not offer. The dice are the game's own, rolled
through a ``DiceDoor``; the actions go through ``System.apply``.

Game ``n`` of a run is seeded from the run's seed (``engine.batch``), so a seed repeats a
forecast and ``jobs`` changes only how fast it goes. Where every policy is deterministic
and the whole tree of dice has few enough branches, the forecast is exact instead: every
branch is played once, weighted by its chance (``EnumeratingRng``).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Protocol

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.batch import game_seed, play_games
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import GmtoolError, RulesError, unknown

MAX_STEPS = 5000
"""A game still running after this many actions is counted as unfinished."""
REFUSALS = 50
"""How many times in a row a game's rules may refuse the moves a policy chose from the
options before a forecast gives up on the game (a game's options not matching its rules)."""
THINKING = 0x5DEECE66D
"""Mixed into a game's seed for the policies' own generator (their coin tosses)."""
Z95 = 1.959963984540054
"""The normal quantile of a 95% interval."""


# -- policies ---------------------------------------------------------------------------
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
    is one of a list. A typed answer is the table's own words: a game keeps the moves that
    ask one out (``keep``), or gives its answer from its settings (``Player.typed``)."""
    if move.reason:
        return False
    return all(
        choice.kind == "faces"
        or choice.optional
        or (choice.kind == "one" and choice.values)
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

    def moves(
        self, state: State, seat: str | None, keep: Callable[[Move], bool] | None = None
    ) -> list[Move]:
        """The moves of ``seat`` (None: the GM's) on offer now that a policy can make."""
        offered = self.system.options(state, seat, content=self.content, **self.asked)
        return [m for m in offered if (keep is None or keep(m)) and playable(m, self.typed)]

    def choose(
        self,
        state: State,
        side: str,
        seat: str | None,
        keep: Callable[[Move], bool] | None = None,
    ) -> dict[str, Any] | None:
        """The action ``side``'s policy makes for ``seat``; None when nothing is on offer."""
        moves = self.moves(state, seat, keep)
        if not moves:
            return None
        policy = self.policies[side]
        move = policy.pick(state, moves, self.rng)
        if move not in moves:
            raise RulesError(f"policy '{policy.name}' picked a move that was not on offer")
        return self.answered(state, policy, move)

    def answered(self, state: State, policy: Policy, move: Move) -> dict[str, Any]:
        while move.choices:
            choice = move.choices[0]
            given = self.typed.get(choice.key, _NOTHING)
            if given is not _NOTHING and (choice.kind != "one" or given in (choice.values or ())):
                value = given
            elif choice.kind != "one" or not choice.values or choice.optional:
                move = replace(move, choices=move.choices[1:])  # faces: rolled; others: left
                continue
            else:
                value = policy.answer(state, move, choice, self.rng)
                if value not in choice.values:
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


# -- what a game declares -----------------------------------------------------------------
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


@dataclass(frozen=True)
class Record:
    """One finished game: who won (a side's name, or "" for no winner), what happened
    (events counted as chances: "down: Ana"), and the numbers measured ("rounds")."""

    winner: str
    events: tuple[str, ...] = ()
    measures: Mapping[str, float] = field(default_factory=dict)


class Forecastable(Protocol):
    """A game's ``rules/forecast.py``."""

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


# -- one game -----------------------------------------------------------------------------
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
    state = copy.deepcopy(setup.start.state)
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


# -- counting -----------------------------------------------------------------------------
@dataclass
class Tally:
    """The records of a run added up: each weighted 1 (a sampled game) or by its chance
    (a branch of an exact forecast)."""

    sides: tuple[str, ...]
    games: float = 0.0
    runs: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    events: dict[str, float] = field(default_factory=dict)
    measures: dict[str, dict[float, float]] = field(default_factory=dict)
    unfinished: float = 0.0

    def add(self, record: Record, weight: float = 1.0) -> None:
        self.games += weight
        self.runs += 1
        key = record.winner or ""
        self.wins[key] = self.wins.get(key, 0.0) + weight
        for event in record.events:
            self.events[event] = self.events.get(event, 0.0) + weight
        for name, value in record.measures.items():
            counts = self.measures.setdefault(name, {})
            counts[value] = counts.get(value, 0.0) + weight

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.runs += other.runs
        self.unfinished += other.unfinished
        for mine, theirs in ((self.wins, other.wins), (self.events, other.events)):
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0.0) + count
        for name, counts in other.measures.items():
            table = self.measures.setdefault(name, {})
            for value, count in counts.items():
                table[value] = table.get(value, 0.0) + count


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a chance seen ``successes`` times in ``trials``."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def chance(count: float, total: float, *, exact: bool) -> dict[str, Any]:
    """One chance as a report shows it: the figure, and its 95% interval (none: exact)."""
    value = count / total if total else 0.0
    doc: dict[str, Any] = {"p": round(value, 4)}
    if exact:
        doc["exact"] = True
    else:
        low, high = wilson(count, total)
        doc["low"], doc["high"] = round(low, 4), round(high, 4)
    return doc


def quantile(counts: Mapping[float, float], q: float) -> float:
    """The smallest value with at least ``q`` of the weight at or below it."""
    total = sum(counts.values())
    running = 0.0
    for value in sorted(counts):
        running += counts[value]
        if running >= q * total - 1e-12:
            return value
    return max(counts) if counts else 0.0


def measure(counts: Mapping[float, float]) -> dict[str, Any]:
    """A measure's figures: mean, median, 10th and 90th percentiles, and its histogram."""
    total = sum(counts.values()) or 1.0
    mean = sum(value * count for value, count in counts.items()) / total
    return {
        "mean": round(mean, 2),
        "median": quantile(counts, 0.5),
        "p10": quantile(counts, 0.1),
        "p90": quantile(counts, 0.9),
        "histogram": [[value, round(counts[value] / total, 4)] for value in sorted(counts)],
    }


def report(
    tally: Tally,
    *,
    exact: bool,
    main: str,
    seed: int,
    policies: Mapping[str, Policy],
    what: str,
    stopped: bool = False,
) -> dict[str, Any]:
    """The one document of a forecast (what ``--json`` prints)."""
    total = tally.games
    doc: dict[str, Any] = {
        "what": what,
        "runs": tally.runs,
        "exact": exact,
        "seed": seed,
        "policies": {side: policy.name for side, policy in policies.items()},
        "wins": {
            side: chance(tally.wins.get(side, 0.0), total, exact=exact) for side in tally.sides
        },
        "no_winner": chance(tally.wins.get("", 0.0), total, exact=exact),
        "events": {
            name: chance(count, total, exact=exact) for name, count in sorted(tally.events.items())
        },
        "measures": {name: measure(counts) for name, counts in sorted(tally.measures.items())},
        "main": main,
    }
    if stopped:
        doc["stopped"] = True
    return doc


# -- a whole run --------------------------------------------------------------------------
def _empty(sides: tuple[str, ...]) -> Tally:
    return Tally(sides)


OnGame = Callable[[int], None]
SLICES = 8
"""A run over several processes is played in this many slices, one after another."""


def _heard(on_game: OnGame | None, first: int, done: int) -> None:
    if on_game is not None:
        on_game(first + done)


def sampled(
    setup: Setup,
    runs: int,
    seed: int,
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
    tally: Tally | None = None,
) -> Tally:
    """``runs`` games, game ``n`` seeded from ``seed`` and ``n``; Ctrl-C in one process
    keeps the games finished so far (``Tally.runs`` says how many)."""
    tally = tally if tally is not None else Tally(setup.sides)
    if jobs > 1 and runs > 1:
        # In a few slices, so that Ctrl-C keeps the slices finished before it.
        size = max(-(-runs // SLICES), jobs * 64)
        for first in range(0, runs, size):
            count = min(size, runs - first)
            done = partial(_heard, on_game, first)
            part = play_games(
                count,
                seed,
                partial(_empty, setup.sides),
                partial(play_seeded, setup),
                jobs=jobs,
                on_game=done,
                first=first,
            )
            tally.merge(part)
        return tally
    for number in range(runs):
        tally.add(play_seeded(setup, game_seed(seed, number)))
        if on_game is not None:
            on_game(number + 1)
    return tally


class EnumeratingRng(Rng):
    """A generator that walks every sequence of faces in turn: a die beyond the path so
    far starts at its first face; ``advance`` moves to the next path. Each path's chance
    is the product of 1/sides of its dice."""

    __slots__ = ("depth", "path")

    def __init__(self) -> None:
        super().__init__(0)
        self.path: list[tuple[int, int]] = []  # (face index, sides)
        self.depth = 0

    def below(self, n: int) -> int:
        if self.depth < len(self.path):
            index, sides = self.path[self.depth]
            if sides != n:
                raise RulesError("an exact forecast needs the same dice on every replay")
        else:
            index = 0
            self.path.append((0, n))
        self.depth += 1
        return index

    def face(self, sides: int) -> int:
        return self.below(sides) + 1

    def weight(self) -> float:
        weight = 1.0
        for _, sides in self.path[: self.depth]:
            weight /= sides
        return weight

    def advance(self) -> bool:
        """The next path; False when every path has been walked."""
        del self.path[self.depth :]
        while self.path:
            index, sides = self.path[-1]
            if index + 1 < sides:
                self.path[-1] = (index + 1, sides)
                self.depth = 0
                return True
            self.path.pop()
        return False


EXACT_STEPS = 60
"""An exact forecast is tried only for games this short: a branch longer is given up."""
PROBE = 50
"""After this many branches, an exact forecast whose branches so far weigh too little to
finish within its limit is given up (their count over their weight estimates the whole)."""


def enumerated(setup: Setup, limit: int) -> Tally | None:
    """Every branch of the dice played once, weighted by its chance; None when there are
    more than ``limit`` branches, one runs past ``EXACT_STEPS`` actions, or a policy is
    not deterministic."""
    if not setup.rules.ENUMERABLE:
        return None
    if not all(policy.deterministic for policy in setup.policies.values()):
        return None
    tally = Tally(setup.sides)
    dice = EnumeratingRng()
    for _ in range(limit):
        dice.depth = 0
        try:
            played = play_out(setup, dice, Rng.from_seed(0), steps=EXACT_STEPS)
        except GmtoolError:  # a branch the rules refuse to go on with (ties forever)
            return None
        if not played.finished:
            return None
        tally.add(played.record, dice.weight())
        if not dice.advance():
            return tally
        if tally.runs >= PROBE and tally.runs > tally.games * limit * 4:
            return None  # the branches walked so far are too small a share of the whole
    return None


@dataclass
class Forecast:
    """A run's outcome: the tally, whether it is exact, and whether Ctrl-C stopped it."""

    tally: Tally
    exact: bool
    stopped: bool = False


def forecast(
    setup: Setup,
    runs: int,
    seed: int,
    *,
    jobs: int = 1,
    on_game: OnGame | None = None,
    exact_limit: int | None = None,
) -> Forecast:
    """The forecast of ``setup``: exact when its branches number at most ``exact_limit``
    (default: ``runs``), else ``runs`` sampled games."""
    exact = enumerated(setup, runs if exact_limit is None else exact_limit)
    if exact is not None:
        return Forecast(exact, exact=True)
    tally = Tally(setup.sides)
    try:
        sampled(setup, runs, seed, jobs=jobs, on_game=on_game, tally=tally)
    except KeyboardInterrupt:
        return Forecast(tally, exact=False, stopped=True)
    return Forecast(tally, exact=False)


def replayable(setup: Setup, seed: int) -> Iterator[tuple[dict[str, Any], list[int]]]:
    """Game ``seed``'s actions with the faces each rolled: what a replay through
    ``Game.play`` enters, to check a forecast plays only moves the rules accept."""
    played = play_out(setup, Rng.from_seed(seed), Rng.from_seed(seed ^ THINKING), trail=True)
    yield from played.actions
