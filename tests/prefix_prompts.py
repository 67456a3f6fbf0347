"""Scripted play-loop answers that may name a menu entry by its start, shared by the
play-loop tests of every system ("attack" picks "attack with pile 1 ...")."""

from __future__ import annotations

from typing import Any

from gmtool.cli.playloop.scripted import CTRL_C, ESC, ScriptedPrompts


class PrefixPrompts(ScriptedPrompts):
    """Answers from a script; a list answer may be the start of one choice (the first
    choice that starts with it is taken)."""

    def _choose(self, message: str, choices: list[str], default: Any, live: Any) -> str:
        wanted = self.script[0] if self.script else ""
        matches = [choice for choice in choices if choice.startswith(wanted)]
        if matches and wanted not in (ESC, CTRL_C):
            self.script[0] = matches[0]
        return super()._choose(message, choices, default, live)
