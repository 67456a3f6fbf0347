"""The terminal's pager: ``$PAGER``, else ``less -R`` when it is installed.

Text is written to the pager as it is made; the pager reads only as far as the person
scrolls, so a writer blocks (and reads no more of its source) until more is wanted, and
stops when the pager is quit (``BrokenPipeError``, caught here).
"""

from __future__ import annotations

import io
import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

from gmtool.errors import UsageError

LESS_DEFAULTS = "FRX"
"""``LESS`` when the person has not set it (git does the same): quit at once when the text
fits one screen (F), show colours and styles (R), and leave the text on the screen (X)."""
NO_PAGER = ("", "cat")
"""A ``PAGER`` that means: do not page."""


def pager_command() -> list[str] | None:
    """The pager's command line, or None when there is none to use."""
    chosen = os.environ.get("PAGER")
    if chosen is None:
        less = shutil.which("less")
        return [less, "-R"] if less else None
    if chosen.strip() in NO_PAGER:
        return None
    try:
        argv = shlex.split(chosen)
    except ValueError as error:
        raise UsageError(
            f"PAGER cannot be read as a command line ({error}): {chosen!r}",
            hint="fix PAGER (for example PAGER='less -R'), or pass --no-pager",
        ) from None
    return argv or None


@contextmanager
def paging(argv: list[str]) -> Iterator[TextIO]:
    """Text written inside the block goes to the pager ``argv``; the block's end waits
    until the person quits it. Quitting before the end of the text is no error."""
    env = dict(os.environ)
    env.setdefault("LESS", LESS_DEFAULTS)
    try:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, env=env)
    except OSError as error:
        raise UsageError(
            f"cannot start the pager {argv[0]!r}: {error.strerror or error}",
            hint="set PAGER to a pager that is installed (or PAGER=cat), or pass --no-pager",
        ) from None
    assert process.stdin is not None
    # Ctrl-C belongs to the pager while it runs (less stops reading and waits); it must not
    # end this process mid-line. Ignored only now, so the pager does not inherit it.
    interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)
    encoding = sys.stdout.encoding or "utf-8"
    out = io.TextIOWrapper(process.stdin, encoding=encoding, errors="replace")
    try:
        try:
            yield out
            out.flush()
        except BrokenPipeError:
            pass  # the pager was quit before the end: nothing more is wanted
        finally:
            with suppress(BrokenPipeError, OSError, ValueError):
                out.close()
            process.wait()
    finally:
        signal.signal(signal.SIGINT, interrupt)
