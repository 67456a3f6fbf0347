"""The NOVA clock at the table: the loss written when the clock is found at zero, pausing
it when the GM leaves ``play``, and the words for a clock that ran with nobody playing.
Shared by the one-shot commands and ``gmtool play``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from gmtool.errors import RulesError
from gmtool.games.originem.rules import nova

if TYPE_CHECKING:
    from gmtool.engine.game import Game
    from gmtool.engine.system import Outcome

UNATTENDED_AFTER = 60
"""Seconds with no move before a running clock is said to run unattended."""


def write_loss(game: Game, now: float) -> Outcome | None:
    """The clock reached zero and no entry says so: write the loss (dated at zero) and
    return it; None when the clock still has time or the game is already over."""
    state = game.state
    if state.get("ended") or not nova.has_run_out(state["nova"], now):
        return None
    return game.play({"type": "nova_out", "now": now}, game.door())


def refuse_after_loss(loss: Outcome | None) -> None:
    """A move asked of a campaign whose clock was just found at zero: one line saying the
    loss is written, and how to take it back."""
    if loss is None:
        return
    at = loss.result.get("zero_at")
    when = f" at {time.strftime('%H:%M', time.localtime(at))}" if at else ""
    raise RulesError(
        f"the NOVA counter reached zero{when}: the crew has lost (written in the log)",
        hint="if it ran while nobody played: 'gmtool undo', then "
        "'gmtool originem nova adjust +10m' (any time) gives time back",
    )


def unattended_words(seconds: int) -> str:
    """``running unattended for 27 min`` (empty under a minute)."""
    if seconds < UNATTENDED_AFTER:
        return ""
    hours, rest = divmod(seconds // 60, 60)
    span = f"{hours} h {rest:02d} min" if hours else f"{rest} min"
    return f"running unattended for {span} (no move since)"


def pause_on_leaving(game: Game, now: float) -> str:
    """Leaving ``play`` with the clock running pauses it (an entry in the log); the line to
    say. Empty when the clock is not running (or has run out: the loss is written instead
    at the next move)."""
    clock = game.state["nova"]
    if game.state.get("ended") or not clock["running"] or nova.is_out(clock, now):
        return ""
    outcome = game.play({"type": "nova_pause", "now": now, "left_play": True}, game.door())
    left = outcome.result["nova"]["remaining_seconds"]
    minutes, seconds = divmod(left, 60)
    return (
        f"NOVA paused at {minutes}:{seconds:02d} as you left; "
        "'gmtool originem nova resume' (or the play menu) starts it again."
    )
