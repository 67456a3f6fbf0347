"""A player who answers every question of a ``gmtool play`` loop in turn, to walk its menus.

``Walker`` answers each list question with the next of its entries it has not given at
that question yet (quit and the back entry left out), types the first answer a typed
question takes (another each time it is asked again), gives the move up (Ctrl-C, back at
the menu) when the same question is refused twice over, presses Enter at every gate and
pause, and after ``budget`` questions leaves by Ctrl-C. It notes a trap: a question asked
again right after it was answered, with the same entries, the game in the same state and
nothing printed in between, or a list question that every one of its answers brings
straight back (a question asked forever).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.cli.playloop import BACK, QUIT
from gmtool.cli.playloop.asking import Check, rejection
from gmtool.cli.playloop.scripted import ScriptedPrompts
from gmtool.engine.game import Game

TYPED = ("", "1", "2", "3", "Zed", "Yan", "Xu", "high", "Crawler")
"""What is typed at a typed question, the first its check takes."""


class Walker(ScriptedPrompts):
    def __init__(self, game: Game, capsys: pytest.CaptureFixture[str], budget: int) -> None:
        super().__init__()
        self.game = game
        self.capsys = capsys
        self.budget = budget
        self.count = 0
        self.given_at: dict[tuple[Any, ...], int] = {}
        self.last: tuple[tuple[Any, ...], str] | None = None
        self.traps: list[str] = []
        self.answers: list[str] = []
        self.again = 0
        """How many times running the question now was asked again straight away."""
        self.tried_in_a_row: set[str] = set()

    def _asked(self, message: str, choices: tuple[str, ...]) -> tuple[Any, ...]:
        printed = self.capsys.readouterr().out
        key = (message, choices, self.game.look().version)
        same = self.last is not None and self.last[0] == key
        if same and self.last is not None and not printed.strip():
            self.traps.append(f"{message!r}: the answer {self.last[1]!r} asks it again")
        self.again = self.again + 1 if same else 0
        if not same:
            self.tried_in_a_row = set()
        self.count += 1
        self.asked.append(message)
        if self.count > self.budget:
            raise KeyboardInterrupt  # Ctrl-C: out of the step, then out of the loop
        return key

    def _answered(self, key: tuple[Any, ...], answer: str) -> str:
        self.last = (key, answer)
        self.answers.append(answer)
        return answer

    def _choose(
        self, message: str, choices: list[str], default: str | None, live: Callable[[], str] | None
    ) -> str:
        key = self._asked(message, tuple(choices))
        offered = [choice for choice in choices if choice not in (BACK, QUIT)] or choices
        if choices and BACK in choices and self.tried_in_a_row >= set(offered):
            self.traps.append(f"{message!r}: every answer ({', '.join(offered)}) asks it again")
            self.last = None
            raise KeyboardInterrupt  # Ctrl-C: the only way on
        turn = self.given_at.get(key[:2], 0)
        self.given_at[key[:2]] = turn + 1
        answer = offered[turn % len(offered)]
        self.tried_in_a_row.add(answer)
        return self._answered(key, answer)

    def _type(self, message: str, default: str, check: Check | None) -> str:
        key = self._asked(message, ())
        if self.again >= 2:  # refused twice over: give the move up, as a person would
            self.last = None
            raise KeyboardInterrupt
        turn = self.given_at.get(key[:2], 0)
        self.given_at[key[:2]] = turn + 1
        typed = (default, *TYPED)
        for answer in typed[turn % len(typed) :] + typed[: turn % len(typed)]:
            if rejection(check, answer) is None:
                return self._answered(key, answer)
        raise KeyboardInterrupt  # nothing it types is taken: the move is given up

    def _wait(self, message: str) -> None:
        self._answered(self._asked(message, ()), "")
