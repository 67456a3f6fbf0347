"""``gmtool starships ...``: run a Stars & Starships encounter from the terminal.

Each command builds one action, plays it through the campaign (rules, dice, log), and
prints the result: rich for people, exactly one JSON document with ``--json``.
"""

from __future__ import annotations

import time
from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, console, game_door, open_game, print_json
from gmtool.engine.game import Game
from gmtool.engine.system import Outcome
from gmtool.errors import DiceError, UsageError

app = typer.Typer(
    help="Stars & Starships encounters: initiative, attacks, affinities, rows, Momentum.",
    no_args_is_help=True,
    add_completion=False,
)
encounter_app = typer.Typer(help="Start or end an encounter.", no_args_is_help=True)
momentum_app = typer.Typer(help="Spend Momentum.", no_args_is_help=True)
app.add_typer(encounter_app, name="encounter")
app.add_typer(momentum_app, name="momentum")

SYSTEM = "starships"
DICE = typer.Option(
    None, "--dice", help="Faces from physical dice, in order: 15,4 or --dice 15 --dice 4."
)
SIGNED = {"ignore_unknown_options": True}
"""Lets an argument such as ``-4`` through as a value rather than an option."""


def _names(ctx: Any, args: list[str], incomplete: str) -> list[str]:
    """``autocompletion=`` with the names of the campaign's combatants."""
    from gmtool.cli.completion import from_campaign

    def names(game: Game) -> list[str]:
        return [c["name"] for c in game.state["combatants"].values()]

    return from_campaign("starships", names)(ctx, args, incomplete)


def _faces(dice: list[str] | None) -> str | None:
    """The ``--dice`` options as one list of faces; a blank one is refused rather than
    quietly rolling the campaign's dice instead."""
    if dice is None:
        return None
    if not any(item.strip() for item in dice):
        raise DiceError(
            "--dice was given no faces", hint="enter faces like --dice 15,4, or leave it out"
        )
    return ",".join(dice)


def _play(
    ctx: typer.Context, action: dict[str, Any], dice: list[str] | None = None
) -> tuple[Game, Outcome]:
    game = open_game(ctx, SYSTEM)
    outcome = game.play(action, game_door(game, _faces(dice)))
    return game, outcome


def _show(game: Game, outcome: Outcome, as_json: bool, *, board: bool = False) -> None:
    """Print the result: the JSON document, or a summary (and the dashboard)."""
    if as_json:
        print_json(outcome.result)
        return
    from gmtool.games.starships import render as render

    logged = {"who": outcome.who, "what": outcome.what, "outcome": outcome.outcome}
    out = console()
    out.print(render.note({**outcome.result, **outcome.extra, **logged}))
    if board:
        out.print(render.status(game.system.status(outcome.state, now=time.time())))


def _weapon(melee: bool, ranged: bool) -> str:
    if melee == ranged:
        raise UsageError("choose one weapon", hint="pass --melee or --ranged")
    return "melee" if melee else "ranged"


