"""Shell completion (bash, zsh, fish) for the whole ``gmtool`` command, offered once, at the
top level: ``gmtool --show-completion SHELL`` prints the script, ``gmtool
--install-completion SHELL`` adds it to the shell's start-up. A command group never offers
these (installing edits the user's files, which only the top-level command should do).

typer's completion machinery is used, imported only when completion is asked for (typer
0.28 exports none of it: its script, install and shell classes are its private modules';
the names offered go through its public ``autocompletion=``). Every name a command asks
for completes from what exists, whatever the case typed: ``answer_names`` answers before
typer looks, for campaign names after every ``-c`` (wherever it is typed, since the option
belongs to the top level) and for each command's names given through ``autocompletion=``:
``campaign_names``, ``game_names`` and ``from_campaign`` (names out of the campaign being
completed for: its crew, enemies, scene types, spells, rooms...).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.game import Game

SHELLS = ("bash", "zsh", "fish")
PROG = "gmtool"
COMPLETE_VAR = "_GMTOOL_COMPLETE"


def prepare() -> None:
    """Make typer's completion classes known, so a completion request can be answered."""
    from typer._completion_classes import completion_init

    completion_init()


def _shell(value: str) -> str:
    shell = value.strip().lower()
    if shell not in SHELLS:
        raise UsageError(f"no completion for the shell '{value}'", hint="choose bash, zsh or fish")
    return shell


def show(value: str) -> None:
    from typer._completion_shared import get_completion_script

    prepare()
    script = get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=_shell(value))
    sys.stdout.write(script.rstrip("\n") + "\n")


def install(value: str) -> None:
    from typer._completion_shared import install as install_script

    prepare()
    shell, path = install_script(shell=_shell(value), prog_name=PROG, complete_var=COMPLETE_VAR)
    sys.stdout.write(f"{shell} completion installed in {path}; open a new terminal to use it\n")


def campaign_names(incomplete: str) -> list[str]:
    """The campaigns whose names start with what was typed (for ``-c``)."""
    from gmtool.store.home import list_campaigns

    return [name for name in list_campaigns() if starts_like(name, incomplete)]


def campaign_argument(incomplete: str) -> list[str]:
    """``autocompletion=`` for an argument naming a campaign (``campaign use NAME``)."""
    return campaign_names(incomplete)


def game_names(incomplete: str) -> list[str]:
    """The games whose names start with what was typed, whatever its case (``--demo``)."""
    from gmtool.games import GAMES

    return [name for name in GAMES if starts_like(name, incomplete)]


def trashed_names(incomplete: str) -> list[str]:
    """The campaigns in the trash (``campaign restore NAME``)."""
    from gmtool.store.housekeeping import trashed

    return sorted({stem for stem, _ in trashed() if starts_like(stem, incomplete)})


CAMPAIGN_FLAGS = ("-c", "--campaign")


LINE: list[str] = []
"""The words before the one being completed, as the shell gave them (``answer_names``
keeps them: the completers' own ``args`` lose a ``-c`` typed after the command)."""


def chosen_campaign(args: list[str]) -> str | None:
    """The campaign a command line being completed runs on: its ``-c NAME`` (anywhere),
    else ``GMTOOL_CAMPAIGN``, else the current one."""
    args = LINE or args
    for index, word in enumerate(args[:-1]):
        if word in CAMPAIGN_FLAGS:
            return args[index + 1]
    for word in args:
        if word.startswith("--campaign="):
            return word.split("=", 1)[1]
    from gmtool.store.home import current_campaign

    try:
        return os.environ.get("GMTOOL_CAMPAIGN") or current_campaign()
    except Exception:  # a damaged current file: nothing to offer, never an error
        return None


def from_campaign(
    system: str, names: Callable[[Game], list[str]]
) -> Callable[[Any, list[str], str], list[str]]:
    """``autocompletion=`` offering ``names(game)`` from the campaign the command line
    runs on, when it plays ``system`` (nothing otherwise: a completion never fails)."""

    def complete(ctx: Any, args: list[str], incomplete: str) -> list[str]:
        name = chosen_campaign(list(args))
        if name is None:
            return []
        try:
            from gmtool.engine.game import Game

            with Game.open(name) as game:
                if game.system_name != system:
                    return []
                offered = names(game)
        except Exception:  # an unreadable campaign offers nothing; the command will say why
            return []
        return [value for value in dict.fromkeys(offered) if starts_like(value, incomplete)]

    return complete


def answer_names(command: Any) -> bool:
    """Answer the shell whenever the word being completed is a name gmtool offers: after
    ``-c``/``--campaign`` wherever it is typed (the option is the top level's), and for every
    parameter with an ``autocompletion=``, whatever the case typed (``fr`` offers ``Fred``,
    ``--demo Orig`` offers ``originem``: typer's own answer keeps only the names that start
    with the very letters typed). False when it is no such word: typer answers (command and
    option names)."""
    from typer._click import shell_completion  # the click typer carries
    from typer._click.core import Parameter

    instruction = os.environ.get(COMPLETE_VAR, "")
    if not instruction.startswith("complete_"):
        return False
    shell = instruction.removeprefix("complete_")
    prepare()
    kind = shell_completion.get_completion_class(shell)
    if kind is None:
        return False
    completer = kind(command, {}, PROG, COMPLETE_VAR)
    args, incomplete = completer.get_completion_args()
    LINE[:] = args
    if args and args[-1] in CAMPAIGN_FLAGS:
        names = campaign_names(incomplete)
    else:
        try:
            context = shell_completion._resolve_context(command, {}, PROG, list(args))
            target, incomplete = shell_completion._resolve_incomplete(
                context, list(args), incomplete
            )
        except Exception:  # a line typer cannot follow: let typer answer it as it can
            return False
        if not isinstance(target, Parameter) or target._custom_shell_complete is None:
            return False
        offered = [item.value for item in target.shell_complete(context, "")]
        names = [name for name in offered if starts_like(name, incomplete)]
    items = [shell_completion.CompletionItem(name) for name in names]
    sys.stdout.write("\n".join(completer.format_completion(item) for item in items) + "\n")
    return True


def starts_like(name: str, typed: str) -> bool:
    """Whether ``name`` begins with what was typed, whatever the case of either."""
    return name.casefold().startswith(typed.casefold())
