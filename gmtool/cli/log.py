"""``gmtool log``: the campaign's log, filtered, shown or exported (md, csv, json).

Exports stream from the database cursor to the output, so their memory stays flat
however long the log. The table shows the latest page and says how to see more.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, console, open_game

PAGE = 50
"""Entries the table shows without ``--last``."""
WIDEST = 400
"""The widest a table written to a file or a pipe may be (one line per entry, mostly)."""


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
    last: int = typer.Option(
        None, "--last", min=1, help=f"Only the last N entries (the table: {PAGE} by default)."
    ),
    fmt: Format = typer.Option(Format.table, "--format", help="table, md, csv or json."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Show the log: who, what, dice and their source, outcome, mission, scene, time."""
    from gmtool.engine import journal
    from gmtool.store.connection import damaged_error
    from gmtool.store.records import DamagedRow

    game = open_game(ctx)
    store = game.store
    rows = store.log_rows(who=who, mission=mission, scene=scene, last=last)
    try:
        if fmt is Format.table and not as_json:
            _table(game.name, store, who=who, mission=mission, scene=scene, last=last)
        elif as_json or fmt is Format.json:
            journal.write_json(rows, sys.stdout)
        elif fmt is Format.csv:
            journal.write_csv(rows, sys.stdout)
        else:
            journal.write_markdown(game.name, rows, sys.stdout)
    except DamagedRow as error:
        raise damaged_error(str(error), store.name, store.path) from None


def _table(name: str, store: Any, *, last: int | None, **filters: str | None) -> None:
    from gmtool.render.log import log_table

    entries = [e.to_json() for e in store.entries(**filters, last=(last or PAGE) + 1)]
    more = len(entries) > (last or PAGE)
    if more:
        entries = entries[1:]
    note = None
    if more and last is None:
        note = (
            f"the latest {PAGE} entries: 'gmtool log --last N' shows more,"
            " 'gmtool log --format md' exports them all"
        )
    out = console()
    table = log_table(name, entries, note=note)
    if not out.is_terminal:  # to a file or a pager: lines as long as the table needs
        from rich.measure import Measurement

        wide = Measurement.get(out, out.options.update_width(WIDEST), table).maximum
        out.width = max(out.width, wide)
    out.print(table)


def register(app: typer.Typer) -> None:
    app.command()(log)
