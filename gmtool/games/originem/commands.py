"""``gmtool originem ...``: run an Originem session from the terminal.

Each command builds one action (stamped with the time, for the NOVA counter), plays it
through the campaign (rules, dice, log) and prints the result: rich for people, exactly
one JSON document with ``--json``. The rules live in ``gmtool.games.originem.game``.
"""

from __future__ import annotations

import time
from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, console, open_game, print_json
from gmtool.engine.game import Game
from gmtool.engine.system import Outcome
from gmtool.errors import UsageError
from gmtool.games.originem.rules.nova import CORRECTIONS

SYSTEM = "originem"

app = typer.Typer(
    help="Originem: missions of rolled scenes, fights, the NOVA counter and knowledge.",
    no_args_is_help=True,
    add_completion=False,
)
mission_app = typer.Typer(help="Start and list missions.", no_args_is_help=True)
combat_app = typer.Typer(help="Fight one step at a time.", no_args_is_help=True)
nova_app = typer.Typer(
    help="The NOVA countdown: start, pause, resume, penalty, adjust, set.", no_args_is_help=True
)
crew_app = typer.Typer(help="The crew: list, add, remove.", invoke_without_command=True)
app.add_typer(mission_app, name="mission")
app.add_typer(combat_app, name="combat")
app.add_typer(nova_app, name="nova")
app.add_typer(crew_app, name="crew")


def _names(of: str) -> Any:
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
    autocompletion=_names("missions"),
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


