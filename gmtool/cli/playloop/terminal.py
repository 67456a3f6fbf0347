"""The terminal side of ``Prompts``: questionary, with Esc to go back and a live line.

questionary (and prompt_toolkit under it) is imported only when a question is asked.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any

from gmtool.cli.playloop.asking import BACK, Back, Check, Prompts, rejection

SELECT_HINT = "(arrows and Enter; Esc goes back)"
MENU_HINT = "(arrows and Enter; Ctrl-C leaves)"
KEYED = {
    "undo": "u",
    "redo": "r",
    "roll dice": "d",
    "note": "n",
    "show the log": "l",
    "forecast from here": "f",
    "quit": "q",
}
"""The loop's standard entries, answered at the menu by one key each instead of a line of
the list apiece (so a menu keeps its rows for the game): a line under the list names them."""
SHORT = {"show the log": "log", "forecast from here": "forecast"}
"""How that line words an entry, where the entry's own words are long."""
ESCAPE_WAIT = 0.2
"""Seconds a lone Esc waits in case more of a key follows."""


class TerminalPrompts(Prompts):
    def _choose(
        self, message: str, choices: list[str], default: str | None, live: Callable[[], str] | None
    ) -> str:
        import questionary

        inside_a_step = BACK in choices
        hint = SELECT_HINT if inside_a_step else MENU_HINT
        keyed = {} if inside_a_step else {KEYED[c]: c for c in choices if c in KEYED}
        listed = [choice for choice in choices if choice not in keyed.values()] or choices
        question = questionary.select(message, choices=listed, default=default, instruction=hint)
        _on_escape(question, go_back=inside_a_step)
        if keyed:
            _add_keys(question, keyed)
        if live is not None:
            _add_live_line(question, live)
        return str(question.unsafe_ask())

    def _type(self, message: str, default: str, check: Check | None) -> str:
        import questionary

        def validate(text: str) -> bool | str:
            reason = rejection(check, text)
            return True if reason is None else reason

        question = questionary.text(message, default=default, validate=validate)
        _on_escape(question, go_back=True)
        return str(question.unsafe_ask())

    def _wait(self, message: str) -> None:
        import questionary

        question = questionary.text(message, qmark="»")
        _on_escape(question, go_back=True)
        question.unsafe_ask()

    def watch(self, look: Callable[[], str | None], every: float) -> bool:
        """The line under the questions, printed again as it changes; at a terminal its
        keys are read one at a time meanwhile (Ctrl-C still interrupts), and Esc calls the
        wait off."""
        import os
        import select

        keys = sys.stdin.fileno() if sys.stdin.isatty() else None
        kept = _cbreak(keys)
        try:
            shown = None
            while True:
                line = look()
                if line is None:
                    return True
                if line != shown:
                    sys.stdout.write(f"  {line}\n")
                    sys.stdout.flush()
                    shown = line
                if keys is None:
                    select.select([], [], [], every)
                    continue
                ready, _, _ = select.select([keys], [], [], every)
                if ready and b"\x1b" in os.read(keys, 64):
                    return False
        finally:
            _restore(keys, kept)

    def rows(self) -> int | None:
        return shutil.get_terminal_size().lines if sys.stdout.isatty() else None

    def menu_rows(
        self, message: str, choices: Sequence[str], live: Callable[[], str] | None
    ) -> int:
        """The question (as many rows as it wraps to), the listed entries, the keys' line
        and the live line."""
        keyed = [choice for choice in choices if choice in KEYED]
        listed = len(choices) - len(keyed) if len(keyed) < len(choices) else len(choices)
        width = max(shutil.get_terminal_size().columns, 1)
        asked = -(-(len(message) + len(MENU_HINT) + 3) // width)
        return asked + listed + bool(keyed) + (live is not None)

    def clear_screen(self) -> None:
        # Home, clear the screen, then clear the scrollback (xterm's 3J), so scrolling up
        # shows nothing of the player before.
        sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        sys.stdout.flush()


def _cbreak(keys: int | None) -> Any:
    """The terminal ``keys`` reads from set to hand over each key as it is pressed, without
    echo (signals kept: Ctrl-C still interrupts); its settings before, to restore."""
    if keys is None:
        return None
    import termios
    import tty

    kept = termios.tcgetattr(keys)
    tty.setcbreak(keys)
    return kept


def _restore(keys: int | None, kept: Any) -> None:
    if keys is None or kept is None:
        return
    import termios

    termios.tcsetattr(keys, termios.TCSADRAIN, kept)


def _on_escape(question: Any, *, go_back: bool) -> None:
    """Esc leaves the question by raising ``Back``, or (``go_back`` false, at the menu) does
    nothing. Eager, so Esc never waits to start a longer key: Esc then Enter typed quickly
    would otherwise be Meta-Enter, which answers a menu with an empty string."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    bindings = KeyBindings()

    @bindings.add("escape", eager=True)
    def _back(event: Any) -> None:
        if go_back:
            event.app.exit(exception=Back(), style="class:aborting")

    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    # How long a lone Esc waits in case it starts a longer key (an arrow's escape
    # sequence): half a second by default felt slow; a fifth still joins a split arrow key.
    app.ttimeoutlen = ESCAPE_WAIT


def _add_keys(question: Any, keyed: dict[str, str]) -> None:
    """Each of ``keyed``'s keys answers the menu with its entry; a line under the list says
    which (gone once the menu is answered)."""
    from prompt_toolkit.filters import IsDone
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.layout import ConditionalContainer, FormattedTextControl, Window

    bindings = KeyBindings()
    for key, entry in keyed.items():

        def answer(event: Any, entry: str = entry) -> None:
            _show_answered(question, entry)
            event.app.exit(result=entry)

        bindings.add(key, eager=True)(answer)
    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(), bindings])
    words = " · ".join(f"{key} {SHORT.get(entry, entry)}" for key, entry in keyed.items())
    line = Window(FormattedTextControl([("class:instruction", f"  keys: {words}")]), height=1)
    below = app.layout.container.children[0]  # the question and its list
    below.children.append(ConditionalContainer(line, filter=~IsDone()))


def _show_answered(question: Any, entry: str) -> None:
    """The question's line left as Enter leaves it: the answer where the hint was. (The
    select draws the entry it points at once answered; a keyed entry is not in its list.)"""
    from questionary.prompts.common import Choice, InquirerControl

    for control in question.application.layout.find_all_controls():
        if isinstance(control, InquirerControl):
            control.choices.append(Choice(entry))
            control.pointed_at = len(control.choices) - 1
            control.is_answered = True


def _add_live_line(question: Any, live: Callable[[], str]) -> None:
    """A line under the menu that ``live`` redraws every second (a running clock), gone
    once the menu is answered."""
    from prompt_toolkit.filters import IsDone
    from prompt_toolkit.layout import ConditionalContainer, FormattedTextControl, Window

    line = Window(FormattedTextControl(lambda: [("class:instruction", live())]), height=1)
    app = question.application
    app.layout.container.children.insert(0, ConditionalContainer(line, filter=~IsDone()))
    app.refresh_interval = 1.0
