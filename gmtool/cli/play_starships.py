"""``gmtool play`` for Stars & Starships: a menu of what may happen now, until the GM quits.

The rules decide what is on the menu (``systems.starships.choices``); this loop only asks,
plays the action through the campaign, and shows the result and the dashboard.
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

QUIT = "quit"


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Offer the moves the rules allow now, play the chosen one, repeat until quit."""
    from gmtool.render import starships as render
    from gmtool.systems.starships.choices import what_now

    ask = prompts or Prompts()
    out = console()
    while True:
        out.print(render.status(game.system.status(game.state, now=time.time())))
        now = what_now(game.state, game.content)
        menu = {label: partial(handler, game, ask, now) for label, handler in _menu(now).items()}
        if not choose_and_run(ask, menu, quit=QUIT):
            return


Handler = Callable[[Game, Prompts, dict[str, Any]], None]


def _menu(now: dict[str, Any]) -> dict[str, Handler]:
    menu: dict[str, Handler] = {}
    if now["mode"] == "encounter":
        actor = now["actor"]
        if now["weapons"] and now["targets"]:
            menu[f"{actor} attacks"] = _attack
        menu[f"{actor} uses a gadget"] = _gadget
        menu[f"{actor} streams"] = _stream
        menu[f"{actor} switches row"] = _row
        for name in now["can_spend"]:
            menu[f"{name} spends Momentum on an extra turn"] = _spender(name)
        menu[f"{actor} ends their turn"] = _end_turn
        if now["targets"] and now["weapons"]:
            menu["odds of an attack"] = _odds
        menu["end the encounter (flight, surrender...)"] = _end_encounter
    elif now["mode"] == "exploration":
        if now["can_start"]:
            menu["start an encounter"] = _start
        menu["switch someone's row"] = _row
    if now["mode"] != "game_over":
        menu["add a combatant"] = _add
        menu["change someone's HP"] = _change_hp
    menu["undo the last entry"] = _undo
    return menu


# -- the moves -------------------------------------------------------------------------


def _play(game: Game, ask: Prompts, action: dict[str, Any], *, dice: bool = True) -> Any:
    """Play ``action``, asking for physical faces first when it rolls dice."""
    entered = None
    if dice:
        text = ask.text("Faces from physical dice, in order (blank: roll for me)").strip()
        if text:
            from gmtool.dice import parse_faces

            entered = parse_faces(text)
    return game.play(action, game.door(entered=entered))


def _say(outcome: Any) -> None:
    from gmtool.render import starships as render

    logged = {"who": outcome.who, "what": outcome.what, "outcome": outcome.outcome}
    console().print(render.note({**outcome.result, **outcome.extra, **logged}))


def _attack(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.render import starships as render

    weapon = _pick_weapon(ask, now)
    target = ask.select("Target?", now["targets"])
    action = {"type": "attack", "attacker": now["actor"], "target": target, "weapon": weapon}
    outcome = _play(game, ask, action)
    console().print(render.attack({**outcome.result, **outcome.extra}))


def _pick_weapon(ask: Prompts, now: dict[str, Any]) -> str:
    weapons: list[str] = now["weapons"]
    return weapons[0] if len(weapons) == 1 else ask.select("Weapon?", weapons)


def _odds(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.render import starships as render
    from gmtool.systems.starships.odds import attack_odds

    weapon = _pick_weapon(ask, now)
    target = ask.select("Target?", now["targets"])
    doc = attack_odds(game.state, game.content, now["actor"], target, weapon)
    console().print(render.odds(doc))


def _device(kind: str) -> Handler:
    def use(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
        description = ask.text(f"What does the {kind} do?")
        roll = ask.text("Dice to roll for it (blank: none)").strip() or None
        target = ask.text("Total to meet or beat (blank: you call it)").strip() if roll else ""
        action = {"type": kind, "name": now["actor"], "description": description, "roll": roll}
        if target:
            action["vs"] = _number(target)
        else:
            verdict = ask.select("Did it work?", ["not decided", "success", "failure"])
            action["success"] = {"success": True, "failure": False}.get(verdict)
        _say(_play(game, ask, action, dice=roll is not None))

    return use


_gadget = _device("gadget")
_stream = _device("stream")


def _row(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    name = now["actor"] or ask.select("Who?", now["standing"])
    row = ask.select("Which row?", ["front", "back"])
    _say(_play(game, ask, {"type": "row", "name": name, "row": row}, dice=False))


def _spender(name: str) -> Handler:
    def spend(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
        _say(_play(game, ask, {"type": "momentum_spend", "name": name}, dice=False))

    return spend


def _end_turn(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    _say(_play(game, ask, {"type": "end_turn", "name": now["actor"]}, dice=False))


def _end_encounter(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    reason = ask.text("Why does it end?", default="the crew withdraws")
    _say(_play(game, ask, {"type": "encounter_end", "reason": reason}, dice=False))


def _start(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    table = ", ".join(now["enemy_table"])
    names = ask.text(f"Enemies, separated by commas ({table}; blank: those already added)")
    enemies = [name.strip() for name in names.split(",") if name.strip()]
    _say(_play(game, ask, {"type": "encounter_start", "enemies": enemies}))


def _add(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.systems.starships.statblock import parse_affinity, parse_weapon

    name = ask.text("Name?")
    side = ask.select("Side?", ["party", "enemies"])
    numbers = {key: _number(ask.text(f"{key}?", default)) for key, default in _STATS}
    melee = ask.text("Melee weapon as DICE:TYPE (blank: none)").strip()
    ranged = ask.text("Ranged weapon as DICE:TYPE (blank: none)").strip()
    affinities = ask.text("Affinities as TYPE=AFFINITY, comma-separated (blank: none)")
    action: dict[str, Any] = {"type": "add", "name": name, "side": side, **numbers}
    action.update(
        melee=parse_weapon(melee) if melee else None,
        ranged=parse_weapon(ranged) if ranged else None,
        affinities=dict(parse_affinity(a) for a in affinities.split(",") if a.strip()),
        row=ask.select("Row?", ["front", "back"]),
    )
    _say(_play(game, ask, action, dice=False))


_STATS = (("hp", "10"), ("defense", "10"), ("might", "0"), ("dex", "0"))


def _number(text: str) -> int:
    from gmtool.errors import UsageError

    try:
        return int(text)
    except ValueError:
        raise UsageError(f"'{text}' is not a whole number") from None


def _change_hp(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    names = [c["name"] for c in game.state["combatants"].values()]
    name = ask.select("Whose HP?", names)
    change = _number(ask.text("Change (-4 hurts, +5 heals)?"))
    _say(_play(game, ask, {"type": "hp", "name": name, "change": change}, dice=False))


def _undo(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    entry = game.undo()
    console().print(f"undone #{entry.seq}: {escape(entry.what or entry.kind)}")
