"""``gmtool status`` and ``gmtool check``."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from gmtool.cli.common import JSON_OPTION, console, emit, open_game


def status(
    ctx: typer.Context,
    seat: str = typer.Option(
        None,
        "--as",
        help="Show it as this seat sees it (a clan, a player): others' secrets stay hidden.",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Where the campaign stands now (a dashboard; --json for one document); with --as,
    as one seat of a game with hidden information sees it."""
    game = open_game(ctx)
    draw = "status"
    state = game.state
    if seat is None:
        doc = game.system.status(state, now=time.time())
    else:
        if not game.system.has_secrets:
            from gmtool.errors import UsageError

            raise UsageError(
                f"{game.system.title} has no secrets: every seat sees the same status",
                hint="run gmtool status without --as",
            )
        doc = game.system.view(state, seat)
        draw = "seat_status"
    if as_json:
        emit(doc, True)
        return
    from gmtool.games import part

    console().print(getattr(part(game.system_name, "render"), draw)(doc))


def check(
    paths: list[Path] = typer.Argument(
        None, help="Files or folders (default: all packaged content)."
    ),
) -> None:
    """Validate content and campaign files, saying what each file is; every problem is
    one line, file:line: field: message."""
    from gmtool.content.checker import check_paths
    from gmtool.errors import one_line

    found: list[str] = []
    problems, checked = check_paths(paths or [], found)
    for line in found:
        typer.echo(one_line(line))
    for problem in problems:
        typer.echo(one_line(problem), err=True)
    if problems:
        typer.echo(f"{len(problems)} problem(s) in {checked} file(s)", err=True)
        raise typer.Exit(3)
    typer.echo(f"ok: {checked} file(s) checked")


def register(app: typer.Typer) -> None:
    app.command()(status)
    app.command()(check)
