"""``gmtool originem combat ...``: a fight one step at a time."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION
from gmtool.games.originem.commands.shared import (
    DICE,
    MISSION,
    campaign_names,
    play_action,
    show,
)

combat_app = typer.Typer(help="Fight one step at a time.", no_args_is_help=True)


@combat_app.command("start")
def combat_start(
    ctx: typer.Context,
    enemy: list[str] = typer.Option(
        ...,
        "--enemy",
        "-e",
        help="An enemy tier (low, medium, high, miniboss, boss), TIER:COUNT or NAME=TIER (repeat).",
        autocompletion=campaign_names("tiers"),
    ),
    gm_die: str = typer.Option(
        ...,
        "--gm-die",
        help="The GM's die: d6, d8 or d10.",
        autocompletion=campaign_names("gm_dice"),
    ),
    crew: list[str] = typer.Option(
        None,
        "--crew",
        help="Who fights (default: all standing).",
        autocompletion=campaign_names("crew"),
    ),
    mission: str = MISSION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Start a fight against enemies of the given tiers."""
    action = {
        "type": "combat_start",
        "enemies": list(enemy),
        "gm_die": gm_die,
        "crew": list(crew) if crew else None,
        "mission": mission,
    }
    show(*play_action(ctx, action), as_json, "combat")


@combat_app.command("initiative")
def combat_initiative(
    ctx: typer.Context,
    by: str = typer.Option(
        ...,
        "--by",
        help="The crew member who rolls against the GM.",
        autocompletion=campaign_names("crew"),
    ),
    dice: list[str] = DICE,
    as_json: bool = JSON_OPTION,
) -> None:
    """Phase one: a crew member and the GM roll; the higher side attacks first."""
    show(*play_action(ctx, {"type": "combat_initiative", "by": by}, dice), as_json, "combat")


@combat_app.command("attack")
def combat_attack(
    ctx: typer.Context,
    by: str = typer.Option(
        ..., "--by", help="The crew member who attacks.", autocompletion=campaign_names("crew")
    ),
    target: str = typer.Option(
        ..., "--target", help="The enemy attacked.", autocompletion=campaign_names("enemies")
    ),
    dice: list[str] = DICE,
    as_json: bool = JSON_OPTION,
) -> None:
    """A crew attack: damage on the attacker's die, then the enemy's block roll."""
    action = {"type": "combat_attack", "by": by, "target": target}
    show(*play_action(ctx, action, dice), as_json, "combat")


@combat_app.command("enemy-attack")
def combat_enemy_attack(
    ctx: typer.Context,
    enemy: str = typer.Argument(
        ..., help="The enemy who attacks.", autocompletion=campaign_names("enemies")
    ),
    target: str = typer.Option(
        ..., "--target", help="The crew member attacked.", autocompletion=campaign_names("crew")
    ),
    dice: list[str] = DICE,
    as_json: bool = JSON_OPTION,
) -> None:
    """An enemy attack: damage on the GM's die, then the crew member's block roll."""
    action = {"type": "combat_enemy_attack", "enemy": enemy, "target": target}
    show(*play_action(ctx, action, dice), as_json, "combat")


@combat_app.command("heal")
def combat_heal(
    ctx: typer.Context,
    by: str = typer.Option(
        ..., "--by", help="The healer (the Doctor).", autocompletion=campaign_names("crew")
    ),
    target: str = typer.Option(
        ..., "--target", help="Who is healed.", autocompletion=campaign_names("crew")
    ),
    dice: list[str] = DICE,
    as_json: bool = JSON_OPTION,
) -> None:
    """The healing phase: a d8, 5 HP back on 4 or more."""
    action = {"type": "combat_heal", "by": by, "target": target}
    show(*play_action(ctx, action, dice), as_json, "combat")


@combat_app.command("end-turn")
def combat_end_turn(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Pass the rest of the current turn (or skip the healing phase)."""
    show(*play_action(ctx, {"type": "combat_end_turn"}), as_json, "combat")


@combat_app.command("end")
def combat_end(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Call the fight off: no side wins and no scene is completed."""
    show(*play_action(ctx, {"type": "combat_end"}), as_json, "combat")