@app.command()
def add(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The combatant's name."),
    enemy: bool = typer.Option(False, "--enemy", help="An enemy (default: a party member)."),
    hp: int = typer.Option(None, "--hp", help="Hit points (required)."),
    defense: int = typer.Option(None, "--defense", help="Defense (required)."),
    might: int = typer.Option(0, "--might", help="Might modifier (melee attack and damage)."),
    dex: int = typer.Option(0, "--dex", help="Dexterity modifier (ranged attack)."),
    melee: str = typer.Option(None, "--melee", help="Melee weapon as DICE:TYPE, e.g. 1d8:Kinetic."),
    ranged: str = typer.Option(None, "--ranged", help="Ranged weapon as DICE:TYPE."),
    affinity: list[str] = typer.Option(
        None, "--affinity", help="TYPE=weak|strong|immune|reflect|drain (repeat)."
    ),
    row: str = typer.Option("front", "--row", help="front or back."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Add a combatant with a stat block (in a fight, they join their side's next phase)."""
    from gmtool.games.starships.rules.statblock import parse_affinity, parse_weapon

    if hp is None or defense is None:
        raise UsageError("a stat block needs --hp and --defense")
    action = {
        "type": "add",
        "name": name,
        "side": "enemies" if enemy else "party",
        "hp": hp,
        "defense": defense,
        "might": might,
        "dex": dex,
        "melee": parse_weapon(melee) if melee else None,
        "ranged": parse_weapon(ranged) if ranged else None,
        "affinities": dict(parse_affinity(text) for text in affinity or []),
        "row": row,
    }
    _show(*_play(ctx, action), as_json)


@app.command()
def remove(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="Who leaves the field.", autocompletion=_names),
    as_json: bool = JSON_OPTION,
) -> None:
    """Take a combatant off the field (fled, dismissed, left the party)."""
    _show(*_play(ctx, {"type": "remove", "name": name}), as_json)


@encounter_app.command("start")
def encounter_start(
    ctx: typer.Context,
    enemy: list[str] = typer.Option(None, "--enemy", help="An enemy from the table (repeat)."),
    dice: list[str] = typer.Option(
        None, "--dice", help="Initiative faces in pairs PARTY,ENEMIES (ties: more pairs)."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Call in enemies and roll initiative: each side 1d20, the higher side goes first."""
    action = {"type": "encounter_start", "enemies": list(enemy or [])}
    game, outcome = _play(ctx, action, dice)
    _show(game, outcome, as_json, board=True)


@encounter_app.command("end")
def encounter_end(
    ctx: typer.Context,
    reason: str = typer.Option(None, "--reason", help="Why (flight, surrender, parley...)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """End the fight early: the enemies leave and exploration resumes."""
    _show(*_play(ctx, {"type": "encounter_end", "reason": reason}), as_json)


@app.command()
def attack(
    ctx: typer.Context,
    attacker: str = typer.Argument(
        ..., help="Who attacks (it must be their turn).", autocompletion=_names
    ),
    target: str = typer.Argument(..., help="Who is attacked.", autocompletion=_names),
    melee: bool = typer.Option(False, "--melee", help="d20 + Might; damage adds Might."),
    ranged: bool = typer.Option(False, "--ranged", help="d20 + Dexterity."),
    dice: list[str] = DICE,
    as_json: bool = JSON_OPTION,
) -> None:
    """Attack: the d20 first, then the damage dice (only when a hit rolls them)."""
    action = {"type": "attack", "attacker": attacker, "target": target}
    action["weapon"] = _weapon(melee, ranged)
    game, outcome = _play(ctx, action, dice)
    if as_json:
        print_json(outcome.result)
        return
    from gmtool.games.starships import render as render

    console().print(render.attack({**outcome.result, **outcome.extra}))


@app.command()
def row(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="Who switches.", autocompletion=_names),
    to: str = typer.Argument(..., metavar="front|back", help="The row to stand in."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Switch rows (free: the turn goes on)."""
    _show(*_play(ctx, {"type": "row", "name": name, "row": to}), as_json)


def _device_command(kind: str, summary: str, who: str) -> None:
    """Register ``gadget`` or ``stream``: the same options, told apart by ``kind``."""

    def command(
        ctx: typer.Context,
        name: str = typer.Argument(..., help=who),
        description: str = typer.Argument(..., help=f"What the {kind} does, in the GM's words."),
        roll: str = typer.Option(None, "--roll", help="Dice to roll for it, e.g. 1d20."),
        vs: int = typer.Option(None, "--vs", help="The roll succeeds if it meets or beats this."),
        success: bool = typer.Option(
            None,
            "--success/--fail",
            help="The GM's verdict (without --vs); a success earns Momentum.",
        ),
        dice: list[str] = DICE,
        as_json: bool = JSON_OPTION,
    ) -> None:
        action = {"type": kind, "name": name, "description": description, "roll": roll}
        _show(*_play(ctx, {**action, "vs": vs, "success": success}, dice), as_json)

    command.__doc__ = f"{summary} (takes the turn in a fight)."
    app.command(kind)(command)


_device_command("gadget", "Use a gadget", "Who uses the gadget.")
_device_command("stream", "Create a stream", "Who streams.")


@momentum_app.command("spend")
def momentum_spend(
    ctx: typer.Context,
    name: str = typer.Argument(
        ..., help="Who buys an extra turn (now or right after acting).", autocompletion=_names
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Spend Momentum on an extra turn, taken at once."""
    _show(*_play(ctx, {"type": "momentum_spend", "name": name}), as_json)


@app.command("end-turn")
def end_turn(
    ctx: typer.Context,
    name: str = typer.Argument(
        None, help="Whose turn ends (checked when given).", autocompletion=_names
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Pass the current turn without acting."""
    _show(*_play(ctx, {"type": "end_turn", "name": name}), as_json)


@app.command(context_settings=SIGNED)
def hp(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="Whose HP changes.", autocompletion=_names),
    change: str = typer.Argument(..., metavar="CHANGE", help="-4 to hurt, +5 to heal."),
    reason: str = typer.Option(None, "--reason", help="Why (hazard, medkit...)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Change HP by hand (free; can end a fight or revive someone)."""
    try:
        amount = int(change)
    except ValueError:
        raise UsageError(
            f"HP change '{change}' is not a whole number", hint="e.g. -4 or +5"
        ) from None
    action = {"type": "hp", "name": name, "change": amount, "reason": reason}
    _show(*_play(ctx, action), as_json)


@app.command()
def odds(
    ctx: typer.Context,
    attacker: str = typer.Argument(..., help="Who would attack.", autocompletion=_names),
    target: str = typer.Argument(..., help="Who would be attacked.", autocompletion=_names),
    melee: bool = typer.Option(False, "--melee", help="With the melee weapon."),
    ranged: bool = typer.Option(False, "--ranged", help="With the ranged weapon."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Exact chance to hit and the damage a hit does, after affinity and rows."""
    from gmtool.games.starships.rules.odds import attack_odds

    weapon = _weapon(melee, ranged)
    game = open_game(ctx, SYSTEM)
    doc = attack_odds(game.state, game.content, attacker, target, weapon)
    if as_json:
        print_json(doc)
        return
    from gmtool.games.starships.render_odds import odds as chart

    chart(doc).write()
