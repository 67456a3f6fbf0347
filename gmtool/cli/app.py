"""The ``gmtool`` command and its groups. Heavy modules are imported inside commands."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache, partial
from typing import Any

import typer
from typer.core import TyperGroup

from gmtool import __version__
from gmtool.cli.commands import CORE_COMMANDS, SYSTEM_GROUPS
from gmtool.cli.declare import built

_COMPLETION_OPTIONS = ("install_completion", "show_completion")


class _LazySystemsGroup(TyperGroup):
    """Loads a command's module, or a system's command group, only when it is called (or
    help lists it): ``gmtool roll`` builds no other command and imports no other module."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *CORE_COMMANDS, *SYSTEM_GROUPS]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        from gmtool.cli.helpstyle import tidy

        if cmd_name in CORE_COMMANDS:
            return tidy(_commands_of(CORE_COMMANDS[cmd_name]).get_command(ctx, cmd_name))
        if cmd_name not in SYSTEM_GROUPS:
            return super().get_command(ctx, cmd_name)
        module = importlib.import_module(SYSTEM_GROUPS[cmd_name])
        group = _on_demand_group(built(module.app))
        group.name = cmd_name
        # Shell completion is offered at the top level only: installing it edits the
        # user's shell start-up.
        group.params = [p for p in group.params if p.name not in _COMPLETION_OPTIONS]
        return tidy(group)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from gmtool.cli.helpstyle import tidy

        tidy(self)
        super().format_help(ctx, formatter)


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


class _OnDemand(TyperGroup):
    """A typer group whose subcommands are built from their declarations when called (or
    listed by help), not all of them whenever one is."""

    declared: dict[str, Callable[[], Any]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.declared)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        build = self.declared.get(cmd_name)
        return build() if build is not None else None


def _on_demand_group(declared: typer.Typer) -> Any:
    """``declared``'s group with its own options and help, its subcommands built on demand."""
    from typer import main

    commands, groups = declared.registered_commands, declared.registered_groups
    declared_cls = declared.info.cls
    kind: type[Any] = _OnDemand
    if isinstance(declared_cls, type) and declared_cls is not TyperGroup:
        kind = type(f"OnDemand{declared_cls.__name__}", (_OnDemand, declared_cls), {})
    declared.registered_commands, declared.registered_groups = [], []
    declared.info.cls = kind
    try:
        group = main.get_group(declared)
    finally:
        declared.registered_commands, declared.registered_groups = commands, groups
        declared.info.cls = declared_cls
    settings: dict[str, Any] = {
        "pretty_exceptions_short": declared.pretty_exceptions_short,
        "rich_markup_mode": declared.rich_markup_mode,
    }
    builders: dict[str, Callable[[], Any]] = {}
    for info in commands:
        assert info.callback is not None
        name = info.name or main.get_command_name(info.callback.__name__)
        builders[name] = cache(partial(main.get_command_from_info, info, **settings))
    for sub in groups:
        builders[str(main.solve_typer_info_defaults(sub).name)] = cache(
            partial(
                main.get_group_from_info,
                sub,
                suggest_commands=declared.suggest_commands,
                **settings,
            )
        )
    group.declared = builders  # type: ignore[attr-defined]
    return group


@cache
def _commands_of(module_name: str) -> Any:
    """The commands a module registers, as one (unlisted) group to pick them from."""
    from gmtool.cli import declare

    holder = declare.Typer(add_completion=False, rich_markup_mode=None)
    importlib.import_module(module_name).register(holder)
    return typer.main.get_group(built(holder))
