"""``gmtool originem scene``, ``runaway`` and ``odds``: a scene rolled and looked up, a
run from a fight, and the exact odds of a scene before it is rolled (registered on the
group by ``commands/__init__``)."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION, open_game, print_json
from gmtool.errors import UsageError
from gmtool.games.originem.commands.shared import (
    DICE,
    MISSION,
    PHONES,
    SYSTEM,
    campaign_names,
    from_phones,
    play_action,
    show,
)


def scene(
    ctx: typer.Context,
    kind: str = typer.Argument(
        ...,
        metavar="TYPE",
        help="exploration, puzzle, general, runaway or healing.",
        autocompletion=campaign_names("scenes"),
    ),
    by: list[str] = typer.Option(
        ...,
        "--by",
        help="Who rolls: one per roll, or one name for all of them (repeat).",
        autocompletion=campaign_names("crew"),
    ),
    mission: str = MISSION,
    target: str = typer.Option(
        None, "--target", help="Healing: who is healed.", autocompletion=campaign_names("crew")
    ),
    dice: list[str] = DICE,
    phones: bool = PHONES,
    as_json: bool = JSON_OPTION,
) -> None:
    """Play a scene: each roller rolls their class's die, the total is looked up."""
    action = {"type": "scene", "scene": kind, "by": list(by), "mission": mission, "target": target}
    show(
        *(from_phones(ctx, action, dice) if phones else play_action(ctx, action, dice)),
        as_json,
        "scene",
    )


def runaway(
    ctx: typer.Context,
    by: list[str] = typer.Option(
        ..., "--by", help="The one crew member who rolls.", autocompletion=campaign_names("crew")
    ),
    mission: str = MISSION,
    dice: list[str] = DICE,
    phones: bool = PHONES,
    as_json: bool = JSON_OPTION,
) -> None:
    """Try to run from a fight before it starts: one roll."""
    action = {"type": "runaway", "by": list(by), "mission": mission}
    show(
        *(from_phones(ctx, action, dice) if phones else play_action(ctx, action, dice)),
        as_json,
        "scene",
    )


def odds(
    ctx: typer.Context,
    kind: str = typer.Argument(
        ..., metavar="SCENE", help="The scene type.", autocompletion=campaign_names("scenes")
    ),
    by: list[str] = typer.Option(
        None, "--by", help="Who would roll (as for 'scene').", autocompletion=campaign_names("crew")
    ),
    each_class: bool = typer.Option(
        False, "--each-class", help="Compare the classes: one of each makes every roll."
    ),
    mission: str = MISSION,
    bonus: int = typer.Option(None, "--bonus", help="A bonus to count (default: the one waiting)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The exact chance of each outcome of a scene before rolling."""
    from gmtool.games.originem.rules.odds import class_odds, odds_json, scene_odds

    if bool(by) == each_class:
        raise UsageError("give --by NAME (who would roll) or --each-class, one of the two")
    game = open_game(ctx, SYSTEM)
    if each_class:
        compared = class_odds(game.state, game.content, kind)
        doc = {**compared, "classes": [odds_json(c) for c in compared["classes"]]}
    else:
        doc = odds_json(
            scene_odds(game.state, game.content, kind, list(by), mission=mission, bonus=bonus)
        )
    if as_json:
        print_json(doc)
        return
    from gmtool.games.originem.render_odds import class_odds as chart_classes
    from gmtool.games.originem.render_odds import odds as chart

    (chart_classes(doc) if each_class else chart(doc)).write()
