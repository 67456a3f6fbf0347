"""The questions an interactive loop asks, through questionary.

Every ``play_<system>`` loop takes a ``Prompts``; tests hand in a subclass with scripted
answers. questionary is imported only when a question is really asked.
"""

from __future__ import annotations

from typing import Any

from gmtool.errors import UsageError


class Prompts:
    def select(self, message: str, choices: list[str]) -> str:
        if not choices:
            raise UsageError(f"nothing to choose from for: {message}")
        import questionary

        return _answered(questionary.select(message, choices=choices).ask())

    def text(self, message: str, default: str = "") -> str:
        import questionary

        return _answered(questionary.text(message, default=default).ask())


def _answered(answer: Any) -> str:
    if answer is None:  # questionary answers None on Ctrl-C
        raise KeyboardInterrupt
    return str(answer)
