"""``gmtool zauberer ...``: referee a game of Zauberer from the terminal.

Each command builds one action, plays it through the campaign (rules, dice, log) and
prints the result: rich for people, exactly one JSON document with ``--json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from gmtool.cli.common import (
    JSON_OPTION,
    MAX_JOBS,
    MAX_SIMULATED_GAMES,
    console,
    open_game,
    print_json,
)
from gmtool.cli.table_commands import add_options, add_show, play_move
from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.system import Outcome

app = typer.Typer(
    help="Zauberer: clans race for the centre, raid dungeons, fall into traps and duel.",
    no_args_is_help=True,
)
duel_app = typer.Typer(help="Call a duel and fight it roll by roll.", no_args_is_help=True)
odds_app = typer.Typer(help="Exact odds of a duel or a dungeon.", no_args_is_help=True)
app.add_typer(duel_app, name="duel")
app.add_typer(odds_app, name="odds")

SYSTEM = "zauberer"


def _names(part: str) -> Any:
    """``autocompletion=`` with the campaign's spells (every non-combat one: a hand is a
    secret) or its clans."""

    def names(game: Any) -> list[str]:
        if part == "clans":
            return list(game.state["clans"])
        spells = game.content.spells.values()
        return [key for clan in spells for key, spell in clan.items() if spell.kind == "noncombat"]

    def complete(ctx: Any, args: list[str], incomplete: str) -> list[str]:
        from gmtool.cli.completion import from_campaign

        return from_campaign("zauberer", names)(ctx, args, incomplete)

    return complete


PLAYER_OPTION = typer.Option(
    None, "--player", help="The player of the team to play who plays this round."
)
CARD_HELP = "a card from a physical pile, by id or name (default: drawn for you)"


def _play(
    ctx: typer.Context,
    action: dict[str, Any],
    as_json: bool,
    *,
    dice: str | None = None,
    dice_by: list[str] | None = None,
) -> None:
    play_move(ctx, SYSTEM, action, as_json, _told, dice=dice, dice_by=dice_by, unset=UNSET)


UNSET: tuple[object, ...] = (None, [], {})
"""Values an option left unset gives a field: the action leaves it out."""


def _told(outcome: Outcome) -> Any:
    from gmtool.games.zauberer import render as render

    return render.result(outcome.extra, outcome.outcome)


def _arena(seen: dict[str, Any]) -> Any:
    from gmtool.games.zauberer import render as render

    return render.status(seen)  # for people, the board too


add_show(
    app,
    SYSTEM,
    summary="The board, the teams and their spells, the duel under way, whose turn it is.",
    as_help="Show the game as this clan sees it (others' spells hidden).",
    draw=_arena,
)


@app.command()
def board(
    ctx: typer.Context,
    names: bool = typer.Option(True, "--names/--no-names", help="Name each space."),
) -> None:
    """The board with the name of every space (for --way, --space) and the pieces."""
    from gmtool.games.zauberer import render as render
    from gmtool.games.zauberer.rules.state import typed_state
    from gmtool.games.zauberer.rules.view import status

    state = typed_state(open_game(ctx, SYSTEM).state)
    console().print(render.board(status(state), names=names))


add_options(app, SYSTEM, summary="What the team to play (or the duellists) may do now.")


@app.command("roll-off")
def roll_off(
    ctx: typer.Context,
    dice: list[str] = typer.Option(
        None, "--dice", help="CLAN=F,F from physical dice (tied teams roll again: add faces)."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Every team rolls 2d6; the highest plays first (tied teams roll again)."""
    _play(ctx, {"type": "roll_off"}, as_json, dice_by=dice or None)


