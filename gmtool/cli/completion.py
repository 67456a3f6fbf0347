"""Shell completion (bash, zsh, fish) for the whole ``gmtool`` command, offered once, at the
top level: ``gmtool --show-completion SHELL`` prints the script, ``gmtool
--install-completion SHELL`` adds it to the shell's start-up. A command group never offers
these (installing edits the user's files, which only the top-level command should do).

typer's completion machinery is used, imported only when completion is asked for.
"""

from __future__ import annotations

import sys

from gmtool.errors import UsageError

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

    return [name for name in list_campaigns() if name.startswith(incomplete)]
