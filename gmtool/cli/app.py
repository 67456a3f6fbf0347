"""The ``gmtool`` command and its groups. Heavy modules are imported inside commands."""

from __future__ import annotations

import importlib

import typer

from gmtool import __version__
from gmtool.cli import campaign, history, info, log, play, roll

app = typer.Typer(
    name="gmtool",
    help="A game master's assistant: dice, campaigns, and referees for tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

SYSTEM_GROUPS: tuple[str, ...] = ()
"""Command groups of the rule systems: ``gmtool <name> ...`` from ``gmtool/cli/<name>.py``."""


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
        help="The campaign to use (default: the one last created or chosen).",
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Run tabletop sessions: roll or enter dice, apply the rules, keep every campaign safe."""
    ctx.obj = {"campaign": campaign_name}


for module in (roll, campaign, info, history, log, play):
    module.register(app)

for group in SYSTEM_GROUPS:
    app.add_typer(
        importlib.import_module(f"gmtool.cli.{group}").app,
        name=group,
    )
