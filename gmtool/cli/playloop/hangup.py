"""A closed terminal (SIGHUP) leaves ``play`` as quitting does: the loop's goodbye runs
(a game with a running clock pauses it) instead of the process dying mid-question.

The signal only raises ``SystemExit`` in the main thread; the writing is done on the way
out, by the loop's ``finally``, never inside the handler. The terminal is gone, so what is
printed on the way out goes nowhere instead of failing.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

HUNG_UP = 128 + 1
"""The exit status after a hang-up (128 + SIGHUP), as a shell reports it."""


HUNG = {"up": False}


def _left(signum: int, frame: FrameType | None) -> None:
    # The shell passes the hang-up on too: every later one is ignored, so the way out
    # (which writes the campaign) is not cut short by a second.
    signal.signal(signum, signal.SIG_IGN)
    HUNG["up"] = True
    quiet = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (kept for the exit)
    sys.stdout = sys.stderr = quiet
    raise SystemExit(HUNG_UP)


@contextmanager
def leaving_on_hangup() -> Iterator[None]:
    """Within the block, a hang-up raises ``SystemExit`` (so ``finally`` blocks run)."""
    hup = getattr(signal, "SIGHUP", None)
    if hup is None:  # no hang-ups on this platform
        yield
        return
    try:
        before = signal.signal(hup, _left)
    except ValueError:  # not the main thread: the default stays
        yield
        return
    try:
        yield
    finally:
        if not HUNG["up"]:  # after a hang-up, later ones stay ignored until the exit
            signal.signal(hup, before)
