"""The play-loop foundation every system's ``gmtool play`` is built on.

- ``PlayLoop``: banner, dashboard, menu with the standard entries, going back, Ctrl-C.
- ``run_step``: one step's questions with going back and refusals, for a loop of its own
  (``ftl ship new``).
- ``moves.MoveMenu``: a menu built from a declaration's moves, each asked from its choices.
- ``Prompts``: every question (lists, text, numbers, faces, "pass the screen" gates);
  ``TerminalPrompts`` asks through questionary, ``ScriptedPrompts`` answers in tests.

See "How a system writes its play loop" in docs/architecture.md.
"""

from gmtool.cli.playloop.asking import BACK, AskAgain, Back, BackToMenu, Prompts, parse_number
from gmtool.cli.playloop.faces import dice_list
from gmtool.cli.playloop.loop import (
    FORECAST,
    QUIT,
    REDO,
    ROLL,
    SHOW_LOG,
    STANDARD,
    UNDO,
    WHOLE_NEWS,
    PlayLoop,
    Step,
    run_step,
    say,
)

__all__ = [
    "BACK",
    "FORECAST",
    "ROLL",
    "QUIT",
    "REDO",
    "SHOW_LOG",
    "STANDARD",
    "UNDO",
    "WHOLE_NEWS",
    "AskAgain",
    "Back",
    "BackToMenu",
    "PlayLoop",
    "Prompts",
    "Step",
    "dice_list",
    "parse_number",
    "run_step",
    "say",
]
