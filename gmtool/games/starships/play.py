"""``gmtool play`` for Stars & Starships: a menu of what may happen now, until the GM quits.

The rules decide what is on the menu (``systems.starships.choices``); this loop only asks,
plays the action through the campaign, and shows the result and the dashboard.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.playloop import PlayLoop, Prompts, Step, dice_list
from gmtool.engine.game import Game
from gmtool.errors import unknown


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Offer the moves the rules allow now, play the chosen one, repeat until quit."""
    from gmtool.games.starships import render as render

    def dashboard() -> None:
        console().print(render.status(game.system.status(game.state, now=time.time())))

    loop = PlayLoop(game, prompts, dashboard=dashboard)

    def entries() -> dict[str, Step]:
        from gmtool.games.starships.rules.choices import what_now

        now = what_now(game.state, game.content)
        return {label: partial(act, game, loop.ask, now) for label, act in _menu(now).items()}

    loop.run(entries)


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
    return menu


# -- the moves -------------------------------------------------------------------------


def _play(game: Game, ask: Prompts, action: dict[str, Any], *, dice: str = "") -> Any:
    """Play ``action``; when it rolls ``dice`` (named in order), ask for their faces first."""
    faces = ask.faces(dice) if dice else None
    return game.play(action, game.door(entered=faces))


def _say(outcome: Any) -> None:
    from gmtool.games.starships import render as render

    logged = {"who": outcome.who, "what": outcome.what, "outcome": outcome.outcome}
    console().print(render.note({**outcome.result, **outcome.extra, **logged}))


def _attack(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.starships import render as render

    weapon = _pick_weapon(ask, now)
    target = ask.select("Target?", now["targets"])
    actor = now["actor"]
    action = {"type": "attack", "attacker": actor, "target": target, "weapon": weapon}
    damage = game.state["combatants"][actor][weapon]["dice"]
    dice = dice_list(
        [f"{actor}'s attack d{game.content.attack.die}", f"on a hit, the damage {damage}"]
    )
    outcome = _play(game, ask, action, dice=dice)
    console().print(render.attack({**outcome.result, **outcome.extra}))


def _pick_weapon(ask: Prompts, now: dict[str, Any]) -> str:
    weapons: list[str] = now["weapons"]
    return weapons[0] if len(weapons) == 1 else ask.select("Weapon?", weapons)


def _odds(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.starships import render as render
    from gmtool.games.starships.rules.odds import attack_odds

    weapon = _pick_weapon(ask, now)
    target = ask.select("Target?", now["targets"])
    doc = attack_odds(game.state, game.content, now["actor"], target, weapon)
    console().print(render.odds(doc))


def _device(kind: str) -> Handler:
    def use(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
        description = ask.text(f"What does the {kind} do?")
        roll = ask.text("Dice to roll for it (blank: none)", check=_dice).strip() or None
        target = ask.number("Total to meet or beat (blank: you call it)") if roll else None
        action = {"type": kind, "name": now["actor"], "description": description, "roll": roll}
        if target is not None:
            action["vs"] = target
        else:
            verdict = ask.select("Did it work?", ["not decided", "success", "failure"])
            action["success"] = {"success": True, "failure": False}.get(verdict)
        dice = f"{now['actor']}'s {kind} {roll}" if roll else ""
        _say(_play(game, ask, action, dice=dice))

    return use


def _dice(text: str) -> None:
    """Refuse dice notation that does not parse, while the question is still open."""
    from gmtool.dice import parse

    if text.strip():
        parse(text.strip())


_gadget = _device("gadget")
_stream = _device("stream")


def _row(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    name = now["actor"] or ask.select("Who?", now["standing"])
    row = ask.select("Which row?", ["front", "back"])
    _say(_play(game, ask, {"type": "row", "name": name, "row": row}))


def _spender(name: str) -> Handler:
    def spend(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
        _say(_play(game, ask, {"type": "momentum_spend", "name": name}))

    return spend


def _end_turn(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    _say(_play(game, ask, {"type": "end_turn", "name": now["actor"]}))


def _end_encounter(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    reason = ask.text("Why does it end?", default="the crew withdraws")
    _say(_play(game, ask, {"type": "encounter_end", "reason": reason}))


def _start(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    table: list[str] = now["enemy_table"]

    def known(text: str) -> None:
        lower = {name.lower() for name in table}
        for name in _names(text):
            if name.lower() not in lower:
                raise unknown("enemy", name, table)

    names = ask.text(
        f"Enemies, separated by commas ({', '.join(table)}; blank: those already added)",
        check=known,
    )
    die = f"d{game.content.initiative.die}"
    dice = dice_list([f"the party's initiative {die}", f"the enemies' {die} (again on a tie)"])
    _say(_play(game, ask, {"type": "encounter_start", "enemies": _names(names)}, dice=dice))


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _add(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.starships.rules.statblock import parse_affinity, parse_weapon

    name = ask.text("Name?")
    side = ask.select("Side?", ["party", "enemies"])
    numbers = {key: ask.whole(f"{key}?", default=default) for key, default in _STATS}

    def weapon(text: str) -> None:
        if text.strip():
            parse_weapon(text.strip())

    def affinity_list(text: str) -> None:
        for item in text.split(","):
            if item.strip():
                parse_affinity(item)

    melee = ask.text("Melee weapon as DICE:TYPE (blank: none)", check=weapon).strip()
    ranged = ask.text("Ranged weapon as DICE:TYPE (blank: none)", check=weapon).strip()
    affinities = ask.text(
        "Affinities as TYPE=AFFINITY, comma-separated (blank: none)", check=affinity_list
    )
    action: dict[str, Any] = {"type": "add", "name": name, "side": side, **numbers}
    action.update(
        melee=parse_weapon(melee) if melee else None,
        ranged=parse_weapon(ranged) if ranged else None,
        affinities=dict(parse_affinity(a) for a in affinities.split(",") if a.strip()),
        row=ask.select("Row?", ["front", "back"]),
    )
    _say(_play(game, ask, action))


_STATS = (("hp", "10"), ("defense", "10"), ("might", "0"), ("dex", "0"))


def _change_hp(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    names = [c["name"] for c in game.state["combatants"].values()]
    name = ask.select("Whose HP?", names)
    change = ask.whole("Change (-4 hurts, +5 heals)?")
    _say(_play(game, ask, {"type": "hp", "name": name, "change": change}))
