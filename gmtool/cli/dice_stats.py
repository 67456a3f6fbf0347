"""``gmtool dice``: what the dice really did (``engine.dice_report``)."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION, open_game, print_json
from gmtool.cli.session import GAP_OPTION
from gmtool.errors import UsageError


def dice(
    ctx: typer.Context,
    session: int = typer.Option(None, "--session", min=1, help="Only session N."),
    last: bool = typer.Option(False, "--last", help="Only the latest session."),
    who: str = typer.Option(None, "--who", help="Only the dice of this roller."),
    die: str = typer.Option(None, "--die", help="Only dice of this size, e.g. d20."),
    gap: float = GAP_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Each roller's luck with each die, and whether the physical dice look fair."""
    from gmtool.engine.dice_report import report
    from gmtool.engine.sessions import of_game, pick

    sides = die_size(die) if die is not None else None
    if session is not None and last:
        raise UsageError("choose one of --session N and --last")
    game = open_game(ctx)
    entries = game.store.entries()
    scope = "every session"
    if session is not None or last:
        chosen = pick(of_game(game, gap_hours=gap), session)
        entries, scope = chosen.entries, f"session {chosen.number}"
    doc = {"campaign": game.name, "scope": scope, **report(entries, who=who, die=sides)}
    if as_json:
        print_json(doc)
        return
    from gmtool.render.dice_report import dice_lines

    dice_lines(doc).write()


def die_size(text: str) -> int:
    """``d20`` (or ``20``) as 20; anything else is one line."""
    digits = text.strip().lower().removeprefix("d")
    if digits.isdigit() and 2 <= int(digits) <= 1000:
        return int(digits)
    raise UsageError(f"--die {text}: not a die size", hint="write it as d6, d20 or d100")


def register(app: typer.Typer) -> None:
    app.command()(dice)
