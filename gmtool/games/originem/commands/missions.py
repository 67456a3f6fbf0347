"""``gmtool originem mission ...``: start a mission, list them."""

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

mission_app = typer.Typer(help="Start and list missions.", no_args_is_help=True)


@mission_app.command("start")
def mission_start(
    ctx: typer.Context,
    name: str = typer.Argument(
        ...,
        help="The mission (its name or id, e.g. 'Ship Defense').",
        autocompletion=campaign_names("missions"),
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Start a mission (at most four under way at once)."""
    show(*play_action(ctx, {"type": "mission_start", "mission": name}), as_json, "mission")


@mission_app.command("list")
def mission_list(
    ctx: typer.Context,
    all_: bool = typer.Option(False, "--all", help="Include completed missions."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The missions: under way first, then those not started, locked, complete (--all)."""
    from gmtool.games.originem.rules.missions import in_list_order

    game = open_game(ctx, SYSTEM)
    status = game.system.status(game.state, now=time.time())
    missions = in_list_order([m for m in status["missions"] if all_ or m["state"] != "complete"])
    if as_json:
        print_json(missions)
        return
    from gmtool.games.originem import render as render

    console().print(render.missions(missions))
