"""The NOVA counter: a real-time countdown kept as "seconds left at the last mark".

The state holds ``remaining`` (seconds left when the clock was last marked), ``running``
and ``since`` (the epoch time of that mark), and ``zero_ends_game`` (the ruling, copied
in when the game starts so that ``status`` needs no content). Time comes in actions as
``now``; the rules never read a clock.

The GM keeps the clock in hand: ``adjust`` gives time back or takes it (a correction, not
a penalty), ``set`` puts the clock at a time left, both within the campaign's length; a
clock that reached zero is a loss only once ``out`` writes it (an entry the log can undo);
``touched`` is the time of the last move, so a screen can say how long the clock has run
with nobody playing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from gmtool.engine.system import Action, State
from gmtool.errors import RulesError, UsageError, unknown

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import Nova


def knowledge_needed(nova: Nova, minutes: float) -> int:
    """Knowledge points for a NOVA length: the table's value, else the line through the
    table (rounded), never below the minimum."""
    points = sorted(nova.lengths.items())
    if minutes in nova.lengths:
        return max(nova.lengths[int(minutes)], nova.minimum_knowledge)
    if len(points) == 1:
        ((length, need),) = points
        estimate = need * minutes / length
    else:
        index = 1
        while index < len(points) - 1 and minutes > points[index][0]:
            index += 1
        (x0, y0), (x1, y1) = points[index - 1], points[index]
        estimate = y0 + (y1 - y0) * (minutes - x0) / (x1 - x0)
    return max(math.floor(estimate + 0.5), nova.minimum_knowledge)


def new_clock(minutes: float, *, zero_ends_game: bool) -> dict[str, Any]:
    seconds = float(minutes) * 60
    return {
        "length_seconds": seconds,
        "remaining": seconds,
        "running": False,
        "since": None,
        "started": False,
        "zero_ends_game": zero_ends_game,
    }


def remaining(clock: dict[str, Any], now: float | None) -> float:
    """Seconds left at ``now`` (at the last mark when ``now`` is None)."""
    left = float(clock["remaining"])
    if clock["running"] and now is not None and clock["since"] is not None:
        left -= max(0.0, float(now) - float(clock["since"]))
    return max(0.0, left)


def unattended(clock: dict[str, Any], now: float | None) -> float:
    """Seconds the clock has run since the last move (0 when it is not running)."""
    if not clock["running"] or now is None:
        return 0.0
    last = clock.get("touched", clock["since"])
    return max(0.0, float(now) - float(last)) if last is not None else 0.0


def zero_at(clock: dict[str, Any]) -> float | None:
    """The epoch time the running clock reaches (or reached) zero."""
    if not clock["running"] or clock["since"] is None:
        return None
    return float(clock["since"]) + float(clock["remaining"])


def touch(clock: dict[str, Any], now: float | None) -> None:
    """A move was made at ``now``: the table is there."""
    if now is not None:
        clock["touched"] = float(now)


def is_out(clock: dict[str, Any], now: float | None) -> bool:
    return remaining(clock, now) <= 0


def has_run_out(clock: dict[str, Any], now: float | None) -> bool:
    """Whether the counter is at zero and, by the rulings, that loses the game."""
    return bool(clock.get("zero_ends_game", True)) and is_out(clock, now)


def _now(action: Action) -> float:
    now = action.get("now")
    if not isinstance(now, int | float) or isinstance(now, bool):
        raise UsageError(f"'{action['type']}' needs the time: the action has no 'now'")
    return float(now)


def start(state: State, action: Action) -> dict[str, Any]:
    clock = state["nova"]
    if clock["started"]:
        raise RulesError(
            "the NOVA counter is already started", hint="use 'nova pause' or 'nova resume'"
        )
    clock.update(started=True, running=True, since=_now(action))
    return {"nova": clock_view(clock, _now(action))}


def pause(state: State, action: Action) -> dict[str, Any]:
    clock = state["nova"]
    if not clock["running"]:
        hint = "use 'nova resume'" if clock["started"] else "use 'nova start'"
        raise RulesError("the NOVA counter is not running", hint=hint)
    now = _now(action)
    clock.update(remaining=remaining(clock, now), running=False, since=None)
    return {"nova": clock_view(clock, now)}


def resume(state: State, action: Action) -> dict[str, Any]:
    clock = state["nova"]
    if not clock["started"]:
        raise RulesError("the NOVA counter was never started", hint="use 'nova start'")
    if clock["running"]:
        raise RulesError("the NOVA counter is already running")
    now = _now(action)
    clock.update(running=True, since=now)
    return {"nova": clock_view(clock, now)}


def stop(clock: dict[str, Any], now: float | None) -> None:
    """Stop the counter for good (the game is over), keeping the time that was left."""
    if clock["running"] and now is not None:
        clock.update(remaining=remaining(clock, now), running=False, since=None)


def take_time(state: State, seconds: float) -> None:
    """Remove ``seconds`` from the counter (a penalty); the mark time stays as it was."""
    clock = state["nova"]
    clock["remaining"] = max(0.0, float(clock["remaining"]) - seconds)
    if has_run_out(clock, None):
        state["ended"] = "lost"
        state["ended_reason"] = "the NOVA counter reached zero"


CORRECTIONS = ("nova_adjust", "nova_set", "nova_out")
"""The actions a clock at zero still takes: the GM's corrections, and the loss itself."""