@mission_app.command("start")
def mission_start(
    ctx: typer.Context,
    name: str = typer.Argument(
        ...,
        help="The mission (its name or id, e.g. 'Ship Defense').",
        autocompletion=_names("missions"),
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Start a mission (at most four under way at once)."""
    show(*play_action(ctx, {"type": "mission_start", "mission": name}), as_json, "mission")


@mission_app.command("list")
def mission_list(
    ctx: typer.Context,
    all_: bool = typer.Option(False, "--all", help="Include completed missions."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The missions: under way first, then those not started, locked, complete (--all)."""
    from gmtool.games.originem.rules.missions import in_list_order

    game = open_game(ctx, SYSTEM)
    status = game.system.status(game.state, now=time.time())
    missions = in_list_order([m for m in status["missions"] if all_ or m["state"] != "complete"])
    if as_json:
        print_json(missions)
        return
    from gmtool.games.originem import render as render

    console().print(render.missions(missions))


@app.command()
def scene(
    ctx: typer.Context,
    kind: str = typer.Argument(
        ...,
        metavar="TYPE",
        help="exploration, puzzle, general, runaway or healing.",
        autocompletion=_names("scenes"),
    ),
    by: list[str] = typer.Option(
        ...,
        "--by",
        help="Who rolls: one per roll, or one name for all of them (repeat).",
        autocompletion=_names("crew"),
    ),
    mission: str = MISSION,
    target: str = typer.Option(
        None, "--target", help="Healing: who is healed.", autocompletion=_names("crew")
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


@app.command()
def runaway(
    ctx: typer.Context,
    by: list[str] = typer.Option(
        ..., "--by", help="The one crew member who rolls.", autocompletion=_names("crew")
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


@app.command()
def odds(
    ctx: typer.Context,
    kind: str = typer.Argument(
        ..., metavar="SCENE", help="The scene type.", autocompletion=_names("scenes")
    ),
    by: list[str] = typer.Option(
        None, "--by", help="Who would roll (as for 'scene').", autocompletion=_names("crew")
    ),
    each_class: bool = typer.Option(
        False, "--each-class", help="Compare the classes: one of each makes every roll."
    ),
    mission: str = MISSION,
    bonus: int = typer.Option(None, "--bonus", help="A bonus to count (default: the one waiting)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """The exact chance of each outcome of a scene before rolling."""
    from gmtool.errors import UsageError
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


@nova_app.command("start")
def nova_start(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Start the NOVA countdown."""
    show(*play_action(ctx, {"type": "nova_start"}), as_json, "nova")


@nova_app.command("pause")
def nova_pause(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Pause the countdown (a break at the table)."""
    show(*play_action(ctx, {"type": "nova_pause"}), as_json, "nova")


@nova_app.command("resume")
def nova_resume(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Resume the countdown."""
    show(*play_action(ctx, {"type": "nova_resume"}), as_json, "nova")


TIME_TAKING = {"ignore_unknown_options": True}
"""A time may start with '-' (``-5m``): read as an argument, not an unknown option."""


@nova_app.command("penalty", context_settings=TIME_TAKING)
def nova_penalty(
    ctx: typer.Context,
    name: str = typer.Argument(
        None, help="A named penalty from nova.yaml (e.g. lost), or a time: 5m, 90s, 1m30s, 2:30."
    ),
    seconds: float = typer.Option(None, "--seconds", help="Or any number of seconds."),
    minutes: float = typer.Option(None, "--minutes", help="Or any number of minutes."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Take time off the NOVA counter (-5m and 5m both take five minutes)."""
    if minutes is not None:
        seconds = minutes * 60
    penalty: str | None = name
    if name is not None:
        from gmtool.durations import parse_duration, read_duration

        taken = parse_duration(name)
        if taken is not None and taken > 0 and name.strip().startswith("+"):
            raise UsageError(
                f"a penalty takes time off; '{name}' reads as giving time back",
                hint=f"'gmtool originem nova adjust {name.strip()}' gives time back",
            )
        if taken is not None:
            penalty, seconds = None, abs(taken)
        elif name.strip() not in open_game(ctx, SYSTEM).content.nova.penalties:
            named = ", ".join(open_game(ctx, SYSTEM).content.nova.penalties) or "none"
            read_duration(
                name, "a named penalty or a time", also=f"or --seconds N; named penalties: {named}"
            )
    action = {"type": "nova_penalty", "penalty": penalty, "seconds": seconds}
    show(*play_action(ctx, action), as_json, "nova")


@nova_app.command("adjust", context_settings=TIME_TAKING)
def nova_adjust(
    ctx: typer.Context,
    by: str = typer.Argument(..., metavar="TIME", help="+5m gives time back, -90s takes it."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Correct the clock: give time back or take it (logged; 'undo' takes it back)."""
    from gmtool.durations import read_duration

    seconds = read_duration(by, "a time to add or take")
    show(*play_action(ctx, {"type": "nova_adjust", "seconds": seconds}), as_json, "nova")


@nova_app.command("set")
def nova_set(
    ctx: typer.Context,
    left: str = typer.Argument(..., metavar="TIME", help="The time left: 25:00, 10m, 1h."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Put the clock at a time left, within the campaign's length (logged)."""
    from gmtool.durations import read_duration

    seconds = read_duration(left, "a time left")
    if seconds < 0:
        raise UsageError(f"'{left}' is below zero", hint="give the time left, e.g. 25:00")
    show(*play_action(ctx, {"type": "nova_set", "seconds": seconds}), as_json, "nova")


@crew_app.callback()
def crew(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """The crew with their class and HP (or add/remove a member)."""
    if ctx.invoked_subcommand is not None:
        return
    game = open_game(ctx, SYSTEM)
    status = game.system.status(game.state, now=time.time())
    if as_json:
        print_json(status["crew"])
        return
    from gmtool.games.originem import render as render

    console().print(render.crew(status["crew"]))


@crew_app.command("add")
def crew_add(
    ctx: typer.Context,
    class_name: str = typer.Argument(
        ..., metavar="CLASS", help="doctor, engineer...", autocompletion=_names("classes")
    ),
    name: str = typer.Option(None, "--name", help="Their name (default: the class's)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Add a crew member."""
    action = {"type": "crew_add", "class": class_name, "name": name}
    show(*play_action(ctx, action), as_json)


@crew_app.command("remove")
def crew_remove(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="Who leaves the crew.", autocompletion=_names("crew")),
    as_json: bool = JSON_OPTION,
) -> None:
    """Remove a crew member."""
    show(*play_action(ctx, {"type": "crew_remove", "name": name}), as_json)


@combat_app.command("start")
def combat_start(
    ctx: typer.Context,
    enemy: list[str] = typer.Option(
        ...,
        "--enemy",
        "-e",
        help="An enemy tier (low, medium, high, miniboss, boss), TIER:COUNT or NAME=TIER (repeat).",
        autocompletion=_names("tiers"),
    ),
    gm_die: str = typer.Option(
        ..., "--gm-die", help="The GM's die: d6, d8 or d10.", autocompletion=_names("gm_dice")
    ),
    crew: list[str] = typer.Option(
        None, "--crew", help="Who fights (default: all standing).", autocompletion=_names("crew")
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
        autocompletion=_names("crew"),
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
        ..., "--by", help="The crew member who attacks.", autocompletion=_names("crew")
    ),
    target: str = typer.Option(
        ..., "--target", help="The enemy attacked.", autocompletion=_names("enemies")
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
        ..., help="The enemy who attacks.", autocompletion=_names("enemies")
    ),
    target: str = typer.Option(
        ..., "--target", help="The crew member attacked.", autocompletion=_names("crew")
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
        ..., "--by", help="The healer (the Doctor).", autocompletion=_names("crew")
    ),
    target: str = typer.Option(
        ..., "--target", help="Who is healed.", autocompletion=_names("crew")
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