@app.command()
def move(
    ctx: typer.Context,
    dice: str = typer.Option(None, "--dice", help="The movement die's face, from a real die."),
    way: list[str] = typer.Option(
        None, "--way", help="At a fork, go by this space (repeat for two forks)."
    ),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Roll the movement die and move toward the centre (1, 3, 5: one space; 2, 4: two; 6: 3)."""
    _play(ctx, {"type": "move", "ways": way or None, "player": player}, as_json, dice=dice)


@app.command()
def dungeon(
    ctx: typer.Context,
    dice: str = typer.Option(None, "--dice", help="The two dungeon dice, e.g. 4,2."),
    card: str = typer.Option(None, "--card", help=f"The spell drawn: {CARD_HELP}."),
    return_spell: bool = typer.Option(
        False, "--return-spell", help="Put the spell in hand back first (one at a time)."
    ),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Enter the dungeon: snake eyes sends you back, a single one finds nothing, else a spell."""
    action = {
        "type": "dungeon",
        "card": card,
        "return_spell": return_spell or None,
        "player": player,
    }
    _play(ctx, action, as_json, dice=dice)


@app.command()
def trap(
    ctx: typer.Context,
    card: str = typer.Option(None, "--card", help=f"The trap drawn: {CARD_HELP}."),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Draw the top trap card and do what it says."""
    _play(ctx, {"type": "trap", "card": card, "player": player}, as_json)


@app.command("end-turn")
def end_turn(ctx: typer.Context, player: str = PLAYER_OPTION, as_json: bool = JSON_OPTION) -> None:
    """End the turn (after moving); the next team clockwise plays."""
    _play(ctx, {"type": "end_turn", "player": player}, as_json)


@app.command()
def cast(
    ctx: typer.Context,
    card: str = typer.Argument(
        ...,
        help="The non-combat spell in your hand (id or name).",
        autocompletion=_names("spells"),
    ),
    target: list[str] = typer.Option(None, "--target", help="A team the spell acts on (repeat)."),
    space: list[str] = typer.Option(None, "--space", help="A space the spell acts on (repeat)."),
    steps: int = typer.Option(None, "--steps", help="H2O Portal: how many spaces to move."),
    way: list[str] = typer.Option(None, "--way", help="At a fork, go by this space."),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Cast a non-combat spell, before or after moving; it goes back to its pile."""
    action = {
        "type": "cast",
        "card": card,
        "targets": target or None,
        "spaces": space or None,
        "steps": steps,
        "ways": way or None,
        "player": player,
    }
    _play(ctx, action, as_json)


@duel_app.command("start")
def duel_start(
    ctx: typer.Context,
    clan: str = typer.Argument(
        ..., help="The team called out (at most two spaces away).", autocompletion=_names("clans")
    ),
    player: str = PLAYER_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Call out a team from a white space; it cannot refuse."""
    _play(ctx, {"type": "duel_start", "target": clan, "player": player}, as_json)


@duel_app.command("round")
def duel_round(
    ctx: typer.Context,
    dice: list[str] = typer.Option(
        None, "--dice", help="CLAN=F,F: a team's two dice (then a Fan's or Mirror's die)."
    ),
    attack: list[str] = typer.Option(
        None, "--attack", help="CLAN=CARD: an attack card, played before the roll."
    ),
    defense: list[str] = typer.Option(
        None, "--defense", help="CLAN=CARD: a defence card, played after the roll."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """One roll of the duel: both teams roll 2d6; the lower Power Points lose a hit point."""
    action = {
        "type": "duel_round",
        "attack": _pairs(attack or [], "--attack"),
        "defense": _pairs(defense or [], "--defense"),
    }
    _play(ctx, action, as_json, dice_by=dice or None)


def _pairs(items: list[str], option: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        clan, sep, card = item.partition("=")
        if not sep or not clan.strip() or not card.strip():
            raise UsageError(f"'{item}' is not CLAN=CARD", hint=f"e.g. {option} fire=fireball")
        if clan.strip().casefold() in pairs:
            raise UsageError(f"{option} names {clan.strip()} twice", hint="one card per team")
        pairs[clan.strip().casefold()] = card.strip()
    return pairs


@odds_app.command("duel")
def odds_duel(
    ctx: typer.Context,
    first: str = typer.Argument(..., help="A clan.", autocompletion=_names("clans")),
    second: str = typer.Argument(..., help="The clan it fights.", autocompletion=_names("clans")),
    attack: list[str] = typer.Option(
        None, "--attack", help="CLAN=CARD: an attack card held and played in the next roll."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Exact chance to win the next roll and the whole duel, from the hit points left."""
    from gmtool.games.zauberer.rules.odds import odds_document
    from gmtool.games.zauberer.rules.state import typed_state

    state = typed_state(open_game(ctx, SYSTEM).state)
    doc = odds_document(state, first, second, _pairs(attack or [], "--attack"))
    if as_json:
        print_json(doc)
        return
    from gmtool.games.zauberer.render_odds import duel_odds as chart

    chart(doc).write()


@odds_app.command("dungeon")
def odds_dungeon(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Exact chance of a spell, nothing, or being sent back on entering a dungeon."""
    from gmtool.games.zauberer.rules.odds import dungeon_document

    doc = dungeon_document(open_game(ctx, SYSTEM).state)
    if as_json:
        print_json(doc)
        return
    from gmtool.games.zauberer.render_odds import dungeon_odds as chart

    chart(doc).write()


@app.command()
def simulate(
    games: int = typer.Option(
        1000, "--games", min=1, max=MAX_SIMULATED_GAMES, help="How many whole games to play."
    ),
    seed: int = typer.Option(
        1, "--seed", help="Seed for the games' dice (same seed, same report)."
    ),
    policy: str = typer.Option("random", "--policy", help="random or greedy."),
    jobs: int = typer.Option(
        1,
        "--jobs",
        min=1,
        max=MAX_JOBS,
        help="Worker processes (the report is the same for any number).",
    ),
    campaign_file: Path = typer.Option(
        None, "--content", help="A campaign file whose content (board, cards, rulings) to test."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Play many games with simple players: win rate by clan and seat, length, endings."""
    from gmtool.cli.simulation import content_overrides, run_simulation
    from gmtool.games.zauberer import render as render
    from gmtool.games.zauberer.rules.simulate import simulate as run

    overrides = content_overrides(campaign_file, "zauberer")
    run_simulation(
        games,
        lambda on_game: run(games, seed, policy, overrides=overrides, jobs=jobs, on_game=on_game),
        render.simulation,
        as_json=as_json,
        bar_from=50,
    )