def _seconds(action: Action, key: str) -> float:
    given = action.get(key)
    if isinstance(given, str):
        from gmtool.durations import read_duration

        given = read_duration(given)
    if not isinstance(given, int | float) or isinstance(given, bool) or not math.isfinite(given):
        raise UsageError(f"'{action['type']}' needs a time in '{key}' (seconds, or 5m, 1:30)")
    return float(given)


def _within_length(clock: dict[str, Any], left: float, asked: str) -> float:
    length = float(clock["length_seconds"])
    if left <= 0:
        raise RulesError(
            f"{asked} leaves the NOVA counter at {_clock(left)}",
            hint="a correction keeps some time on the clock; 'nova penalty' takes time "
            "as a penalty (down to zero)",
        )
    if left > length:
        raise RulesError(
            f"{asked} puts the NOVA counter at {_clock(left)}, past the campaign's "
            f"length ({_clock(length)})",
            hint=f"at most {_clock(length)} can be left",
        )
    return left


def _clock(seconds: float) -> str:
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(math.ceil(abs(seconds)), 60)
    return f"{sign}{minutes}:{secs:02d}"


def _corrected(state: State, action: Action, left: float) -> dict[str, Any]:
    clock = state["nova"]
    now = action.get("now")
    before = remaining(clock, now)
    if clock["running"]:
        clock.update(remaining=left, since=_now(action))
    else:
        clock["remaining"] = left
    return {"nova": clock_view(clock, now), "before_seconds": math.ceil(before)}


def adjust(state: State, action: Action) -> dict[str, Any]:
    """Give time back (``seconds`` > 0) or take it (< 0): the GM corrects the clock."""
    seconds = _seconds(action, "seconds")
    if seconds == 0:
        raise UsageError("an adjustment of 0 changes nothing", hint="give +5m or -90s")
    clock = state["nova"]
    left = remaining(clock, action.get("now")) + seconds
    sign = "+" if seconds > 0 else "-"
    result = _corrected(state, action, _within_length(clock, left, f"{sign}{_clock(abs(seconds))}"))
    return {**result, "adjusted_seconds": seconds}


def set_left(state: State, action: Action) -> dict[str, Any]:
    """Put the clock at ``seconds`` left."""
    left = _seconds(action, "seconds")
    checked = _within_length(state["nova"], left, f"setting {_clock(left)}")
    return {**_corrected(state, action, checked), "set_seconds": checked}


def run_out(state: State, action: Action) -> dict[str, Any]:
    """The clock reached zero: the crew has lost (the loss is this entry; undo takes it
    back, and then the GM may correct the clock)."""
    clock = state["nova"]
    now = _now(action)
    if state.get("ended"):
        raise RulesError("the game is already over")
    if not has_run_out(clock, now):
        raise RulesError(
            f"the NOVA counter has not reached zero ({_clock(remaining(clock, now))} left)"
        )
    at = zero_at(clock)
    clock.update(remaining=0.0, running=False, since=None)
    state["ended"] = "lost"
    state["ended_reason"] = "the NOVA counter reached zero"
    return {"nova": clock_view(clock, now), "ended": "lost", "zero_at": at}


def penalty(state: State, action: Action, nova: Nova) -> dict[str, Any]:
    """A named penalty from nova.yaml, or ``seconds`` given outright."""
    name = action.get("penalty")
    if name is not None:
        if name not in nova.penalties:
            raise unknown("NOVA penalty", str(name), list(nova.penalties))
        seconds = float(nova.penalties[name])
    else:
        given = action.get("seconds")
        if (
            not isinstance(given, int | float)
            or isinstance(given, bool)
            or not math.isfinite(given)
            or given <= 0
        ):
            raise UsageError(
                "a NOVA penalty needs a positive, finite number of seconds or a named penalty",
                hint=f"named penalties: {', '.join(nova.penalties) or 'none'}",
            )
        seconds = float(given)
    take_time(state, seconds)
    return {
        "penalty": name,
        "seconds": seconds,
        "nova": clock_view(state["nova"], action.get("now")),
    }


def clock_view(clock: dict[str, Any], now: float | None) -> dict[str, Any]:
    """The clock as status shows it: whole seconds left (rounded up), running or not."""
    left = remaining(clock, now)
    return {
        "remaining_seconds": math.ceil(left),
        "running": bool(clock["running"]) and left > 0,
        "started": bool(clock["started"]),
        "length_seconds": math.ceil(float(clock["length_seconds"])),
    }
