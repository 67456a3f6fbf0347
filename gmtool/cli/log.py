"""``gmtool log``: the campaign's log, filtered, shown or exported (md, csv, json).

Exports stream from the database cursor to the output, so their memory stays flat
however long the log. The table shows the latest page and says how to see more; in a
terminal, the whole log goes through the pager instead, newest first, drawn only as far
as the person reads.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import Any, TextIO

import typer

from gmtool.cli.common import JSON_OPTION, open_game

PAGE = 50
"""Entries the table shows without ``--last``; and how many a pager is given at a time."""
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
    no_pager: bool = typer.Option(
        False,
        "--no-pager",
        help="In a terminal, print the latest entries instead of paging the whole log.",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Show the log: who, what, dice and their source, outcome, mission, scene, time.

    In a terminal the table goes through the pager ($PAGER, else less), newest first;
    written to a file or a pipe (or with --no-pager or --last) it shows the latest entries."""
    from gmtool.engine import journal
    from gmtool.store.connection import damaged_error
    from gmtool.store.records import DamagedRow

    game = open_game(ctx)
    store = game.store
    filters: dict[str, Any] = {"who": who, "mission": mission, "scene": scene}
    try:
        if fmt is Format.table and not as_json:
            pager = None
            if last is None and not no_pager and sys.stdout.isatty():
                from gmtool.cli.pager import pager_command

                pager = pager_command()
            if pager is None or not _page(game.name, store, pager, filters):
                _table(game.name, store, last=last, filters=filters)
            return
        if as_json or fmt is Format.json:
            journal.write_json(store.log_rows(**filters, last=last), sys.stdout)
            return
        rows = store.log_rows(**filters, last=last, columns=journal.PRINTED)
        if fmt is Format.csv:
            journal.write_csv(rows, sys.stdout)
        else:
            journal.write_markdown(game.name, rows, sys.stdout)
    except DamagedRow as error:
        raise damaged_error(str(error), store.name, store.path) from None


def _table(name: str, store: Any, *, last: int | None, filters: dict[str, Any]) -> None:
    from gmtool.store.records import log_document

    shown = last or PAGE
    entries = [log_document(row) for row in store.log_rows(**filters, last=shown + 1)]
    note = None
    if len(entries) > shown:
        entries = entries[1:]
        if last is None:
            note = (
                f"the latest {PAGE} entries: 'gmtool log --last N' shows more,"
                " 'gmtool log --format md' exports them all"
            )
    elif not entries and any(filters.values()):
        asked = " ".join(f"--{key} {value}" for key, value in filters.items() if value)
        note = f"no entries match {asked}"
    show_table(name, entries, note=note)


def show_table(
    name: str, entries: list[dict[str, Any]], *, note: str | None = None, out: TextIO | None = None
) -> None:
    """The log table of ``entries``: in a terminal fitted to it and styled; to a file or a
    pipe as wide as its lines need (up to WIDEST), in plain text."""
    from gmtool.render.log import log_table
    from gmtool.render.plain import can_colour

    out = out or sys.stdout
    width = _terminal_width() if out.isatty() else max(_columns(), WIDEST)
    lines = log_table(name, entries, note=note, width=width, styled=can_colour(out))
    out.write("\n".join(lines) + "\n")
    out.flush()


def _page(name: str, store: Any, pager: list[str], filters: dict[str, Any]) -> bool:
    """The log through ``pager``, newest first, a page of PAGE entries at a time; False
    (nothing shown) when no entry matches."""
    from gmtool.cli.pager import paging
    from gmtool.render.log import LogPages
    from gmtool.render.plain import can_colour

    pages = _pages(store.log_rows(**filters, newest_first=True))
    first = next(pages, None)
    if first is None:
        return False
    shown = 0

    def counted() -> Iterator[list[dict[str, Any]]]:
        nonlocal shown
        for entries in itertools.chain([first], pages):
            shown += len(entries)
            yield entries

    drawing = LogPages(
        f"log of {name}, newest first",
        width=_terminal_width(),
        styled=can_colour(sys.stdout),  # the pager's screen
        dated=store.spans_days(),
    )
    with paging(pager) as out:
        for line in drawing.lines(counted()):
            out.write(line + "\n")
        out.write(f"\nthe beginning of the log ({shown:,} entries)\n")
    return True


def _pages(rows: Iterable[tuple[Any, ...]]) -> Iterator[list[dict[str, Any]]]:
    from gmtool.store.records import log_document

    page: list[dict[str, Any]] = []
    for row in rows:
        page.append(log_document(row))
        if len(page) == PAGE:
            yield page
            page = []
    if page:
        yield page


def _terminal_width() -> int:
    import shutil

    return shutil.get_terminal_size().columns


def _columns() -> int:
    """The width a table written to a file is at least: ``COLUMNS``, else 80."""
    import os

    try:
        return max(int(os.environ.get("COLUMNS", "80")), 20)
    except ValueError:
        return 80


def register(app: typer.Typer) -> None:
    app.command()(log)
