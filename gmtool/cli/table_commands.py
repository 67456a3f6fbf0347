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


def add_show(
    app: typer.Typer,
    system: str,
    *,
    summary: str,
    as_help: str,
    public_help: str,
    draw: Callable[[dict[str, Any], dict[str, Any]], Any],
) -> None:
    """``show`` for ``system``; ``draw(status, seen)`` draws the board for people, from
    the public status and what the chosen seat sees."""

    def show(
        ctx: typer.Context,
        as_seat: str = typer.Option(None, "--as", help=as_help),
        public: bool = typer.Option(False, "--public", help=public_help),
        as_json: bool = JSON_OPTION,
    ) -> None:
        import time

        from gmtool.cli.common import emit, open_game

        state = open_game(ctx, system).state
        declared = declaration(system)
        doc = declared.shown(state, as_seat, public=public)
        emit(doc, as_json, lambda seen: draw(declared.status(state, now=time.time()), seen))

    show.__doc__ = summary
    app.command()(show)


def add_options(app: typer.Typer, system: str, *, summary: str) -> None:
    """``options`` for ``system``: what the seat to act may legally do now."""

    def options(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
        from gmtool.cli.common import emit, open_game
        from gmtool.games import part

        doc = declaration(system).options_document(open_game(ctx, system).state)
        emit(doc, as_json, part(system, "render").options)

    options.__doc__ = summary
    app.command()(options)
