"""``gmtool campaign new|list|show|use`` (and, from their modules, ``verify|rebuild``
and the file commands ``delete|restore|rename|copy|archive|import``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, campaign_name, emit
from gmtool.content.campaignfile import locate_problem, read_campaign_file
from gmtool.engine.game import Game
from gmtool.errors import ContentError, GmtoolError, StoreError, UsageError
from gmtool.games import GAMES

app = typer.Typer(
    help="Create, list, show and choose campaigns; copy, rename, archive or delete them.",
    no_args_is_help=True,
)


def _games(incomplete: str) -> list[str]:
    from gmtool.cli.completion import game_names

    return game_names(incomplete)


def _campaigns(incomplete: str) -> list[str]:
    from gmtool.cli.completion import campaign_names

    return campaign_names(incomplete)


@app.command("new")
def new(
    name: str = typer.Argument(..., help="The campaign's name (letters, digits, - _ .)."),
    system: str = typer.Option(
        None, "--system", "-s", help=", ".join(GAMES), autocompletion=_games
    ),
    length: str = typer.Option(
        None,
        "--length",
        help="Originem: NOVA length in minutes (30, 45, 60 or any), or a time (45m, 1h, 45:00).",
    ),
    players: str = typer.Option(
        None, "--players", help="Food Fight: four names, A,B,C,D in seat order."
    ),
    crew: list[str] = typer.Option(
        None, "--crew", help="Originem: a crew member, CLASS or NAME=CLASS (repeat)."
    ),
    starter: str = typer.Option(
        None, "--starter", help="Food Fight: the player who ate last (goes first)."
    ),
    layout: list[str] = typer.Option(
        None,
        "--layout",
        help="Food Fight: STRATEGY for everyone, or NAME=FILE / NAME=STRATEGY (repeat).",
    ),
    ship: list[str] = typer.Option(
        None, "--ship", help="FTL: a player's ship, NAME=FILE (repeat: one for each player)."
    ),
    teams: str = typer.Option(
        None, "--teams", help="Zauberer: CLAN=NAME or CLAN=NAME+NAME, comma-separated."
    ),
    first: str = typer.Option(
        None, "--first", help="Zauberer: the clan that plays first (default: a 2d6 roll-off)."
    ),
    seed: int = typer.Option(None, "--seed", help="Seed the campaign's dice (reproducible)."),
    from_file: Path = typer.Option(None, "--from", help="A campaign file (YAML) to start from."),
    use: bool = typer.Option(True, "--use/--no-use", help="Make it the current campaign."),
) -> None:
    """Create a campaign and make it the current one."""
    from gmtool.store.home import check_name, set_current_campaign

    check_name(name)
    data = read_campaign_file(from_file) if from_file else {}
    system = system or str(data.get("system") or "")
    if not system:
        raise UsageError("no system given", hint=f"pass --system {'|'.join(GAMES)}")
    from gmtool.games import game_name

    system = game_name(system)
    if data.get("system") and game_name(str(data["system"])) != system:
        raise UsageError(f"--system {system} does not match the file's system '{data['system']}'")
    options: dict[str, Any] = dict(data.get("options") or {})
    given = {
        "length": length,
        "players": players or None,
        "crew": crew or None,
        "starter": starter,
        "layout": layout or None,
        "ship": ship or None,
        "teams": teams,
        "first": first,
    }
    given = {key: value for key, value in given.items() if value is not None}
    _lay_options(system, given, {} if seed is None else {"seed": seed}, options, data)
    game = create_campaign(name, system, data, options, seed=seed)
    game.close()  # only its path is said
    if use:
        try:
            set_current_campaign(name)
        except StoreError as error:
            error.message = f"campaign '{name}' was created, but {error.message}"
            error.hint = f"use it with -c {name} or GMTOOL_CAMPAIGN={name}; {error.hint}"
            raise
    typer.echo(f"created campaign '{name}' ({system}) at {game.store.path}")
    if use:
        _note_overridden(name)


def create_campaign(
    name: str, system: str, data: dict[str, Any], options: dict[str, Any], *, seed: int | None
) -> Game:
    """Write a new campaign from a campaign file's ``data`` (may be empty) and ``options``;
    problems in the file's options or content name its lines."""
    from gmtool.engine.game import Game

    if data.get("name"):
        options.setdefault("title", data["name"])
    document = getattr(data.get("content"), "document", None)
    try:
        return Game.create(
            name,
            system_name=system,
            options=options,
            overrides=data.get("content") or {},
            seed=seed,
        )
    except ContentError as error:
        raise ContentError([locate_problem(document, p) for p in error.problems]) from None
    except GmtoolError as error:
        if not error.where:
            located = locate_problem(document, error.message)
            error.where = located[: -len(error.message) - 2] if located != error.message else ""
        raise


