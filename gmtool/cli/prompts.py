"""Being replaced by ``gmtool.cli.playloop`` (use that in a new loop): the questions the
loops not yet moved onto it ask, through questionary.

Every ``play_<system>`` loop takes a ``Prompts``; tests hand in a subclass with scripted
answers. questionary is imported only when a question is really asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gmtool.errors import GmtoolError, UsageError


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


def choose_and_run(ask: Prompts, menu: Mapping[str, Callable[[], None]], *, quit: str) -> bool:
    """Ask what happens next and do it. A refused action is shown and the session goes on;
    returns False when the GM picks ``quit`` (offered last)."""
    from rich.markup import escape

    from gmtool.cli.common import console

    choice = ask.select("What happens?", [*menu, quit])
    if choice == quit:
        return False
    try:
        menu[choice]()
    except GmtoolError as error:
        console().print(f"[red]error:[/red] {escape(error.line())}")
    return True
