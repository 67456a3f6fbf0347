"""``gmtool play`` for Originem: mission → scene → who rolls → roll or enter the faces →
outcome applied → dashboard, until the GM quits. The NOVA clock is redrawn under the menu
while it runs.

The rules say what is open (``systems.originem.choices``); this loop asks and plays.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.playloop import PlayLoop, Prompts, Step, dice_list, say
from gmtool.engine.game import Game
from gmtool.errors import RulesError

NO_MISSION = "no mission"

Handler = Callable[[Game, Prompts, dict[str, Any]], None]


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Show the dashboard, offer what may happen now, play it; repeat until quit."""
    from gmtool.games.originem import render as render
    from gmtool.games.originem.render import clock

    def dashboard() -> None:
        console().print(render.status(game.system.status(game.state, now=time.time())))

    def nova_line() -> str:
        nova = game.system.status(game.state, now=time.time())["nova"]
        if not nova["running"]:
            return ""
        return f"NOVA: {clock(nova['remaining_seconds'])} left, running"

    loop = PlayLoop(
        game, prompts, dashboard=dashboard, live=nova_line, goodbye=partial(_remind, game)
    )

    def entries() -> dict[str, Step]:
        from gmtool.games.originem.rules.choices import what_now

        now = what_now(game.state, game.content, time.time())
        return {label: partial(act, game, loop.ask, now) for label, act in _menu(now).items()}

    loop.run(entries)


def _remind(game: Game) -> None:
    """Leaving the session does not stop the countdown: say so."""
    from gmtool.games.originem.render import clock

    nova = game.system.status(game.state, now=time.time())["nova"]
    if nova["running"]:
        say(
            f"NOVA keeps running ({clock(nova['remaining_seconds'])} left); "
            "'gmtool originem nova pause' stops it for a break."
        )


def _menu(now: dict[str, Any]) -> dict[str, Handler]:
    menu: dict[str, Handler] = {}
    fight = now["fight"]
    if now["ended"]:
        pass
    elif now["engaged"]:
        menu["start the fight (the runaway failed)"] = _engaged_fight
    elif fight is not None:
        turn = fight["turn"]
        if turn == "initiative":
            menu["roll initiative"] = _initiative
        elif turn == "crew":
            menu["a crew member attacks"] = _attack
        elif turn == "enemies":
            menu["an enemy attacks"] = _enemy_attack
        elif turn == "heal":
            menu["heal"] = _heal
        if turn != "initiative":
            menu["end this turn"] = _simple({"type": "combat_end_turn"})
        menu["call the fight off"] = _simple({"type": "combat_end"})
    else:
        menu["play a scene"] = _scene
        menu["start a fight"] = _fight
        if now["startable"]:
            menu["start a mission"] = _start_mission
        menu["odds of a scene"] = _odds
    if not now["ended"]:
        menu[f"NOVA: {now['nova']}"] = _simple({"type": f"nova_{now['nova']}"})
    return menu


def _play(game: Game, action: dict[str, Any], faces: list[int] | None = None) -> dict[str, Any]:
    action = {key: value for key, value in action.items() if value is not None}
    action["now"] = time.time()
    outcome = game.play(action, game.door(entered=faces))
    return outcome.result


def _show(view: str, result: dict[str, Any]) -> None:
    from gmtool.games.originem import render as render

    console().print(getattr(render, view)(result))


def _roll(game: Game, ask: Prompts, dice: str, action: dict[str, Any], view: str) -> None:
    """Play ``action`` on faces typed in from the table (``dice`` names them in order) or,
    left blank, on rolled dice. Faces that do not fit are refused by the loop, which asks
    for them again."""
    _show(view, _play(game, action, ask.faces(dice)))


def _mission_key(game: Game, ask: Prompts, now: dict[str, Any], slot: str | None) -> str:
    """Pick a mission under way (that still needs a ``slot`` scene), or none."""
    keys = [k for k, left in now["under_way"].items() if slot is None or slot in left]
    if not keys:
        return "none"
    titles: dict[str, str] = {game.state["missions"][k]["title"]: k for k in keys}
    answer = ask.select("Which mission?", [*titles, NO_MISSION])
    return titles.get(answer, "none")


