"""``gmtool roll`` and ``gmtool odds``: dice with or without a campaign."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from gmtool.cli.common import DICE_OPTION, JSON_OPTION, campaign_name, print_json
from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.dice.notation import Expression
    from gmtool.store.records import Entry

MAX_REPEAT = 1000
MAX_DICE_IN_ALL = 10_000
"""The most dice one ``roll`` command rolls over its repeats (before explosions): a million
would take seconds and log tens of megabytes as one entry."""


def roll(
    ctx: typer.Context,
    expression: str = typer.Argument(
        None, help="Dice notation, e.g. 2d6+3, 4d6kh3, adv, d6!", show_default=False
    ),
    dice: str = DICE_OPTION,
    seed: int = typer.Option(None, "--seed", help="Roll with this seed (reproducible)."),
    seeded: bool = typer.Option(
        False,
        "--seeded",
        help="In a campaign, --seed needs this: the roll is logged as seeded, with its seed.",
    ),
    repeat: int = typer.Option(1, "--repeat", min=1, help="Roll the expression N times."),
    by: str = typer.Option(None, "--by", help="Who rolls (shown in the log)."),
    secret: bool = typer.Option(
        False, "--secret", help="The GM's roll: the table sees only that the GM rolled."
    ),
    reveal: int = typer.Option(
        None, "--reveal", metavar="SEQ", min=1, help="Show the table secret roll SEQ."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Roll dice (or enter physical faces); logged when a campaign is in use."""
    from gmtool.dice import DiceDoor, Rng, parse_faces

    if reveal is not None:
        _reveal(ctx, reveal, expression, as_json=as_json)
        return
    if expression is None:
        raise UsageError("Missing argument 'expression'", hint="see 'gmtool roll --help'")
    if repeat > MAX_REPEAT:
        raise UsageError(f"--repeat {repeat} is over the limit of {MAX_REPEAT}")
    checked_expression(expression, repeat)  # syntax errors before anything else
    entered = parse_faces(dice) if dice is not None else None
    door = DiceDoor(Rng.from_seed(seed) if seed is not None else None, entered=entered)
    name = campaign_name(ctx, required=False)
    _check_seed(name, seed, seeded)
    who = (by or "").strip()
    if secret and name is None:
        raise UsageError(
            "a secret roll is kept in a campaign's log", hint="choose one with -c NAME"
        )
    if name is None:
        rolls = [door.roll(expression, who=who) for _ in range(repeat)]
        door.finish()
        if seed is not None:
            rolls = [r.seeded(seed) if r.source == "rolled" else r for r in rolls]
    else:
        from gmtool.engine.game import Game

        with Game.open(name) as game:
            rolls = game.roll(expression, door, repeat=repeat, seed=seed, who=who, secret=secret)
    docs = [r.to_json() for r in rolls]
    doc: dict[str, Any] = docs[0] if repeat == 1 else {"rolls": docs}
    if secret:
        doc["secret"] = game.logged
    if as_json:
        print_json(doc)
        return
    for r in rolls:
        typer.echo(r.describe())
    if secret:
        typer.echo(
            f"secret roll #{game.logged}: the table sees only that the GM rolled "
            f"(show it with 'gmtool roll --reveal {game.logged}')"
        )


def checked_expression(expression: str, repeat: int = 1) -> Expression:
    """``expression`` read as dice notation, refused in one line when it is not, or when it
    rolls more dice than one command may."""
    from gmtool.dice import parse

    tree = parse(expression)
    if repeat * tree.dice_count > MAX_DICE_IN_ALL:
        raise UsageError(
            f"{tree} rolled {repeat} times is {repeat * tree.dice_count:,} dice in all; "
            f"the limit is {MAX_DICE_IN_ALL:,}",
            hint="roll fewer dice or repeat fewer times",
        )
    return tree


def _check_seed(campaign: str | None, seed: int | None, seeded: bool) -> None:
    """A seed chooses the result: in a campaign it is taken only when ``--seeded`` says so,
    and then logged as seeded, so a roll logged as rolled is always the campaign's own."""
    if seeded and seed is None:
        raise UsageError("--seeded goes with --seed N", hint="give the seed, or leave --seeded out")
    if campaign is not None and seed is not None and not seeded:
        raise UsageError(
            f"--seed in campaign '{campaign}' chooses the roll instead of the campaign's dice",
            hint="add --seeded to log it as seeded (with the seed), or leave --seed out",
        )


def _reveal(ctx: typer.Context, seq: int, expression: str | None, *, as_json: bool) -> None:
    """``gmtool roll --reveal SEQ``: show the table a secret roll of the campaign's log."""
    if expression is not None:
        raise UsageError("--reveal shows a roll already made: give no dice with it")
    from gmtool.engine.game import Game

    name = campaign_name(ctx, required=True)
    assert name is not None
    with Game.open(name) as game:
        entry = game.reveal(seq)
    if as_json:
        print_json(entry.to_json())
        return
    typer.echo(revealed_words(entry, seq))


def revealed_words(entry: Entry, seq: int) -> str:
    """What the GM is told once secret roll ``seq`` is shown (``entry``: the reveal)."""
    return f"#{entry.seq} shown to the table: secret roll #{seq}, {entry.outcome}"


def odds(
    expression: str = typer.Argument(..., help="Dice notation, e.g. 3d6, 4d6kh3, adv+5"),
    vs: int = typer.Option(None, "--vs", help="Also give the chance to meet or beat N."),
    sample: int = typer.Option(
        None,
        "--sample",
        metavar="N",
        help="Estimate the odds from N rolls instead (each chance with its standard error),"
        " for dice whose exact odds would take too long.",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Exact odds of a dice expression, as a bar chart."""
    from gmtool.dice.odds import distribution
    from gmtool.dice.odds import sample as sampled

    dist = distribution(expression) if sample is None else sampled(expression, sample)
    doc = dist.to_json(vs=vs)
    if as_json:
        print_json(doc)
        return
    from gmtool.render.dice import write_odds_chart

    write_odds_chart(doc)


def register(app: typer.Typer) -> None:
    app.command()(roll)
    app.command()(odds)
