"""``gmtool play`` for Astral: declare every character's action, roll or enter the dice,
see the tick resolved, and everything else a GM does between ticks.

The rules decide what is on offer (``systems.astral.choices``); this loop only asks, plays
the action through the campaign and shows the result and the dashboard.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.playloop import AskAgain, PlayLoop, Prompts, Step, dice_list
from gmtool.engine.game import Game
from gmtool.errors import DiceError, UsageError
from gmtool.games.astral.rules.content import DISTANCES

NOBODY = "nobody"


Handler = Callable[[Game, Prompts], None]


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Show the dashboard, offer what can be done, play it; repeat until quit."""
    from gmtool.games.astral import render as render

    def dashboard() -> None:
        console().print(render.status(game.system.status(game.state, now=time.time())))

    loop = PlayLoop(game, prompts, dashboard=dashboard)

    def entries() -> dict[str, Step]:
        return {label: partial(handler, game, loop.ask) for label, handler in _menu(game).items()}

    loop.run(entries)


def _menu(game: Game) -> dict[str, Handler]:
    from gmtool.games.astral.rules.choices import actors, extras

    now = extras(game.state)
    menu: dict[str, Handler] = {}
    if actors(game.state):
        menu["play a tick"] = _tick
        menu["odds of an attack"] = _odds
    if now["salvage"]:
        menu["salvage a partial task"] = _salvage
    if now["disturb"]:
        menu["a PC disturbs an unconscious NPC"] = _disturb
    if now["final_attack"]:
        menu["mark the final attack"] = _final_attack
    menu.update(
        {
            "add an entity": _add,
            "set a distance": _distance,
            "start a task": _task,
            "change an entity (Aura, TN, Knowledge)": _change,
        }
    )
    return menu


# -- the tick --------------------------------------------------------------------------


def _tick(game: Game, ask: Prompts) -> None:
    from gmtool.games.astral import render as render
    from gmtool.games.astral.rules.choices import action_menu, actors, referee_rolls, rollers

    declarations: list[dict[str, Any]] = []
    for who in actors(game.state):
        options = action_menu(game.state, game.content, who)
        choice = ask.select(f"{who} does what?", list(options))
        declarations.append(_declaration(ask, who, choice, options[choice]))
    declarations += _speeches(ask, actors(game.state))
    rolls = rollers(game.state, game.content, declarations)
    tick = {"type": "tick", "declarations": declarations}
    referee = game.content.timers.referee_name
    first_faces = ask.answered
    try:
        entered: dict[str, list[int]] = {}
        for name, what in rolls.items():
            faces = ask.faces(f"{name}'s {dice_list(what)}")
            if faces is not None:
                entered[name] = faces
        dry_run = game.door(entered_by=entered or None)
        timers = referee_rolls(game.state, game.content, declarations, dry_run)
        if timers:
            faces = ask.faces(f"the {referee}'s {dice_list(timers)}")
            if faces is not None:
                entered[referee] = faces
        outcome = game.play(tick, game.door(entered_by=entered or None))
    except DiceError as error:
        # Which roller's faces were wrong is in the reason: ask every roller's faces again,
        # the declarations kept.
        raise AskAgain(error, keep=first_faces) from None
    console().print(render.tick(outcome.result))


def _declaration(ask: Prompts, who: str, action: str, targets: list[str]) -> dict[str, Any]:
    declaration: dict[str, Any] = {"who": who, "action": action}
    if action in ("attack", "block", "examine"):
        declaration["target"] = ask.select(f"{who} {action}s whom?", targets)
    elif action == "work":
        declaration["task"] = (
            targets[0] if len(targets) == 1 else ask.select("Which task?", targets)
        )
    elif action == "move":
        text = ask.text(f"{who} moves relative to whom? ({', '.join(targets)}; comma-separated)")
        declaration["targets"] = [name.strip() for name in text.split(",") if name.strip()]
        declaration["to"] = ask.select("To what distance?", list(DISTANCES))
    return declaration


def _speeches(ask: Prompts, speakers: list[str]) -> list[dict[str, Any]]:
    spoken: list[dict[str, Any]] = []
    left = list(speakers)
    while left:
        who = ask.select("Does anyone speak this tick?", [NOBODY, *left])
        if who == NOBODY:
            break
        message = ask.text(f"What does {who} say?")
        spoken.append({"who": who, "action": "speak", "message": message})
        left.remove(who)
    return spoken


# -- between ticks ---------------------------------------------------------------------


def _play(game: Game, ask: Prompts, action: dict[str, Any], *, rolls: str = "") -> None:
    """Play ``action``; when it ``rolls`` (e.g. "Cy's 2d6"), ask for physical faces first."""
    from gmtool.games.astral import render as render

    faces = ask.faces(rolls) if rolls else None
    outcome = game.play(action, game.door(entered=faces))
    console().print(render.events(outcome.result))