def _scene(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.originem.rules.choices import scene_types_for

    titles = {game.state["missions"][k]["title"]: k for k in now["under_way"]}
    mission = "none"
    kinds = list(now["scene_types"])
    if titles:
        answer = ask.select("Which mission?", [*titles, NO_MISSION])
        mission = titles.get(answer, "none")
        if mission != "none":
            left = now["under_way"][mission]
            kinds = [t for slot in left for t in scene_types_for(game.content, slot)]
            kinds += ["combat (fight)"] if "combat" in left else []
    kind = ask.select("Which scene?", kinds)
    if kind == "combat (fight)":
        _fight(game, ask, now, mission)
        return
    _roll_scene(game, ask, kind, mission)


def _roll_scene(game: Game, ask: Prompts, kind: str, mission: str) -> None:
    from gmtool.games.originem.rules.choices import rollers

    table = game.content.scenes[kind]
    able = {f"{name} ({die})": (name, die) for name, die in rollers(game.state, game.content, kind)}
    chosen = [
        able[ask.select(f"Roll {number} of {table.rolls}: who rolls?", list(able))]
        for number in range(1, table.rolls + 1)
    ]
    by = [name for name, _ in chosen]
    target = None
    if any(band.effects.heal for band in table.bands.values()):
        names = [m["name"] for m in game.state["crew"]]
        answer = ask.select("Who is healed?", [*names, "nobody"])
        target = None if answer == "nobody" else answer
    action = {"type": "scene", "scene": kind, "by": by, "mission": mission, "target": target}
    _roll(game, ask, dice_list([f"{name} {die}" for name, die in chosen]), action, "scene")


def _start_mission(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    titles = [game.state["missions"][k]["title"] for k in now["startable"]]
    name = ask.select("Which mission?", titles)
    _show("mission", _play(game, {"type": "mission_start", "mission": name}))


def _fight(game: Game, ask: Prompts, now: dict[str, Any], mission: str | None = None) -> None:
    _start_fight(game, ask, mission or _mission_key(game, ask, now, "combat"))


def _engaged_fight(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    """The fight a failed runaway leads to (it belongs to the runaway's mission)."""
    _start_fight(game, ask, None)


def _start_fight(game: Game, ask: Prompts, mission: str | None) -> None:
    from gmtool.games.originem.rules.choices import check_enemies

    tiers = ", ".join(game.content.enemies)
    enemies = ask.text(
        f"Enemies (tiers: {tiers}; e.g. low:2, high):",
        check=partial(check_enemies, game.state, game.content),
    )
    gm_die = ask.select("The GM's die?", list(game.content.rules.combat.gm_dice))
    action = {
        "type": "combat_start",
        "enemies": [e.strip() for e in enemies.split(",")],
        "gm_die": gm_die,
        "mission": mission,
    }
    _show("combat", _play(game, action))


def _initiative(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.originem.rules.choices import fight_die

    by = ask.select("Who rolls initiative against the GM?", _standing(game)["crew"])
    gm_die = game.state["combat"]["gm_die"]
    dice = dice_list([f"{by}'s {fight_die(game.state, game.content, by)}", f"the GM's {gm_die}"])
    _roll(game, ask, dice, {"type": "combat_initiative", "by": by}, "combat")


def _attack(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    by = ask.select("Who attacks?", now["fight"]["to_act"])
    target = ask.select("Which enemy?", _standing(game)["enemies"])
    action = {"type": "combat_attack", "by": by, "target": target}
    _roll(game, ask, _exchange(game, by, target), action, "combat")


def _enemy_attack(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    enemy = ask.select("Which enemy attacks?", now["fight"]["to_act"])
    target = ask.select("Whom?", _standing(game)["crew"])
    action = {"type": "combat_enemy_attack", "enemy": enemy, "target": target}
    _roll(game, ask, _exchange(game, enemy, target), action, "combat")


def _exchange(game: Game, attacker: str, defender: str) -> str:
    """The dice of an attack, in the order they are entered."""
    from gmtool.games.originem.rules.choices import fight_die

    hit = fight_die(game.state, game.content, attacker)
    block = fight_die(game.state, game.content, defender)
    return dice_list([f"{attacker}'s damage {hit}", f"{defender}'s block {block}"])


def _heal(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.originem.rules.choices import healing_die

    by = ask.select("Who heals?", now["fight"]["to_act"])
    hurt = _standing(game)["hurt"]
    if not hurt:
        raise RulesError("no one in the fight is hurt", hint="end this turn")
    target = ask.select("Whom?", hurt)
    dice = f"{by}'s healing {healing_die(game.state, game.content, by)}"
    _roll(game, ask, dice, {"type": "combat_heal", "by": by, "target": target}, "combat")


def _standing(game: Game) -> dict[str, list[str]]:
    from gmtool.games.originem.rules.choices import fight_targets

    return fight_targets(game.state)


def _odds(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
    from gmtool.games.originem.rules.choices import rollers
    from gmtool.games.originem.rules.odds import odds_json, scene_odds

    kind = ask.select("Which scene?", list(now["scene_types"]))
    able = {f"{name} ({die})": name for name, die in rollers(game.state, game.content, kind)}
    rolls = game.content.scenes[kind].rolls
    by = [able[ask.select(f"Roll {n} of {rolls}: who?", list(able))] for n in range(1, rolls + 1)]
    doc = scene_odds(game.state, game.content, kind, by, mission="none")
    _show("odds", odds_json(doc))


def _simple(action: dict[str, Any]) -> Handler:
    def handle(game: Game, ask: Prompts, now: dict[str, Any]) -> None:
        view = "nova" if action["type"].startswith("nova") else "combat"
        _show(view, _play(game, dict(action)))

    return handle
