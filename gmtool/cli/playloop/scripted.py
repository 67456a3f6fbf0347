"""``Prompts`` that answer from a script, for tests of a play loop.

Answers are given in order: ``ESC`` goes back (as the key does), ``CTRL_C`` interrupts,
``ENTER`` answers a "pass the screen" gate or a pause. A list answer must be on offer; a
typed answer the question's check refuses is noted in ``refused`` and the next answer is
typed in its place, as a person would after reading the reason. ``asked`` lists every
question, ``menus`` the last list offered for each list question (without the back entry),
``questions`` the typed ones, ``defaults`` what each was offered first.
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.cli.playloop.asking import BACK, Back, Check, Prompts, rejection

ESC = "<esc>"
CTRL_C = "<ctrl-c>"
ENTER = "<enter>"
WAIT = "<wait>"
"""Waits (``watch``) until what is watched ends; ``while_watching`` is called at each look."""


class ScriptedPrompts(Prompts):
    def __init__(self, *answers: str) -> None:
        super().__init__()
        self.script = list(answers)
        self.asked: list[str] = []
        self.offered: list[list[str]] = []
        self.defaults: list[str | None] = []
        self.menus: dict[str, list[str]] = {}
        self.questions: list[str] = []
        self.refused: list[str] = []
        self.clears = 0
        self.watched: list[str] = []
        """Each line a wait showed, as it changed."""
        self.while_watching: Callable[[], object] | None = None

    def _next(self, message: str) -> str:
        self.asked.append(message)
        if not self.script:
            raise AssertionError(f"the script has no answer left for {message!r}")
        answer = self.script.pop(0)
        if answer == CTRL_C:
            raise KeyboardInterrupt
        if answer == ESC:
            raise Back
        return answer

    def _choose(
        self, message: str, choices: list[str], default: str | None, live: Callable[[], str] | None
    ) -> str:
        self.offered.append(choices)
        self.menus[message] = [choice for choice in choices if choice != BACK]
        self.defaults.append(default)
        answer = self._next(message)
        assert answer in choices, f"{answer!r} is not among {choices} for {message!r}"
        return answer

    def _type(self, message: str, default: str, check: Check | None) -> str:
        self.defaults.append(default)
        self.questions.append(message)
        while True:
            answer = self._next(message)
            reason = rejection(check, answer)
            if reason is None:
                return answer
            self.refused.append(reason)

    def _wait(self, message: str) -> None:
        answer = self._next(message)
        assert answer == ENTER, f"{message!r} waits for Enter, the script says {answer!r}"

    def clear_screen(self) -> None:
        self.clears += 1

    def watch(self, look: Callable[[], str | None], every: float) -> bool:
        """The script's next answer: ``WAIT`` waits until the wait ends (True, or the
        error that ended it), ``ESC`` calls it off (False), ``CTRL_C`` interrupts, each once
        the first line is shown and ``while_watching`` (what the other side does
        meanwhile) has run."""
        import time

        self.asked.append("watch")
        answer = self.script.pop(0) if self.script else WAIT
        if answer not in (WAIT, ESC, CTRL_C):
            raise AssertionError(f"a wait takes {WAIT}, {ESC} or {CTRL_C}, not {answer!r}")
        line = look()
        while line is not None:
            if not self.watched or self.watched[-1] != line:
                self.watched.append(line)
            if self.while_watching is not None:
                self.while_watching()
            if answer == ESC:
                return False
            if answer == CTRL_C:
                raise KeyboardInterrupt
            time.sleep(every)
            line = look()
        return True