def _odds(game: Game, ask: Prompts) -> None:
    from gmtool.games.astral import render as render
    from gmtool.games.astral.rules.choices import action_menu, actors
    from gmtool.games.astral.rules.odds import TARGET_ACTIONS, attack_odds

    attacker = ask.select("Who attacks?", actors(game.state))
    targets = action_menu(game.state, game.content, attacker).get("attack", [])
    if not targets:
        raise UsageError(f"{attacker} has nobody within reach to attack")
    target = ask.select("Whom?", targets)
    target_action = ask.select(f"What does {target} declare?", list(TARGET_ACTIONS))
    blockers = ask.text("Blockers, comma-separated (blank: none)")
    names = [name.strip() for name in blockers.split(",") if name.strip()]
    doc = attack_odds(
        game.state, game.content, attacker, target, target_action=target_action, blockers=names
    )
    console().print(render.odds(doc))


def _salvage(game: Game, ask: Prompts) -> None:
    from gmtool.games.astral.rules.choices import extras

    task = ask.select("Which task?", extras(game.state)["salvage"])
    rolls = f"the salvage roll ({game.content.tasks.dice})"
    _play(game, ask, {"type": "salvage", "task": task}, rolls=rolls)


def _disturb(game: Game, ask: Prompts) -> None:
    from gmtool.games.astral.rules.choices import disturbers, extras

    npc = ask.select("Which NPC?", extras(game.state)["disturb"])
    pcs = disturbers(game.state, game.content, npc)
    if not pcs:
        reach = game.content.combat.reach.disturb
        raise UsageError(f"no PC is close enough to disturb {npc}", hint=f"{reach} or closer")
    pc = ask.select("Which PC disturbs it?", pcs)
    rolls = f"{pc}'s {game.content.combat.dice}"
    _play(game, ask, {"type": "disturb", "who": pc, "target": npc}, rolls=rolls)


def _final_attack(game: Game, ask: Prompts) -> None:
    _play(game, ask, {"type": "mark_final_attack"})


def _add(game: Game, ask: Prompts) -> None:
    from gmtool.games.astral.rules.choices import check_new_name

    name = ask.text("Name (one word)?", check=partial(check_new_name, game.state, game.content))
    kind = ask.select("What is it?", ["pc", "npc", "object"])
    action: dict[str, Any] = {"type": "add", "name": name, "kind": kind}
    if kind != "object":
        action["aura"] = ask.number("Starting Aura (blank: the default)?")
        action["knowledge"] = ask.text("Knowledge areas, comma-separated (blank: none yet)")
        action["languages"] = ask.text("Languages, comma-separated (blank: the shared one)")
    if kind == "npc":
        action["tn"] = ask.number("TN (blank: the default)?")
    action["at"] = ask.select("Distance to everyone present?", list(DISTANCES))
    _play(game, ask, action)


def _distance(game: Game, ask: Prompts) -> None:
    names = [e["name"] for e in game.state["entities"]]
    first = ask.select("Between?", names)
    second = ask.select("And?", [n for n in names if n != first])
    value = ask.select("Distance?", list(DISTANCES))
    _play(game, ask, {"type": "distance", "a": first, "b": second, "distance": value})


def _task(game: Game, ask: Prompts) -> None:
    beings = [e["name"] for e in game.state["entities"] if e["kind"] != "object"]
    action = {
        "type": "task_new",
        "name": ask.text("Task name?"),
        "by": ask.select("Whose task?", beings),
        "ticks": ask.number("Ticks of work?"),
        "tn": ask.number("TN (blank: it cannot fail)?"),
        "knowledge": ask.text("Knowledge area that helps (blank: none)?").strip() or None,
    }
    _play(game, ask, action)


def _change(game: Game, ask: Prompts) -> None:
    names = [e["name"] for e in game.state["entities"] if e["kind"] != "object"]
    name = ask.select("Whom?", names)
    what = ask.select("Change what?", ["aura", "starting_aura", "tn", "knowledge", "languages"])
    question = f"New {what.replace('_', ' ')}?"
    texts = ("knowledge", "languages")
    value: Any = ask.text(question) if what in texts else ask.number(question)
    action: dict[str, Any] = {"type": "set", "name": name, what: value}
    entity = next(e for e in game.state["entities"] if e["name"] == name)
    if what == "aura" and value is not None and not 1 <= value <= entity["starting_aura"]:
        # Beyond what play can bring about: the GM confirms instead of typing --force.
        why = (
            f"above {name}'s starting Aura of {entity['starting_aura']}"
            if value > entity["starting_aura"]
            else "0 or less: a knock-out at the end of the next tick"
        )
        if ask.select(f"Aura {value} is {why}. Set it anyway?", ["no", "yes"]) == "no":
            return
        action["force"] = True
    _play(game, ask, action)
