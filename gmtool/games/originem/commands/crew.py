"""``gmtool originem crew ...``: the crew listed, a member added or removed."""

from __future__ import annotations

import time

import typer

from gmtool.cli.common import JSON_OPTION, console, open_game, print_json
from gmtool.games.originem.commands.shared import (
    SYSTEM,
    campaign_names,
    play_action,
    show,
)

crew_app = typer.Typer(help="The crew: list, add, remove.", invoke_without_command=True)


@crew_app.callback()
def crew(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """The crew with their class and HP (or add/remove a member)."""
    if ctx.invoked_subcommand is not None:
        return
    game = open_game(ctx, SYSTEM)
    status = game.system.status(game.state, now=time.time())
    if as_json:
        print_json(status["crew"])
        return
    from gmtool.games.originem import render as render

    console().print(render.crew(status["crew"]))


@crew_app.command("add")
def crew_add(
    ctx: typer.Context,
    class_name: str = typer.Argument(
        ..., metavar="CLASS", help="doctor, engineer...", autocompletion=campaign_names("classes")
    ),
    name: str = typer.Option(None, "--name", help="Their name (default: the class's)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Add a crew member."""
    action = {"type": "crew_add", "class": class_name, "name": name}
    show(*play_action(ctx, action), as_json)


@crew_app.command("remove")
def crew_remove(
    ctx: typer.Context,
    name: str = typer.Argument(
        ..., help="Who leaves the crew.", autocompletion=campaign_names("crew")
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Remove a crew member."""
    show(*play_action(ctx, {"type": "crew_remove", "name": name}), as_json)
