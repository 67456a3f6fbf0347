"""``gmtool recap``: a session told as a story, from the log (``engine.recap``)."""

from __future__ import annotations

import sys
from enum import StrEnum

import typer

from gmtool.cli.common import JSON_OPTION, open_game, print_json
from gmtool.cli.session import GAP_OPTION


class RecapFormat(StrEnum):
    md = "md"
    html = "html"


SESSION_OPTION = typer.Option(None, "--session", min=1, help="Session N (see gmtool session list).")
LAST_OPTION = typer.Option(False, "--last", help="The latest session (the default).")
ALL_OPTION = typer.Option(False, "--all", help="Every session of the campaign.")


def recap(
    ctx: typer.Context,
    session: int = SESSION_OPTION,
    last: bool = LAST_OPTION,
    every: bool = ALL_OPTION,
    fmt: RecapFormat = typer.Option(RecapFormat.md, "--format", help="md or html."),
    gap: float = GAP_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """The story of a session: moves, fights and turning points, notes, notable rolls."""
    from gmtool.engine.recap import for_game
    from gmtool.errors import UsageError
    from gmtool.render.recap import html_page, markdown

    if sum((session is not None, last, every)) > 1:
        raise UsageError("choose one of --session N, --last and --all")
    told = for_game(open_game(ctx), session=session, every=every, gap=gap)
    if as_json:
        print_json(told.to_json())
    elif fmt is RecapFormat.html:
        sys.stdout.write(html_page(told))
    else:
        sys.stdout.write(markdown(told) + "\n")


def register(app: typer.Typer) -> None:
    app.command()(recap)
