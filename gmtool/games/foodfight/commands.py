"""``gmtool foodfight ...``: referee a game of Food Fight from the terminal.

Each move builds one action, plays it through the campaign (rules, dice, log) and prints
the result: rich for people, exactly one JSON document with ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from gmtool.cli.common import JSON_OPTION, MAX_JOBS, MAX_SIMULATED_GAMES, emit, open_game
from gmtool.cli.table_commands import add_options, add_show, play_move
from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.system import Outcome

app = typer.Typer(
    help="Food Fight: towers of salt cards, battles, Fortunes and health tracks.",
    no_args_is_help=True,
    add_completion=False,
)

SYSTEM = "foodfight"
PLAYER_OPTION = typer.Option(
    None, "--player", help="Who makes the move (refused unless it is their turn)."
)


def _play(ctx: typer.Context, action: dict[str, Any], as_json: bool) -> None:
    play_move(ctx, SYSTEM, action, as_json, _told)


def _told(outcome: Outcome) -> Any:
    from gmtool.games.foodfight import render as render

    return render.result(outcome.result)


def _board(seen: dict[str, Any]) -> Any:
    from gmtool.games.foodfight import render as render

    return render.board(seen, seen["fortune_spots"])


add_show(
    app,
    SYSTEM,
    summary="The board: health tracks, towers, Fortunes, whose turn it is.",
    as_help="Show the board as this player sees it (others' face-down cards hidden).",
    draw=_board,
)


@app.command()
def peek(
    ctx: typer.Context,
    player: str = typer.Option(None, "--player", help="Whose towers (default: whose turn it is)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Look at your own towers, face-down cards included (allowed at any time)."""
    from gmtool.games.foodfight import render as render
    from gmtool.games.foodfight.rules.match import Match
    from gmtool.games.foodfight.rules.state import current_player
    from gmtool.games.foodfight.rules.view import view_of

    match = Match(open_game(ctx, SYSTEM).state)
    turn = current_player(match)
    who = player or (turn.name if turn else None)
    if not who:
        raise UsageError("the game is over: name a player with --player")
    doc = view_of(match, who)
    mine = next(entry for entry in doc["players"] if entry["name"].casefold() == who.casefold())
    emit(mine, as_json, render.tower_list)