def _lay_options(
    system: str,
    given: dict[str, Any],
    shared: dict[str, Any],
    options: dict[str, Any],
    data: dict[str, Any],
) -> None:
    """The command line's options laid over the campaign file's ``options``: those of one
    game (``given``: ``--length``, ``--ship``...; an option of another game is refused),
    then the ``shared`` ones (``--seed``). Each game's package says which options it takes
    (``CAMPAIGN_OPTIONS``); its commands read them when they need reading
    (``campaign_options``, which lays the shared ones after its own), and otherwise they
    are copied as given."""
    from gmtool.games import part

    takes = _options_of(system) if system in GAMES else ()
    for key in given:
        if key not in takes:
            owner = next(name for name in GAMES if key in _options_of(name))
            raise UsageError(
                f"--{key} is for {owner} campaigns, not {system}",
                hint=f"see 'gmtool campaign new --help' for the options of {system}",
            )
    reader = getattr(part(system, "commands"), "campaign_options", None) if given else None
    if reader is None:
        options.update({**given, **shared})
    else:
        reader({**given, **shared}, options, data)


def _options_of(name: str) -> tuple[str, ...]:
    from gmtool.games import package

    return tuple(getattr(package(name), "CAMPAIGN_OPTIONS", ()))


@app.command("list")
def list_(as_json: bool = JSON_OPTION) -> None:
    """List the campaigns in the storage folder."""
    from gmtool.store.home import current_campaign, list_campaigns

    current = current_campaign()
    rows = []
    for name in list_campaigns():
        rows.append({"name": name, "current": name == current, "system": _system_of(name)})
    if as_json:
        emit(rows, True)
        return
    if not rows:
        typer.echo("no campaigns yet: create one with 'gmtool campaign new NAME --system originem'")
    for row in rows:
        typer.echo(f"{'*' if row['current'] else ' '} {row['name']}  ({row['system']})")


def _system_of(name: str) -> str:
    from gmtool.errors import GmtoolError
    from gmtool.store.campaign import CampaignStore

    try:
        store = CampaignStore.open(name)
    except GmtoolError:
        return "unreadable"
    try:
        return store.system()
    finally:
        store.close()


@app.command("show")
def show(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Show the current (or -c) campaign: system, options, log size and file."""
    from gmtool.store.campaign import CampaignStore

    name = campaign_name(ctx)
    assert name is not None
    with CampaignStore.open(name) as store:
        game = store.game()
        doc = {
            "name": name,
            "system": game.system,
            "created": game.created,
            "options": game.options,
            "entries": store.count_entries(),
            "path": str(store.path),
        }
    from gmtool.render.campaign import campaign_table

    emit(doc, as_json, campaign_table)


@app.command("use")
def use_(
    name: str = typer.Argument(
        ..., help="The campaign to make current.", autocompletion=_campaigns
    ),
) -> None:
    """Make a campaign the current one (used when -c is not given)."""
    from gmtool.store.home import existing_campaign_path, set_current_campaign

    existing_campaign_path(name)
    set_current_campaign(name)
    typer.echo(f"now using campaign '{name}'")
    _note_overridden(name)


def _note_overridden(name: str) -> None:
    """The current campaign was just set, but GMTOOL_CAMPAIGN chooses another one."""
    import os

    chosen = os.environ.get("GMTOOL_CAMPAIGN")
    if chosen and chosen != name:
        typer.echo(
            f"note: GMTOOL_CAMPAIGN={chosen} still chooses '{chosen}' in this shell"
            f" (unset it to use '{name}')",
            err=True,
        )


def register(root: typer.Typer) -> None:
    from gmtool.cli import campaign_files, campaign_init, campaign_verify

    campaign_init.register(app)
    campaign_verify.register(app)
    campaign_files.register(app)
    root.add_typer(app, name="campaign")
