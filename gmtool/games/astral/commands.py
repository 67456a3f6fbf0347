"""``gmtool astral ...``: referee ticks on the Astral Plane from the command line."""

from __future__ import annotations

from typing import Any

import typer

from gmtool.cli.common import DICE_OPTION, JSON_OPTION, emit, game_door, open_game

app = typer.Typer(
    help="Astral: entities, distances, ticks, tasks, knock-outs and attack odds.",
    no_args_is_help=True,
    add_completion=False,
)
task_app = typer.Typer(help="Tasks: start one, or salvage a partial success.", no_args_is_help=True)
app.add_typer(task_app, name="task")

TICK_DICE_OPTION = typer.Option(
    None,
    "--dice",
    help="Faces per roller, NAME=F,F (repeat); or every face in roll order, F,F,...",
)


def _names(ctx: Any, args: list[str], incomplete: str) -> list[str]:
    """``autocompletion=`` with the names of the campaign's entities."""
    from gmtool.cli.completion import from_campaign

    complete = from_campaign("astral", lambda game: [e["name"] for e in game.state["entities"]])
    return complete(ctx, args, incomplete)


def _play(
    ctx: typer.Context,
    action: dict[str, Any],
    dice: str | None,
    as_json: bool,
    render: str = "events",
) -> None:
    from gmtool.games.astral import render as view

    game = open_game(ctx, "astral")
    outcome = game.play(action, game_door(game, dice))
    emit(outcome.result, as_json, getattr(view, render))