@app.command()
def discard(
    ctx: typer.Context,
    pile: str = typer.Argument(..., help="Your pile (1-9; 3.1 names its bottom card)."),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Discard the top card of a pile: move two, draw a Fortune (two past an F spot)."""
    from gmtool.games.foodfight.rules.notation import pile_fields

    _play(ctx, {"type": "discard", **pile_fields(pile), "player": player}, as_json)


@app.command()
def attack(
    ctx: typer.Context,
    pile: str = typer.Argument(..., help="Your pile to attack with (1-9)."),
    target: str = typer.Argument(..., help="PLAYER:PILE, the opponent's top card to attack."),
    fortune: list[str] = typer.Option(
        None, "--fortune", help="The attacker's Fortune: ID, or ID:mine / ID:theirs."
    ),
    on: list[str] = typer.Option(
        None,
        "--on",
        help="mine or theirs: the card for each Fortune, the attacker's first (default mine).",
    ),
    defender_fortune: list[str] = typer.Option(
        None, "--defender-fortune", help="The defender's Fortune: ID, or ID:mine / ID:theirs."
    ),
    defender_on: list[str] = typer.Option(
        None, "--defender-on", help="mine or theirs, from the defender's side."
    ),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Attack an opponent's top card with one of yours; the lower salt loses.

    Both cards turn face up; then the attacker, then the defender, may play a Fortune
    ('fortune') or 'pass', and the battle resolves. --fortune/--defender-fortune are for
    campaigns that declare Fortunes with the attack (fortune_timing: blind)."""
    from gmtool.games.foodfight.rules.notation import fortune_plays, pile_fields, target_fields

    action: dict[str, Any] = {
        "type": "attack",
        **pile_fields(pile),
        **target_fields(target),
        "player": player,
        "fortunes": fortune_plays(
            fortune or [], defender_fortune or [], on or [], defender_on or []
        ),
    }
    _play(ctx, action, as_json)


@app.command()
def fortune(
    ctx: typer.Context,
    fortune_id: str = typer.Argument(..., metavar="ID", help="The Fortune to reveal and play."),
    on: str = typer.Option(
        "mine", "--on", help="mine or theirs: the card in this battle it changes."
    ),
    player: str = typer.Option(
        None, "--player", help="Who plays it (refused unless it is their answer)."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """In an open battle: play one Fortune on your card or your opponent's."""
    _play(ctx, {"type": "fortune", "id": fortune_id, "on": on, "player": player}, as_json)


@app.command("pass")
def pass_(
    ctx: typer.Context,
    player: str = typer.Option(
        None, "--player", help="Who passes (refused unless it is their answer)."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """In an open battle: play no Fortune (the battle resolves after the last answer)."""
    _play(ctx, {"type": "pass", "player": player}, as_json)


@app.command()
def layout(
    ctx: typer.Context,
    file: Path = typer.Argument(
        None, help="A YAML/JSON file: nine piles, each a list of card ids or foods, bottom first."
    ),
    strategy: str = typer.Option(
        None, "--strategy", help="strongest_on_top, weakest_on_top or shuffled."
    ),
    player: str = typer.Option(None, "--player", help="Whose towers (default: whose turn it is)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Stack your towers your own way, before the first move of the game."""
    if (file is None) == (strategy is None):
        raise UsageError("give a layout FILE or a --strategy", hint="one of the two")
    action: dict[str, Any] = {"type": "layout", "player": player}
    if file is not None:
        action["piles"] = read_layout(file)
    else:
        action["strategy"] = strategy
    _play(ctx, action, as_json)


def campaign_options(given: dict[str, Any], options: dict[str, Any], data: Any) -> None:
    """``campaign new``'s options laid over the campaign file's ``options``: ``--players``
    as a list, the layouts last (a file's layouts stay unless ``--layout`` names the same
    player), the others as given."""
    layout = given.pop("layout", None)
    if "players" in given:
        given["players"] = given["players"].split(",")
    options.update(given)
    _merge_layouts(options, _layout_options(layout or []))


def _merge_layouts(options: dict[str, Any], layouts: dict[str, Any]) -> None:
    """Command-line layouts over the campaign file's, player by player."""
    per_player = dict(options.get("layouts") or {})
    per_player.update(layouts.pop("layouts", {}))
    options.update(layouts)
    if per_player:
        options["layouts"] = per_player


def _layout_options(items: list[str]) -> dict[str, Any]:
    """``--layout strongest_on_top`` or ``--layout Ana=ana.yaml`` into the options."""
    options: dict[str, Any] = {}
    for item in items:
        who, sep, plan = item.partition("=")
        if not sep:
            options["layout"] = item
            continue
        if Path(plan).suffix in (".yaml", ".yml", ".json"):
            options.setdefault("layouts", {})[who] = read_layout(Path(plan))
        else:
            options.setdefault("layouts", {})[who] = plan
    return options


def read_layout(path: Path) -> Any:
    from gmtool.content.yamlfile import load_yaml

    data = load_yaml(path).data
    if isinstance(data, dict):
        data = data.get("piles")
    if not isinstance(data, list):
        raise UsageError(f"{path}: expected a list of piles (or a 'piles:' key)")
    return data


add_options(
    app,
    SYSTEM,
    summary="What the player to act may legally do (in an open battle: a Fortune or pass).",
)


@app.command()
def simulate(
    games: int = typer.Option(
        1000, "--games", min=1, max=MAX_SIMULATED_GAMES, help="How many whole games to play."
    ),
    seed: int = typer.Option(
        1, "--seed", help="Seed for the games' dice (same seed, same report)."
    ),
    policy: str = typer.Option("random", "--policy", help="random or greedy."),
    campaign_file: Path = typer.Option(
        None, "--content", help="A campaign file whose content (decks, track, rulings) to test."
    ),
    jobs: int = typer.Option(
        1,
        "--jobs",
        min=1,
        max=MAX_JOBS,
        help="Processes to share the games (the report is the same).",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Play many games with simple players: win rate by seat, length, how games end."""
    from gmtool.cli.simulation import content_overrides, run_simulation
    from gmtool.games.foodfight import render as render
    from gmtool.games.foodfight.game import SYSTEM as FOODFIGHT
    from gmtool.games.foodfight.rules.simulate import simulate as run

    content = FOODFIGHT.load_content(content_overrides(campaign_file, "foodfight"))
    run_simulation(
        games,
        lambda on_game: run(games, seed, policy, content=content, on_game=on_game, jobs=jobs),
        render.simulation,
        as_json=as_json,
    )
