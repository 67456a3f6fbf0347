"""The ``gmtool`` command: a group that imports a command's module only when that command
is called, or when help lists it. ``gmtool roll`` imports no game's commands, and a game's
command imports its own group and no other game's."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

import typer
from typer.core import TyperGroup
from typer.main import get_group

from gmtool import __version__
from gmtool.cli.commands import CORE_COMMANDS
from gmtool.games import GAMES, part


class _LazyGroup(TyperGroup):
    """The core commands (``CORE_COMMANDS``) and then the games' groups (``GAMES``), each
    built from its module when it is asked for, and given the plain help style."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*CORE_COMMANDS, *GAMES]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        from gmtool.cli.helpstyle import tidy

        if cmd_name in CORE_COMMANDS:
            return tidy(_core_group(CORE_COMMANDS[cmd_name]).get_command(ctx, cmd_name))
        if cmd_name.lower() in GAMES:  # a game's name, whatever its case
            return tidy(_game_group(cmd_name.lower()))
        return None

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from gmtool.cli.helpstyle import tidy

        tidy(self)
        super().format_help(ctx, formatter)


@cache
def _core_group(module_name: str) -> TyperGroup:
    """The commands a core module declares (its ``register(app)``), as one unlisted group
    to pick a command from."""
    holder = typer.Typer(add_completion=False, rich_markup_mode=None)
    importlib.import_module(module_name).register(holder)
    return get_group(holder)


@cache
def _game_group(name: str) -> TyperGroup:
    """Game ``name``'s group (its ``commands`` part declares it as ``app``), under its name."""
    group = get_group(part(name, "commands").app)
    group.name = name
    return group


app = typer.Typer(
    name="gmtool",
    cls=_LazyGroup,
    help="A game master's assistant: dice, campaigns, and referees for tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gmtool {__version__}")
        raise typer.Exit()


def _show_completion(value: str | None) -> None:
    if value is not None:
        from gmtool.cli.completion import show

        show(value)
        raise typer.Exit()


def _install_completion(value: str | None) -> None:
    if value is not None:
        from gmtool.cli.completion import install

        install(value)
        raise typer.Exit()


def _campaign_names(incomplete: str) -> list[str]:
    from gmtool.cli.completion import campaign_names

    return campaign_names(incomplete)


@app.callback()
def root(
    ctx: typer.Context,
    campaign_name: str = typer.Option(
        None,
        "--campaign",
        "-c",
        envvar="GMTOOL_CAMPAIGN",
        help="The campaign to use (default: the one last created or chosen); it may also "
        "come after the command.",
        autocompletion=_campaign_names,
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
    show_completion: str = typer.Option(
        None,
        "--show-completion",
        metavar="SHELL",
        callback=_show_completion,
        is_eager=True,
        expose_value=False,
        help="Print the tab-completion script for bash, zsh or fish.",
    ),
    install_completion: str = typer.Option(
        None,
        "--install-completion",
        metavar="SHELL",
        callback=_install_completion,
        is_eager=True,
        expose_value=False,
        help="Install tab completion for bash, zsh or fish (adds it to the shell's start-up).",
    ),
) -> None:
    """Run tabletop sessions: roll or enter dice, apply the rules, keep every campaign safe."""
    ctx.obj = {"campaign": campaign_name}