@app.command("add")
def add(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="One word: letters, digits, - _ . '"),
    npc: bool = typer.Option(False, "--npc", help="A non-player character (uses its TN as CV)."),
    is_object: bool = typer.Option(False, "--object", help="An object: no Aura, cannot act."),
    tn: int = typer.Option(None, "--tn", help="An NPC's Target Number (default 7)."),
    aura: int = typer.Option(None, "--aura", help="Starting Aura (default 12)."),
    knowledge: str = typer.Option(None, "--knowledge", help="Areas of Knowledge: a,b,c."),
    languages: str = typer.Option(
        None, "--languages", help="The languages it knows (default: the shared one)."
    ),
    at: str = typer.Option(None, "--at", help="Distance to everyone present (default near)."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Add a player character, an NPC (--npc) or an object (--object)."""
    from gmtool.errors import UsageError

    if npc and is_object:
        raise UsageError(
            "an entity is an NPC or an object, not both", hint="drop --npc or --object"
        )
    kind = "npc" if npc else "object" if is_object else "pc"
    action = {
        "type": "add",
        "name": name,
        "kind": kind,
        "aura": aura,
        "tn": tn,
        "knowledge": knowledge,
        "languages": languages,
        "at": at,
    }
    _play(ctx, action, None, as_json)


@app.command("set")
def set_(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The entity to change.", autocompletion=_names),
    aura: int = typer.Option(None, "--aura", help="Its Aura now."),
    starting_aura: int = typer.Option(None, "--starting-aura", help="Its starting (full) Aura."),
    tn: int = typer.Option(None, "--tn", help="An NPC's Target Number."),
    knowledge: str = typer.Option(None, "--knowledge", help="Areas of Knowledge: a,b,c."),
    languages: str = typer.Option(None, "--languages", help="The languages it knows: a,b."),
    force: bool = typer.Option(
        False, "--force", help="Allow Aura above the starting Aura, or at 0 or less."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Change an entity's Aura, starting Aura, TN, Knowledge or languages (the GM's word)."""
    action = {
        "type": "set",
        "name": name,
        "aura": aura,
        "starting_aura": starting_aura,
        "tn": tn,
        "knowledge": knowledge,
        "languages": languages,
        "force": force,
    }
    _play(ctx, action, None, as_json)


@app.command("distance")
def distance(
    ctx: typer.Context,
    first: str = typer.Argument(..., help="One entity.", autocompletion=_names),
    second: str = typer.Argument(..., help="The other entity.", autocompletion=_names),
    value: str = typer.Argument(..., help="touching, near, far or away."),
    force: bool = typer.Option(False, "--force", help="Overrule an Away lockout."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Set the distance between two entities (it is the same both ways)."""
    action = {"type": "distance", "a": first, "b": second, "distance": value, "force": force}
    _play(ctx, action, None, as_json)


@app.command("tick")
def tick(
    ctx: typer.Context,
    act: list[str] = typer.Option(
        None, "--act", help='A declaration, "NAME ACTION [TARGET…]" (repeat, one per character).'
    ),
    dice: list[str] = TICK_DICE_OPTION,
    phones: bool = typer.Option(
        False,
        "--phones",
        help="The player characters not declared here declare (and roll) on their screens "
        "in gmtool serve; this waits for them (Ctrl-C takes it back).",
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Resolve one tick: everyone's declared action at once (silence means hesitate).

    Actions: attack T, block T, defend, examine T, hesitate, rest,
    move T… to DISTANCE, work TASK, and speak MESSAGE (once a tick, on top).
    Faces: --dice NAME=F,F per roller (CV first, then a task it finishes);
    the GM's timer rolls as --dice GM=F,F.
    """
    from gmtool.games.astral.render import tick as render_tick

    game = open_game(ctx, "astral")
    if phones:
        emit(_tick_from_phones(game, list(act or []), dice), as_json, render_tick)
        return
    door = _tick_door(game, dice or [])
    outcome = game.play({"type": "tick", "declarations": list(act or [])}, door)
    emit(outcome.result, as_json, render_tick)


def _tick_from_phones(game: Any, acts: list[str], dice: list[str] | None) -> dict[str, Any]:
    """The GM's declarations (the NPCs'), the rest left to the player characters'
    screens: the tick's result once ``gmtool serve`` has played it."""
    from gmtool.cli.phones import asked_of, played_from_screens
    from gmtool.errors import UsageError
    from gmtool.games.astral.rules.declarations import check_declarations

    if dice:
        raise UsageError("--phones leaves the dice to the players' screens", hint="drop --dice")
    actions, speeches = check_declarations(game.state, game.content, acts)
    declared = [*actions.values(), *speeches]
    tick = {"type": "tick", "declarations": declared}
    left = asked_of(game, tick)
    if not left:
        raise UsageError(
            "every player character is declared here: no screen is left to ask",
            hint="drop --phones to play the tick",
        )
    whom = " and ".join(f"{name}'s" for name in left) + " declarations"
    return played_from_screens(game, tick, whom, left)


def _tick_door(game: Any, items: list[str]) -> Any:
    from gmtool.dice import parse_faces, parse_faces_by
    from gmtool.errors import UsageError
    from gmtool.games.astral.rules.lookups import canonical

    flat = [item for item in items if "=" not in item]
    named = [item for item in items if "=" in item]
    if len(flat) > 1:
        raise UsageError(
            "faces in roll order go in one --dice option",
            hint="e.g. --dice 3,4,6,2, or name them: --dice Ana=3,4",
        )
    referee = game.content.timers.referee_name
    entered_by: dict[str, list[int]] = {}
    for item in named:
        ((who, faces),) = parse_faces_by([item]).items()
        name = canonical(game.state, who, referee)
        if name in entered_by:
            raise UsageError(
                f"faces for {name} are given twice",
                hint=f"give all of {name}'s faces in one option, in roll order: --dice {name}=F,F",
            )
        entered_by[name] = faces
    entered = parse_faces(flat[0]) if flat else None
    return game.door(entered=entered, entered_by=entered_by or None)


@task_app.command("new")
def task_new(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The task's name."),
    by: str = typer.Option(
        ..., "--by", help="The character whose task it is.", autocompletion=_names
    ),
    ticks: int = typer.Option(..., "--ticks", help="Ticks of work it takes."),
    tn: int = typer.Option(None, "--tn", help="Its TN, if it may fail."),
    knowledge: str = typer.Option(None, "--knowledge", help="The Knowledge area that helps."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Start a task: WORK advances it; when done, 2d6 (+2 with Knowledge) against the TN."""
    action = {
        "type": "task_new",
        "name": name,
        "by": by,
        "ticks": ticks,
        "tn": tn,
        "knowledge": knowledge,
    }
    _play(ctx, action, None, as_json)


@task_app.command("salvage")
def task_salvage(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="A task whose roll equalled its TN."),
    dice: str = DICE_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """Roll once more at +1 to save a partial success (at or below the TN it fails)."""
    _play(ctx, {"type": "salvage", "task": name}, dice, as_json)


@app.command("disturb")
def disturb(
    ctx: typer.Context,
    pc: str = typer.Argument(..., help="The PC handling the NPC.", autocompletion=_names),
    npc: str = typer.Argument(..., help="The unconscious NPC.", autocompletion=_names),
    dice: str = DICE_OPTION,
    as_json: bool = JSON_OPTION,
) -> None:
    """A PC disturbs an unconscious NPC: above its TN it stays out, else it wakes with 1 Aura."""
    _play(ctx, {"type": "disturb", "who": pc, "target": npc}, dice, as_json)


@app.command("final-attack")
def final_attack(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Mark the fight's final attack: Away lockouts then only wait for their ticks."""
    _play(ctx, {"type": "mark_final_attack"}, None, as_json)


@app.command("odds")
def odds(
    ctx: typer.Context,
    attacker: str = typer.Argument(..., help="Who attacks.", autocompletion=_names),
    target: str = typer.Argument(..., help="Who is attacked.", autocompletion=_names),
    target_action: str = typer.Option(
        "hesitate", "--target-action", help="What the target declares (attack = attacks back)."
    ),
    blocked_by: list[str] = typer.Option(
        None, "--blocked-by", help="A blocker (repeat).", autocompletion=_names
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Exact chance that the attacker's CV beats the target's, with today's modifiers."""
    from gmtool.games.astral.render_odds import odds as render_odds
    from gmtool.games.astral.rules.odds import attack_odds

    game = open_game(ctx, "astral")
    doc = attack_odds(
        game.state,
        game.content,
        attacker,
        target,
        target_action=target_action.casefold(),
        blockers=blocked_by or [],
    )
    emit(doc, as_json, render_odds)
