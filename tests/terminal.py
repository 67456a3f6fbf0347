"""``gmtool play`` in a pseudo-terminal, read back as a person would see the screen.

pexpect runs the real command with its keyboard on a pseudo-terminal; pyte, a terminal
emulator, turns what it writes into the screen's lines (clearing included), so a test can
say what is on the screen, and what is not, at any moment.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pyte
import pytest

COLUMNS, ROWS = 110, 45
WAITING_FOR_INPUT = ("do_epoll_wait", "ep_poll", "do_select", "do_sys_poll")
"""Where a process asleep in epoll_wait, select or poll is (/proc/PID/wchan)."""
PARKED = ("futex_do_wait", "futex_wait_queue", "futex_wait_queue_me", *WAITING_FOR_INPUT)
"""Where another of its threads may be while it waits: asleep on a lock or for work."""
KEYS = {
    "enter": "\r",
    "esc": "\x1b",
    "ctrl-c": "\x03",
    "down": "\x1b[B",
    "up": "\x1b[A",
}


class Screen(pyte.HistoryScreen):  # type: ignore[misc]
    """pyte's screen with what xterm does on "erase the saved lines" (ESC [ 3 J): what
    scrolled off the top is gone, as a program that clears its screen expects."""

    def erase_in_display(self, how: int = 0, *args: object, **kwargs: object) -> None:
        super().erase_in_display(how, *args, **kwargs)
        if how == 3:
            self.history.top.clear()
            self.history.bottom.clear()


class Terminal:
    def __init__(self, home: Path, *args: str, columns: int = COLUMNS, rows: int = ROWS) -> None:
        self.screen = Screen(columns, rows, history=2000)
        self.stream = pyte.ByteStream(self.screen)
        self.written = b""
        env = {**os.environ, "GMTOOL_HOME": str(home), "TERM": "xterm", "COLUMNS": str(columns)}
        env["LINES"] = str(rows)
        env["PROMPT_TOOLKIT_NO_CPR"] = "1"  # the emulator does not answer position requests
        env.pop("GMTOOL_CAMPAIGN", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "gmtool", *args],
            env=env,
            dimensions=(rows, columns),
            timeout=10,
            use_poll=True,  # select() fails on a descriptor past 1023, as a long run may hold
        )

    def text(self) -> str:
        """The screen as it is now, with what scrolled off the top above it."""
        above = ["".join(ch.data for ch in line.values()) for line in self.screen.history.top]
        return "\n".join([*above, *self.screen.display])

    def visible(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, text: str, times: int = 1, timeout: float = 8.0) -> str:
        """Read until ``text`` is on the screen or in its scrollback (``times`` times);
        fail with the screen if it never comes."""
        deadline = time.monotonic() + timeout
        while self.text().count(text) < times:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never showed; the screen:\n{self.visible()}")
            self._read(0.05)
        return self.visible()

    def wait_gone(self, text: str, timeout: float = 8.0) -> str:
        """Read until ``text`` is neither on the screen nor in its scrollback."""
        deadline = time.monotonic() + timeout
        while text in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} stayed; the screen:\n{self.visible()}")
            self._read(0.05)
        return self.visible()

    def settle(self, quiet: float = 0.3) -> str:
        """Read until the program has written nothing for ``quiet`` seconds."""
        while self._read(quiet):
            pass
        return self.visible()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.child.send(KEYS.get(key, key))
            time.sleep(0.05)

    def wait_for_menu(self) -> str:
        """Read until the loop's menu is waiting for a key (its hint is shown only then)."""
        screen = self.wait_for("(arrows and Enter; Ctrl-C leaves)")
        self.settle(0.1)
        return screen

    def choose(self, label: str) -> None:
        """Move the list's pointer down to ``label`` and press Enter."""
        self.settle(0.1)
        rows = [line.rstrip() for line in self.screen.display]
        pointer = max(i for i, row in enumerate(rows) if row.lstrip().startswith("» "))
        below = [row.strip().removeprefix("» ") for row in rows[pointer:]]
        if label not in below:
            raise AssertionError(f"{label!r} is not in the list; the screen:\n{self.visible()}")
        self.press(*["down"] * below.index(label), "enter")

    def type(self, text: str) -> None:
        self.child.send(text + "\r")

    def ctrl_c_twice(self) -> int:
        """Ctrl-C in a question (back at the menu), then at the menu (leave); the exit code."""
        self.press("ctrl-c")
        self.wait_for("back at the menu")
        self.wait_for_menu()
        self.press("ctrl-c")
        self.wait_for("left the session; the campaign is saved.")
        return self.finish()

    def finish(self, timeout: float = 8.0) -> int:
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self._read(0.05)
        self.child.close(force=True)
        return int(self.child.exitstatus or 0)

    def waiting(self) -> bool:
        """Whether the program waits for a key: everything it wrote has been read, and
        each of its threads sleeps in epoll_wait (prompt_toolkit's wait for input), as
        Linux's /proc tells (another thread may sleep on a lock). No time is guessed: a
        test reads the screen only then."""
        if self._read(0.005):
            return False
        pid = self.child.pid
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
            for task in tasks:
                with open(f"/proc/{pid}/task/{task}/wchan") as wchan:
                    where = wchan.read()
                if where not in (WAITING_FOR_INPUT if task == str(pid) else PARKED):
                    return False
        except OSError:  # gone
            return not self.child.isalive()
        return not self._read(0.005)

    def wait_until_waiting(self, timeout: float = 15.0) -> str:
        """Read until the program waits for a key; the screen then."""
        deadline = time.monotonic() + timeout
        while not self.waiting():
            if time.monotonic() > deadline:
                raise AssertionError(f"the program never waited for a key:\n{self.visible()}")
        return self.visible()

    def send_and_wait(self, *keys: str, timeout: float = 15.0) -> str:
        """Send ``keys`` at once, read until the program has written something in answer
        and waits for a key again; the screen then."""
        before = len(self.written)
        self.child.send("".join(KEYS.get(key, key) for key in keys))
        deadline = time.monotonic() + timeout
        while len(self.written) == before and self.child.isalive():
            if time.monotonic() > deadline:
                raise AssertionError(f"no answer to {keys!r}:\n{self.visible()}")
            self._read(0.02)
        return self.wait_until_waiting(timeout)

    def _read(self, timeout: float) -> bool:
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.written += data
        self.stream.feed(data)
        return True


@pytest.fixture
def in_terminal(gmtool_home: Path) -> Iterator[object]:
    """``in_terminal("--demo", "originem")`` -> a Terminal running ``gmtool play`` with
    those args."""
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        terminal = Terminal(gmtool_home, "play", *args)
        started.append(terminal)
        return terminal

    yield start
    for terminal in started:
        terminal.child.close(force=True)
