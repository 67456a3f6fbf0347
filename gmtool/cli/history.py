"""``gmtool undo`` and ``gmtool redo``: entries are marked voided, never deleted."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION, open_game, print_json


def undo(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Undo the latest entry (it stays in the log, marked voided)."""
    entry = open_game(ctx).undo()
    _report("undone", entry.to_json(), as_json)


def redo(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Bring back the entry undone last."""
    entry = open_game(ctx).redo()
    _report("redone", entry.to_json(), as_json)


def _report(verb: str, doc: dict[str, object], as_json: bool) -> None:
    from gmtool.text import printable

    if as_json:
        print_json({verb: doc})
        return
    what = doc["what"] or doc["kind"]
    who = f" by {doc['who']}" if doc["who"] else ""
    outcome = f" → {doc['outcome']}" if doc["outcome"] else ""
    typer.echo(printable(f"{verb} #{doc['seq']}: {what}{who}{outcome}"))


def register(app: typer.Typer) -> None:
    app.command()(undo)
    app.command()(redo)
