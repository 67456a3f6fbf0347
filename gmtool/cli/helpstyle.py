"""One look for every ``--help``: plain text (no boxes) everywhere, a value written as its
name in capitals (``--by NAME``, ``EXPRESSION``) instead of ``<str>`` or ``{expression}``,
and each command's summary whole instead of cut off with "...".

``tidy(command)`` is applied to each command as the top-level group hands it out, so the
games' groups (built by typer with boxed help) read like the core commands.
"""

from __future__ import annotations

import inspect
from typing import Any

from typer.core import TyperArgument, TyperOption

VALUE_NAMES = {
    "by": "NAME",
    "target": "NAME",
    "player": "NAME",
    "who": "NAME",
    "campaign_name": "NAME",
    "dice": "FACES",
    "dice_by": "FACES",
    "seed": "N",
    "repeat": "N",
    "last": "N",
    "vs": "N",
}
"""Names for some values that read better than the option's own name."""


class _PlainArgument(TyperArgument):
    def make_metavar(self, ctx: Any, *, usage: bool = False) -> str:
        name = self.metavar or (self.name or "").upper()
        if self.nargs != 1:
            name += "..."
        return f"[{name}]" if usage and not self.required else name


class _PlainOption(TyperOption):
    def make_metavar(self, ctx: Any) -> str:
        if self.metavar is not None:
            return self.metavar
        choices = getattr(self.type, "choices", None)
        if choices:
            return "|".join(str(choice) for choice in choices)
        return VALUE_NAMES.get(self.name or "", (self.name or "value").upper())


def tidy(command: Any) -> Any:
    """Give ``command`` the plain look, and every command under it as it is handed out
    (``gmtool ftl tick`` tidies ``ftl`` and ``tick``, not the other commands of ``ftl``);
    returns it."""
    if getattr(command, "_gmtool_tidy", False):
        return command
    command._gmtool_tidy = True
    if hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None
    if command.help and not command.short_help:
        command.short_help = _summary(command.help)
    for param in command.params:
        if isinstance(param, TyperArgument):
            param.__class__ = _PlainArgument
        elif isinstance(param, TyperOption):
            param.__class__ = _PlainOption
    if hasattr(command, "get_command"):  # a group: its commands are tidied as it hands them out
        fetch = command.get_command

        def get_tidy_command(ctx: Any, name: str) -> Any:
            found = fetch(ctx, name)
            return tidy(found) if found is not None else None

        command.get_command = get_tidy_command
    return command


def _summary(text: str) -> str:
    """The help's first paragraph, on one line."""
    first = inspect.cleandoc(text).split("\n\n", 1)[0]
    return " ".join(first.split())
