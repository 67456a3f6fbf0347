"""``gmtool note`` and ``gmtool session``: a GM's notes in the log, and the log split into
the sessions the table played (``engine.sessions``)."""

from __future__ import annotations

from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, open_game, print_json
from gmtool.errors import UsageError

MAX_NOTE = 2000
"""The longest note, in characters: a paragraph, not a file."""

GAP_OPTION = typer.Option(
    None,
    "--gap",
    min=0.01,
    help="Hours between entries that begin a new session (tables/log.yaml: 4).",
)

session_app = typer.Typer(
    help="The log's sessions: list them, or mark where one begins and ends.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


def note(
    ctx: typer.Context,
    text: str = typer.Argument(..., help="What to remember, in your words."),
    by: str = typer.Option("GM", "--by", help="Whose note it is (shown in the log)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Log a note, with the mission and scene of the latest move as its context."""
    game = open_game(ctx)
    seq, _ = write_note(game, text, by=by)
    entry = game.store.entry(seq)
    doc = {"seq": seq, "note": entry.what, "mission": entry.mission, "scene": entry.scene}
    if as_json:
        print_json(doc)
    else:
        typer.echo(_noted(doc))


def write_note(game: Any, text: str, *, by: str) -> tuple[int, str]:
    """Log ``text`` as a note by ``by``; (its seq, where it was written: mission · scene).
    An empty or over-long note is one line, and nothing is written."""
    from gmtool.engine.sessions import NOTE
    from gmtool.text import printable

    words = " ".join(text.split())
    if not words:
        raise UsageError("the note is empty", hint='write it in quotes: gmtool note "..."')
    if len(words) > MAX_NOTE:
        raise UsageError(f"the note is {len(words):,} characters; the limit is {MAX_NOTE:,}")
    where = context(game)
    seq = game.mark(NOTE, what=words, who=" ".join(by.split()) or "GM", **where)
    return seq, printable(" · ".join(part for part in where.values() if part))


def context(game: Any) -> dict[str, str]:
    """The mission and scene of the latest live move: where the table is."""
    for entry in reversed(game.store.entries(last=50)):
        if entry.kind == "action" and not entry.voided:
            return {"mission": entry.mission, "scene": entry.scene}
    return {"mission": "", "scene": ""}


def _noted(doc: dict[str, Any]) -> str:
    from gmtool.text import printable

    where = " · ".join(part for part in (doc["mission"], doc["scene"]) if part)
    return printable(f"noted #{doc['seq']}" + (f" ({where})" if where else ""))


@session_app.command("start")
def session_start(ctx: typer.Context) -> None:
    """Begin a new session here (play and serve begin one themselves)."""
    _mark(ctx, "start", done="begins", not_done="a session has just begun: nothing written")


@session_app.command("end")
def session_end(ctx: typer.Context) -> None:
    """End the session here; the next entry begins a new one."""
    _mark(ctx, "end", done="ends", not_done="no session is under way: nothing written")


def _mark(ctx: typer.Context, mark: str, *, done: str, not_done: str) -> None:
    """A mark by hand, and which session it begins or ends (or why it was not needed)."""
    from gmtool.engine import sessions

    game = open_game(ctx)
    if not game.store.mark_session(mark, "by hand"):
        typer.echo(not_done)
        return
    typer.echo(f"session {len(sessions.of_game(game))} {done}")


@session_app.command("list")
def session_list(ctx: typer.Context, gap: float = GAP_OPTION, as_json: bool = JSON_OPTION) -> None:
    """Each session: when it began and ended, how, and its rolls, moves and notes."""
    from gmtool.engine.sessions import of_game

    found = [s.to_json() for s in of_game(open_game(ctx), gap_hours=gap)]
    if as_json:
        print_json({"sessions": found})
        return
    if not found:
        typer.echo("no sessions yet: the log is empty")
        return
    from gmtool.render.recap import session_lines

    typer.echo("\n".join(session_lines(found)))


def register(app: typer.Typer) -> None:
    app.command()(note)
    app.add_typer(session_app, name="session")
