"""The ``gmtool`` command and its groups. Heavy modules are imported inside commands."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

import typer
from typer.core import TyperGroup

from gmtool import __version__

CORE_COMMANDS: dict[str, str] = {
    "roll": "gmtool.cli.roll",
    "odds": "gmtool.cli.roll",
    "campaign": "gmtool.cli.campaign",
    "status": "gmtool.cli.info",
    "check": "gmtool.cli.info",
    "undo": "gmtool.cli.history",
    "redo": "gmtool.cli.history",
    "log": "gmtool.cli.log",
    "play": "gmtool.cli.play",
}
"""Each command, in the order help lists them, and the module whose ``register(app)``
declares it: a command's module (and what it imports) is loaded only when it is called."""

SYSTEM_GROUPS: dict[str, str] = {
    "originem": "gmtool.cli.originem",
    "astral": "gmtool.cli.astral",
    "starships": "gmtool.cli.starships",
    "foodfight": "gmtool.cli.foodfight",
    "ftl": "gmtool.cli.ftl",
    "zauberer": "gmtool.cli.zauberer",
}
"""The rule systems' command groups (``gmtool <name> ...``), each a typer app named ``app``."""


_COMPLETION_OPTIONS = ("install_completion", "show_completion")


class _LazySystemsGroup(TyperGroup):
    """Loads a command's module, or a system's command group, only when it is called (or
    help lists it): ``gmtool roll`` builds no other command and imports no other module."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *CORE_COMMANDS, *SYSTEM_GROUPS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in CORE_COMMANDS:
            return _commands_of(CORE_COMMANDS[cmd_name]).get_command(ctx, cmd_name)
        if cmd_name not in SYSTEM_GROUPS:
            return super().get_command(ctx, cmd_name)
        module = importlib.import_module(SYSTEM_GROUPS[cmd_name])
        group = typer.main.get_command(module.app)
        group.name = cmd_name
        # Shell completion is not offered: installing it edits the user's shell start-up.
        group.params = [p for p in group.params if p.name not in _COMPLETION_OPTIONS]
        return group


app = typer.Typer(
    name="gmtool",
    cls=_LazySystemsGroup,
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
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Run tabletop sessions: roll or enter dice, apply the rules, keep every campaign safe."""
    ctx.obj = {"campaign": campaign_name}


@cache
def _commands_of(module_name: str) -> Any:
    """The commands a module registers, as one (unlisted) group to pick them from."""
    holder = typer.Typer(add_completion=False, rich_markup_mode=None)
    importlib.import_module(module_name).register(holder)
    return typer.main.get_group(holder)
