"""What the commands of ``gmtool originem`` share: opening the campaign and playing an
action with the command's dice (or the rollers' screens), the common options, names to
complete, and the result shown with the status line."""

from __future__ import annotations

import time
from typing import Any

import typer

from gmtool.cli.common import console, open_game, print_json
from gmtool.engine.game import Game
from gmtool.engine.system import Outcome
from gmtool.errors import UsageError
from gmtool.games.originem.rules.nova import CORRECTIONS

SYSTEM = "originem"


def campaign_names(of: str) -> Any:
    """``autocompletion=`` with names from the campaign being completed for (``of``: what
    ``completing`` gives)."""

    def names(game: Game) -> list[str]:
        return list(COMPLETING[of](game))

    def complete(ctx: Any, args: list[str], incomplete: str) -> list[str]:
        from gmtool.cli.completion import from_campaign

        return from_campaign(SYSTEM, names)(ctx, args, incomplete)

    return complete


def _crew(game: Game) -> list[str]:
    return [member["name"] for member in game.state["crew"]]


def _enemies(game: Game) -> list[str]:
    fight = game.state.get("combat") or {}
    return [enemy["name"] for enemy in fight.get("enemies", []) if enemy["hp"] > 0]


COMPLETING: dict[str, Any] = {
    "crew": _crew,
    "enemies": _enemies,
    "targets": lambda game: _enemies(game) + _crew(game),
    "scenes": lambda game: list(game.content.scenes),
    "missions": lambda game: list(game.state["missions"]),  # ids: a title has spaces
    "classes": lambda game: list(game.content.classes),
    "tiers": lambda game: list(game.content.enemies),
    "gm_dice": lambda game: list(game.content.rules.combat.gm_dice),
}
"""The names each kind of argument completes to, from the campaign's state and content."""

DICE = typer.Option(
    None,
    "--dice",
    help="Faces from physical dice in roll order (4,6,1), or per roller (Larlen=4,6; GM=5).",
)
PHONES = typer.Option(
    False,
    "--phones",
    help="Each roller rolls (or types a real die) on their screen in gmtool serve; "
    "this waits for them (Ctrl-C takes it back).",
)
MISSION = typer.Option(
    None,
    "--mission",
    "-m",
    help="The mission the scene belongs to ('none': no mission).",
    autocompletion=campaign_names("missions"),
)


def play_action(
    ctx: typer.Context, action: dict[str, Any], dice: list[str] | None = None
) -> tuple[Game, Outcome]:
    """Open the campaign and play ``action`` with the command's dice."""
    from gmtool.dice import parse_faces, parse_faces_by

    game = open_game(ctx, SYSTEM)
    items = [item for item in dice or [] if item.strip()]
    by_name = [item for item in items if "=" in item]
    flat = [item for item in items if "=" not in item]
    entered = [face for item in flat for face in parse_faces(item)] if flat else None
    door = game.door(entered=entered, entered_by=parse_faces_by(by_name) if by_name else None)
    action = {key: value for key, value in action.items() if value is not None}
    action["now"] = time.time()
    from gmtool.games.originem.clock import refuse_after_loss, write_loss

    if action["type"] not in CORRECTIONS:
        refuse_after_loss(write_loss(game, action["now"]))
    return game, game.play(action, door)


def from_phones(
    ctx: typer.Context, action: dict[str, Any], dice: list[str] | None
) -> tuple[Game, Outcome]:
    """A scene whose rollers roll on their own screens: kept for them, and shown once
    ``gmtool serve`` has played it with their dice."""
    from gmtool.cli.phones import asked_of, played_from_screens

    if dice:
        raise UsageError("--phones leaves the dice to the rollers' screens", hint="drop --dice")
    game = open_game(ctx, SYSTEM)
    action = {key: value for key, value in action.items() if value is not None}
    action["now"] = time.time()
    from gmtool.games.originem.clock import refuse_after_loss, write_loss

    refuse_after_loss(write_loss(game, action["now"]))
    names = asked_of(game, action)
    whom = " and ".join(f"{name}'s" for name in names) + " dice"
    result = played_from_screens(game, action, whom, names)
    return game, Outcome(game.state, result)


def show(game: Game, outcome: Outcome, as_json: bool, view: str = "note") -> None:
    if as_json:
        print_json(outcome.result)
        return
    from gmtool.games.originem import render as render

    out = console()
    out.print(getattr(render, view)(outcome.result))
    status = game.system.status(outcome.state, now=time.time())
    out.print(render.status_line(status))
