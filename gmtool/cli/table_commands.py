"""The commands every game played round a table with secrets has alike, built on its
declaration (``engine.declared.Declared``): playing one move, ``show`` (the board as one
seat, nobody, or the referee sees it) and ``options`` (what the seat to act may do)."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

import typer

from gmtool.cli.common import JSON_OPTION

if TYPE_CHECKING:
    from gmtool.engine.declared import Declared
    from gmtool.engine.system import Outcome


def play_move(
    ctx: typer.Context,
    system: str,
    action: dict[str, Any],
    as_json: bool,
    told: Callable[[Outcome], Any],
    *,
    dice: str | None = None,
    dice_by: list[str] | None = None,
    unset: Container[Any] = (None,),
) -> None:
    """Play ``action`` (its fields whose value is ``unset`` left out) on the campaign of
    ``system`` with the command's dice, and print its result (``told`` draws it)."""
    from gmtool.cli.common import emit, game_door, open_game

    game = open_game(ctx, system)
    action = {key: value for key, value in action.items() if value not in unset}
    outcome = game.play(action, game_door(game, dice, dice_by))
    emit(outcome.result, as_json, lambda result: told(outcome))


def declaration(system: str) -> Declared:
    """The declaration of ``system``, a game played round a table with secrets."""
    from gmtool.games import part

    found: Declared = part(system, "game").SYSTEM
    return found


EVERY_SECRET = "every secret shown: the referee's view, not for the players' eyes"
"""The first line of ``show --all`` (its JSON document's first key: ``every_secret``)."""


def add_show(
    app: typer.Typer,
    system: str,
    *,
    summary: str,
    as_help: str,
    draw: Callable[[dict[str, Any]], Any],
) -> None:
    """``show`` for ``system``: the table's view (no secret) by default, ``--as SEAT`` that
    seat's, ``--all`` the referee's with every secret (saying so on its first line);
    ``draw(doc)`` draws a view for people."""

    def show(
        ctx: typer.Context,
        as_seat: str = typer.Option(None, "--as", help=as_help),
        every_secret: bool = typer.Option(
            False, "--all", help="The referee's view: every secret shown (not for the table)."
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        from gmtool.cli.common import emit, open_game
        from gmtool.errors import UsageError

        if every_secret and as_seat is not None:
            raise UsageError("show takes --as SEAT or --all, not both: drop one")
        game = open_game(ctx, system)
        declared = declaration(system)
        if not every_secret:
            doc = declared.view(game.state, as_seat, content=game.content)
            emit(doc, as_json, draw)
            return
        doc = {"every_secret": True, **declared.referee_view(game.state)}
        emit(doc, as_json, lambda seen: _all_shown(draw(seen)))

    show.__doc__ = summary
    app.command()(show)


def _all_shown(drawing: Any) -> Any:
    from rich.console import Group
    from rich.text import Text

    return Group(Text(EVERY_SECRET, style="bold red"), drawing)


def add_options(app: typer.Typer, system: str, *, summary: str) -> None:
    """``options`` for ``system``: what the seat to act may legally do now."""

    def options(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
        from gmtool.cli.common import emit, open_game
        from gmtool.games import part

        doc = declaration(system).options_document(open_game(ctx, system).state)
        emit(doc, as_json, part(system, "render").options)

    options.__doc__ = summary
    app.command()(options)
