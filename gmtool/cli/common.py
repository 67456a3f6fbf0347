"""What every command shares: options, finding the campaign, and printing results."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typer

from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.game import Game

JSON_OPTION = typer.Option(False, "--json", help="Print exactly one JSON document.")
MAX_SIMULATED_GAMES = 1_000_000
"""The most games one ``simulate`` plays (about an hour at a few hundred games a second)."""
MAX_JOBS = 64
"""The most worker processes a simulator starts (more only fight over the same cores)."""
DICE_OPTION = typer.Option(
    None,
    "--dice",
    help="Faces from physical dice, in the order of the dice (e.g. 4,6,1).",
)


def campaign_name(ctx: typer.Context, *, required: bool = True) -> str | None:
    """-c/--campaign, else GMTOOL_CAMPAIGN, else the campaign last created or used."""
    from gmtool.store.home import current_campaign

    root = ctx.find_root()
    name: str | None = (root.obj or {}).get("campaign") or current_campaign()
    if name is None and required:
        raise UsageError(
            "no campaign chosen",
            hint="pass -c NAME, set GMTOOL_CAMPAIGN, or create one with 'gmtool campaign new'",
        )
    return name


def open_game(ctx: typer.Context, system: str | None = None) -> Game:
    """Open the chosen campaign, closed when the command ends; with ``system``, insist
    that it plays that system."""
    from gmtool.engine.game import Game

    name = campaign_name(ctx)
    assert name is not None
    game = Game.open(name)
    ctx.call_on_close(game.close)
    if system is not None:
        game.require_system(system)
    return game


def game_door(game: Game, dice: str | None, dice_by: list[str] | None = None) -> Any:
    """The command's dice door from ``--dice F,F`` or ``--dice NAME=F,F`` options."""
    from gmtool.dice import parse_faces, parse_faces_by

    entered = parse_faces(dice) if dice is not None else None
    entered_by = parse_faces_by(dice_by) if dice_by is not None else None
    return game.door(entered=entered, entered_by=entered_by)


def print_json(doc: Any) -> None:
    import json  # only for --json: a chart for people does not load it

    from gmtool.text import json_text

    sys.stdout.write(json_text(json.dumps(doc, ensure_ascii=False)) + "\n")


def emit(doc: Any, as_json: bool, render: Callable[[Any], Any] | None = None) -> None:
    """One JSON document with ``--json``; otherwise the rendering: plain ``Lines`` as
    they are, anything else through rich."""
    if as_json or render is None:
        print_json(doc)
        return
    from gmtool.render.plain import Lines

    shown = render(doc)
    if isinstance(shown, Lines):  # plain text: written without loading rich
        shown.write()
        return
    console().print(shown)


def console() -> Any:
    """The console for people: users' words in it are shown escaped (see render.console)."""
    from gmtool.render.console import SafeConsole

    return SafeConsole(highlight=False)


def console_err() -> Any:
    """A console on stderr, for progress bars that must not mix with a JSON document."""
    from rich.console import Console

    return Console(stderr=True)
