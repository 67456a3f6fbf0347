"""``gmtool ftl ...``: build and check FTL ships, lay out the sector map, jump, and fight.

``ship`` commands read ship files and need no campaign; ``map`` and ``jump`` play through
the current FTL campaign (logged, undoable); the battle's commands (``tick``, the orders,
``show``, ``odds``) are in ``battle.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, console, emit, open_game, print_json
from gmtool.errors import ContentError, UsageError
from gmtool.games.ftl.commands.shared import coin_faces, show_ship

app = typer.Typer(
    help="FTL board game: ships within budget, their bills and checks, the sector map, "
    "and the battle one second at a time.",
    no_args_is_help=True,
)
ship_app = typer.Typer(help="Build, check, price and draw ship files.", no_args_is_help=True)
map_app = typer.Typer(help="The campaign's sector map.", no_args_is_help=True)
app.add_typer(ship_app, name="ship")
app.add_typer(map_app, name="map")

SYSTEM = "ftl"


def _content(overrides: Mapping[str, Any] | None = None) -> Any:
    from gmtool.games.ftl.game import SYSTEM as FTL

    return FTL.load_content(overrides or {})


CONTENT_OPTION = typer.Option(
    None,
    "--content",
    help="A campaign file (system: ftl) whose changed content (budget, prices, limits) to use.",
)


def ship_content(ctx: typer.Context, campaign_file: Path | None) -> Any:
    """The content a ship is checked and priced against: the bundled tables, with the
    changes of a campaign file (``--content FILE``) or of a campaign named with ``-c NAME``
    (or ``GMTOOL_CAMPAIGN``, when that campaign plays FTL: it may name another game the GM
    is running). The campaign last used is not taken unasked: a ship file is checked the
    same way whichever campaign was played last."""
    import os

    chosen = (ctx.find_root().obj or {}).get("campaign")
    from_environment = chosen is not None and chosen == os.environ.get("GMTOOL_CAMPAIGN")
    if campaign_file is not None and chosen is not None and not from_environment:
        raise UsageError("give -c NAME or --content FILE, not both")
    if campaign_file is not None:
        from gmtool.content.campaignfile import read_campaign_file_of

        data = read_campaign_file_of(campaign_file, SYSTEM, given_as="--content file")
        return _content(dict(data.get("content") or {}))
    if chosen is not None:
        game = open_game(ctx)
        if game.system_name != SYSTEM and from_environment:
            return _content()  # the environment's game is another system's: not asked for
        game.require_system(SYSTEM)
        return game.content
    return _content()


def read_checked(path: Path, content: Any) -> tuple[Any, list[str]]:
    """The ship in ``path`` and its rule problems (``file:line: field: message``); a file
    that cannot be read as a ship at all raises ContentError with every shape problem."""
    from gmtool.games.ftl.rules.checks import describe, ship_problems
    from gmtool.games.ftl.rules.ship import read_ship

    ship, document = read_ship(ship_path(path))
    return ship, describe(ship_problems(ship, content), document)


@ship_app.command("check")
def ship_check(
    ctx: typer.Context,
    files: list[Path] = typer.Argument(..., help="Ship files (YAML)."),
    campaign_file: Path = CONTENT_OPTION,
) -> None:
    """List every rule each ship breaks, as file:line: field: message (exit 3 if any).
    With -c NAME or --content FILE, against that campaign's changed content."""
    from gmtool.content.yamlfile import load_yaml
    from gmtool.errors import one_line
    from gmtool.games.ftl.rules.checks import every_problem

    content = ship_content(ctx, campaign_file)
    problems: list[str] = []
    for path in files:
        try:
            found = every_problem(load_yaml(ship_path(path)), content)
        except ContentError as error:  # not YAML, or not there
            found = error.problems
        problems += found
        if not found:
            typer.echo(f"ok: {path}")
    for problem in problems:
        typer.echo(one_line(problem), err=True)
    if problems:
        typer.echo(f"{len(problems)} problem(s) in {len(files)} file(s)", err=True)
        raise typer.Exit(3)


