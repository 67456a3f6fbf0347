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

from rich.markup import escape

from gmtool.cli.common import console
from gmtool.cli.prompts import Prompts, choose_and_run
from gmtool.engine.game import Game
from gmtool.errors import DiceError, UsageError
from gmtool.systems.astral.content import DISTANCES

QUIT = "quit"
NOBODY = "nobody"
BLANK_ROLLS = "(blank: roll for me)"


Handler = Callable[[Game, Prompts], None]


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Show the dashboard, offer what can be done, play it; repeat until quit."""
    from gmtool.render import astral as render

    ask = prompts or Prompts()
    out = console()
    while True:
        out.print(render.status(game.system.status(game.state, now=time.time())))
        menu = {label: partial(handler, game, ask) for label, handler in _menu(game).items()}
        if not choose_and_run(ask, menu, quit=QUIT):
            return


def _menu(game: Game) -> dict[str, Handler]:
    from gmtool.systems.astral.choices import actors, extras

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
            "undo the last entry": _undo,
        }
    )
    return menu


# -- the tick --------------------------------------------------------------------------


def _tick(game: Game, ask: Prompts) -> None:
    from gmtool.dice import parse_faces
    from gmtool.render import astral as render
    from gmtool.systems.astral.choices import action_menu, actors, referee_rolls, rollers

    declarations: list[dict[str, Any]] = []
    for who in actors(game.state):
        options = action_menu(game.state, game.content, who)
        choice = ask.select(f"{who} does what?", list(options))
        declarations.append(_declaration(ask, who, choice, options[choice]))
    declarations += _speeches(ask, actors(game.state))
    rolls = rollers(game.state, game.content, declarations)
    tick = {"type": "tick", "declarations": declarations}

    referee = game.content.timers.referee_name

    def ask_and_play() -> Any:
        entered: dict[str, list[int]] = {}
        for name, what in rolls.items():
            text = ask.text(f"{name} rolls {', then '.join(what)}: faces {BLANK_ROLLS}").strip()
            if text:
                entered[name] = parse_faces(text)
        dry_run = game.door(entered_by=entered or None)
        timers = referee_rolls(game.state, game.content, declarations, dry_run)
        if timers:
            question = f"The {referee} rolls {', then '.join(timers)}: faces {BLANK_ROLLS}"
            text = ask.text(question).strip()
            if text:
                entered[referee] = parse_faces(text)
        return game.play(tick, game.door(entered_by=entered or None))

    outcome = _until_faces_fit(ask_and_play)
    console().print(render.tick(outcome.result))


def _until_faces_fit(attempt: Callable[[], Any]) -> Any:
    """Run ``attempt`` again after faces that do not fit, so nothing else is asked twice.

    Leaving the faces blank rolls them, which always fits.
    """
    while True:
        try:
            return attempt()
        except DiceError as error:
            console().print(f"[red]error:[/red] {escape(error.line())} — enter the faces again")


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
    from gmtool.render import astral as render

    def faces() -> list[int] | None:
        from gmtool.dice import parse_faces

        text = ask.text(f"Faces for {rolls} {BLANK_ROLLS}").strip() if rolls else ""
        return parse_faces(text) if text else None

    outcome = _until_faces_fit(lambda: game.play(action, game.door(entered=faces())))
    console().print(render.events(outcome.result))


def _odds(game: Game, ask: Prompts) -> None:
    from gmtool.render import astral as render
    from gmtool.systems.astral.choices import action_menu, actors
    from gmtool.systems.astral.odds import TARGET_ACTIONS, attack_odds

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
    from gmtool.systems.astral.choices import extras

    task = ask.select("Which task?", extras(game.state)["salvage"])
    rolls = f"the salvage roll ({game.content.tasks.dice})"
    _play(game, ask, {"type": "salvage", "task": task}, rolls=rolls)


def _disturb(game: Game, ask: Prompts) -> None:
    from gmtool.systems.astral.choices import disturbers, extras

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
    name = ask.text("Name (one word)?")
    kind = ask.select("What is it?", ["pc", "npc", "object"])
    action: dict[str, Any] = {"type": "add", "name": name, "kind": kind}
    if kind != "object":
        action["aura"] = _optional_number(ask.text("Starting Aura (blank: the default)?"))
        action["knowledge"] = ask.text("Knowledge areas, comma-separated (blank: none yet)")
    if kind == "npc":
        action["tn"] = _optional_number(ask.text("TN (blank: the default)?"))
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
        "ticks": _optional_number(ask.text("Ticks of work?")),
        "tn": _optional_number(ask.text("TN (blank: it cannot fail)?")),
        "knowledge": ask.text("Knowledge area that helps (blank: none)?").strip() or None,
    }
    _play(game, ask, action)


def _change(game: Game, ask: Prompts) -> None:
    names = [e["name"] for e in game.state["entities"] if e["kind"] != "object"]
    name = ask.select("Whom?", names)
    what = ask.select("Change what?", ["aura", "starting_aura", "tn", "knowledge"])
    value: Any = ask.text(f"New {what.replace('_', ' ')}?")
    if what != "knowledge":
        value = _optional_number(value)
    _play(game, ask, {"type": "set", "name": name, what: value})


def _optional_number(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"'{text}' is not a whole number") from None


def _undo(game: Game, ask: Prompts) -> None:
    entry = game.undo()
    console().print(f"undone #{entry.seq}: {escape(entry.what or entry.kind)}")
