"""``gmtool log``: the campaign's log, filtered, shown or exported (md, csv, json)."""

from __future__ import annotations

from enum import StrEnum

import typer

from gmtool.cli.common import JSON_OPTION, console, open_game, print_json


class Format(StrEnum):
    table = "table"
    md = "md"
    csv = "csv"
    json = "json"


def log(
    ctx: typer.Context,
    who: str = typer.Option(None, "--who", help="Only entries by this person."),
    mission: str = typer.Option(None, "--mission", help="Only entries of this mission."),
    scene: str = typer.Option(None, "--scene", help="Only entries of this scene type."),
    last: int = typer.Option(None, "--last", min=1, help="Only the last N entries."),
    fmt: Format = typer.Option(Format.table, "--format", help="table, md, csv or json."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Show the log: who, what, dice and their source, outcome, mission, scene, time."""
    from gmtool.engine import journal

    game = open_game(ctx)
    found = game.store.entries(who=who, mission=mission, scene=scene, last=last)
    entries = [entry.to_json() for entry in found]
    if as_json or fmt is Format.json:
        print_json(entries)
    elif fmt is Format.csv:
        typer.echo(journal.to_csv(entries), nl=False)
    elif fmt is Format.md:
        typer.echo(journal.to_markdown(game.name, entries))
    else:
        from gmtool.render.log import log_table

        console().print(log_table(game.name, entries))


def register(app: typer.Typer) -> None:
    app.command()(log)