@ship_app.command("cost")
def ship_cost(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A ship file (YAML)."),
    campaign_file: Path = CONTENT_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """The ship's bill: every item by group, the budget, the room bonus, what is left.
    With -c NAME or --content FILE, at that campaign's prices and budget."""
    from gmtool.games.ftl import render as render
    from gmtool.games.ftl.rules.bill import ship_bill

    content = ship_content(ctx, campaign_file)
    ship, problems = read_checked(file, content)
    doc = ship_bill(ship, content).to_json(problems)
    emit(doc, as_json, lambda d: render.bill(d, title=f"{ship.name}: the bill"))


@ship_app.command("show")
def ship_show(
    file: Path = typer.Argument(..., help="A ship file (YAML)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Draw the ship's rooms on the grid (systems, doors, crew) and list what it carries."""
    from gmtool.games.ftl.rules.ship import read_ship, ship_document

    ship, _ = read_ship(ship_path(file))
    if as_json:
        print_json(ship_document(ship))
        return
    _check_drawable(ship)
    show_ship(ship_document(ship))


DRAWABLE_CORNERS = 60
"""The widest or tallest ship ``show`` draws, in corners (a legal ship is far smaller)."""


def _check_drawable(ship: Any) -> None:
    from gmtool.games.ftl.rules.content import parse_size

    sizes = [parse_size(room.size) or (1, 1) for room in ship.rooms]
    xs = [
        room.at[0] + d for room, size in zip(ship.rooms, sizes, strict=True) for d in (0, size[0])
    ]
    ys = [
        room.at[1] + d for room, size in zip(ship.rooms, sizes, strict=True) for d in (0, size[1])
    ]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    if span > DRAWABLE_CORNERS:
        raise UsageError(
            f"the rooms spread over {span} corners, too far apart to draw",
            hint="'gmtool ftl ship check' says which rooms do not touch",
        )


@ship_app.command("new")
def ship_new(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="Where to write the ship file."),
    force: bool = typer.Option(False, "--force", help="Replace the file if it exists."),
    campaign_file: Path = CONTENT_OPTION,
) -> None:
    """Build a ship step by step, with the running bill; illegal choices are refused.
    With -c NAME or --content FILE, by that campaign's changed content."""
    from gmtool.content.yamlfile import kind_of
    from gmtool.games.ftl.commands.builder import build_ship

    if kind_of(file) is not None and not force:
        raise UsageError(f"{file} already exists", hint="choose another name or pass --force")
    if kind_of(file.parent) != "folder":
        raise UsageError(f"there is no folder {file.parent} to write {file.name} in")
    build_ship(file, ship_content(ctx, campaign_file))


@map_app.command("new")
def map_new(
    ctx: typer.Context,
    dice: str = typer.Option(
        None,
        "--dice",
        help="Faces in the order rolled: each coin heads/tails (or 1/2), each beacon x then y,"
        " re-rolls included.",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Build the 6x6 sector map from coins and dice; every re-roll is shown."""
    from gmtool.games.ftl import render as render

    game = open_game(ctx, SYSTEM)
    door = game.door(entered=coin_faces(dice) if dice is not None else None)
    outcome = game.play({"type": "map_new"}, door)
    if not as_json:
        render.map_steps(outcome.result).write()
    emit(outcome.result, as_json, render.map_built)


@map_app.command("show")
def map_show(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Draw the sector map with each ship where it is now."""
    from gmtool.games.ftl import render as render

    game = open_game(ctx, SYSTEM)
    seen = game.system.view(game.state, None)
    if seen["map"] is None:
        raise UsageError("there is no map yet", hint="build one with 'gmtool ftl map new'")
    at = {name: player["at"] for name, player in seen["players"].items()}
    doc = {**seen["map"], "at": at}
    if as_json:
        print_json(doc)
        return
    console().print(render.sector(seen["map"], at))


# A coordinate such as -1 would be read as an unknown option: taken as an argument
# instead, it reaches the beacon check, which says which beacons exist.
@app.command("jump", context_settings={"ignore_unknown_options": True})
def jump(
    ctx: typer.Context,
    player: str = typer.Argument(..., help="Whose ship jumps."),
    x: int = typer.Argument(..., help="The beacon's x (1-6)."),
    y: int = typer.Argument(..., help="The beacon's y (1-6)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Jump a ship to a touching beacon for 1 fuel, in its turn on the map (in a battle:
    the escape, with the FTL drive charged). Onto the other ship's beacon: a battle begins."""
    from gmtool.games.ftl import render as render

    game = open_game(ctx, SYSTEM)
    outcome = game.play({"type": "jump", "player": player, "to": [x, y]}, game.door())
    emit(outcome.result, as_json, render.jump)


@app.command("wait")
def wait(
    ctx: typer.Context,
    player: str = typer.Argument(..., help="Whose turn on the map passes."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Pass a captain's turn on the map without jumping (both waiting in turn end the match)."""
    from gmtool.games.ftl import render as render

    game = open_game(ctx, SYSTEM)
    outcome = game.play({"type": "wait", "player": player}, game.door())
    emit(outcome.result, as_json, render.waited)


@app.command("simulate")
def simulate(
    ctx: typer.Context,
    ships: list[str] = typer.Argument(
        ..., help="The two ships: FILE or NAME=FILE each (the name is the file's stem)."
    ),
    runs: int = typer.Option(50, "--runs", min=1, max=10_000, help="How many matches to play."),
    seed: int = typer.Option(None, "--seed", help="Seed the matches (same seed, same figures)."),
    policy: list[str] = typer.Option(
        None, "--policy", help="NAME for both captains, or SHIP=NAME (repeat); see the guide."
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, max=16, help="Worker processes."),
    campaign_file: Path = CONTENT_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Play whole matches between two ship files (a new map each, the captains pursuing,
    battles, escapes) and report each ship's win rate with its 95% interval."""
    from gmtool.cli.forecast import _policies, forecast_rules, run
    from gmtool.dice import DiceDoor, Rng
    from gmtool.engine.forecast import Setup, policies_for
    from gmtool.games.ftl.game import SYSTEM as FTL
    from gmtool.games.ftl.rules.forecast import match_start

    if len(ships) != 2:
        raise UsageError(
            f"ftl simulate takes two ships, not {len(ships)}",
            hint="gmtool ftl simulate red.yaml blue.yaml",
        )
    named = [item if "=" in item else f"{Path(item).stem}={item}" for item in ships]
    overrides: dict[str, Any] = {}
    if campaign_file is not None:
        from gmtool.cli.simulation import content_overrides

        overrides = content_overrides(campaign_file, SYSTEM)
    chosen = ship_options(named, overrides)
    if len(chosen) != 2:
        raise UsageError("the two ships need two names", hint="name them: A=FILE B=FILE")
    content = _content(overrides)
    state = FTL.new_state(content, {"ships": chosen}, DiceDoor(Rng.from_seed(seed or 0)))
    start = match_start(state)
    rules = forecast_rules(SYSTEM)
    sides = tuple(chosen)
    setup = Setup(
        FTL, rules, content, start, policies_for(rules, _policies(sides, policy or []), sides)
    )
    doc = run(setup, runs, seed, jobs=jobs, show_progress=not as_json)
    if as_json:
        print_json(doc)
        return
    from gmtool.render.forecast import forecast as drawn

    console().print(drawn(doc))


def campaign_options(given: dict[str, Any], options: dict[str, Any], data: Any) -> None:
    """``campaign new``'s options laid over the campaign file's ``options``: each
    ``--ship`` read and checked first (a file's ships stay unless ``--ship`` names the same
    player), the others as given."""
    ships = dict(options.get("ships") or {})
    named = ship_options(given.pop("ship"), data.get("content") or {})
    options["ships"] = {**ships, **named}
    options.update(given)


def ship_options(items: list[str], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``--ship Red=red.yaml`` (repeated) into the campaign's ``ships`` option, each ship
    read and checked here (against the campaign's content) so a problem names its file and
    line."""
    content = _content(overrides)
    ships: dict[str, Any] = {}
    for item in items:
        name, sep, path = item.partition("=")
        name = name.strip()
        if not sep or not name or not path.strip():
            raise UsageError(f"--ship '{item}' is not NAME=FILE", hint="e.g. --ship Red=red.yaml")
        if name.casefold() in (known.casefold() for known in ships):
            raise UsageError(f"--ship {name} is given twice", hint="one ship for each player")
        ship, problems = read_checked(Path(path.strip()), content)
        if problems:
            refused = ContentError(problems)
            if len(problems) > 1:  # the command that lists them is the ship's own check
                refused.message = (
                    f"{problems[0]} (and {len(problems) - 1} more: "
                    f"'gmtool ftl ship check {path.strip()}' lists them)"
                )
            raise refused
        from gmtool.games.ftl.rules.ship import ship_document

        ships[name] = ship_document(ship)
    return ships


def ship_path(path: Path) -> Path:
    """The file itself, else a bundled ship of that name (``ftl-red`` or ``ftl-red.yaml``)."""
    from gmtool.content.paths import packaged
    from gmtool.content.yamlfile import kind_of

    if kind_of(path) == "file" or path.parent not in (Path("."), Path("campaigns")):
        return path
    for name in (path.name, f"{path.name}.yaml"):
        if packaged("campaigns", name).is_file():
            return packaged("campaigns", name)
    return path


def _battle_commands() -> None:
    from gmtool.games.ftl.commands import battle as ftl_battle

    ftl_battle.register(app)


_battle_commands()
