"""``gmtool play`` for an FTL match: the sector map laid out, the captains jumping in turn
(or waiting), and each battle where the ships meet: each player gives orders from menus
that offer only what the rules allow, then the clock runs a second (or several), rolled
or entered; a charged FTL drive jumps away, and the map play goes on. Without a map the
campaign plays one battle.

The rules say what is open (``rules.moves``, ``battle.choices``); this loop asks and plays.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.common import console
from gmtool.cli.playloop import PlayLoop, Prompts, Step, say
from gmtool.engine.game import Game
from gmtool.errors import UsageError

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from rich.console import RenderableType

    from gmtool.games.ftl.state import BattleState, ShipState

KINDS = {
    "power": "move reactor power",
    "weapon": "turn a weapon on or off",
    "aim": "aim a weapon",
    "autofire": "autofire on or off",
    "drone": "switch a drone on or off",
    "crew": "send a crew member",
    "doors": "open or shut a door",
    "lock": "lock a door (crystal crew)",
    "cloak": "cloak",
    "battery": "switch the backup battery on",
    "teleport": "send crew over by teleporter",
    "retrieve": "bring crew back by teleporter",
    "mind": "take an enemy's mind",
    "hack": "hack an enemy system",
}
SYSTEM_MIND = "the mind control system"


def battle_now(game: Game) -> BattleState:
    from gmtool.games.ftl.rules.battle.handlers import battle_as_it_opens

    state = game.state
    return battle_as_it_opens(state, game.content)


def on_the_map(game: Game) -> bool:
    """Whether the match is between battles on the map (or over), not in a battle."""
    from gmtool.games.ftl.rules.match import fighting

    state = game.state
    return state.get("map") is not None and not fighting(state)


def run(game: Game, prompts: Prompts | None = None) -> None:
    def dashboard() -> RenderableType:
        from rich.console import Group
        from rich.text import Text

        from gmtool.games.ftl.render_battle import crew_lines, summary
        from gmtool.games.ftl.rules.battle.document import battle_document

        if on_the_map(game):
            return map_dashboard(game)
        doc = battle_document(battle_now(game))
        return Group(summary(doc), *(Text(line) for line in crew_lines(doc)))

    loop = PlayLoop(game, prompts, dashboard=dashboard, question=lambda: "What now?")
    story: list[str] = []  # the last run's story, whole, for paging

    def entries() -> dict[str, Step]:
        if on_the_map(game):
            return map_entries(game, loop)
        battle = battle_now(game)
        menu: dict[str, Step] = {}
        if game.state.get("map") is None and game.state.get("battle") is None:
            menu["lay out the sector map (play the whole match)"] = partial(lay_out, game, loop)
        if not battle.get("over"):
            for seat in battle["order"]:
                menu[f"{seat} gives an order"] = partial(give_order, game, loop, seat)
            for seat in _ready_to_jump(game, battle):
                menu[f"{seat} jumps away (FTL drive charged)"] = partial(jump, game, loop, seat)
            menu["run one second"] = partial(run_seconds, game, loop, story, 1)
            menu["run several seconds"] = partial(run_seconds, game, loop, story, None)
        if len(story) > STORY_LINES:
            menu["read the whole story of the last run"] = partial(page, story)
        menu["show the ships"] = partial(show_ships, game)
        return menu

    loop.run(entries)


STORY_LINES = 5
"""The most lines of a run's story under the dashboard (the whole is paged): with the
dashboard (the ships' table and crew) and the menu, the main screen fits 80x24."""


def _ready_to_jump(game: Game, battle: BattleState) -> list[str]:
    """The seats whose FTL drive is charged, on a map they can jump on."""
    from gmtool.games.ftl.rules.battle.ftl_drive import is_ready

    sector = game.state.get("map")
    if not sector:
        return []
    return [
        seat
        for seat in battle["order"]
        if is_ready(battle, battle["ships"][seat]) and game.state["players"][seat].get("at")
    ]


def map_dashboard(game: Game) -> RenderableType:
    """The map with both ships, their hull and fuel, and whose turn it is."""
    from rich.console import Group
    from rich.text import Text

    from gmtool.games.ftl import render
    from gmtool.games.ftl.rules.match import match_over, turn_of

    state = game.state
    seen = game.system.view(state, None)
    at = {name: player["at"] for name, player in seen["players"].items()}
    ships = "  ".join(
        f"{name}: hull {_hull(state, name)}, fuel {player['fuel']}"
        for name, player in seen["players"].items()
    )
    over = match_over(state)
    turn = (
        f"The match is over: {over}."
        if over
        else f"{turn_of(state)}'s turn on the map: jump to a touching beacon, or wait."
    )
    return Group(render.sector(seen["map"], at), Text(ships), Text(turn))


def _hull(state: dict[str, Any], name: str) -> str:
    battle = state.get("battle")
    if not battle:
        return "whole"
    ship = battle["ships"][name]
    return f"{max(int(ship['hull']), 0)}/{ship['hull_max']}"


def map_entries(game: Game, loop: PlayLoop) -> dict[str, Step]:
    from gmtool.games.ftl.rules.match import match_over, turn_of

    menu: dict[str, Step] = {}
    turn = turn_of(game.state)
    if turn is not None and not match_over(game.state):
        menu[f"{turn} jumps"] = partial(jump, game, loop, turn)
        menu[f"{turn} waits"] = partial(wait, game, loop, turn)
    menu["show the ships"] = partial(show_ships, game)
    return menu


def lay_out(game: Game, loop: PlayLoop) -> None:
    """The sector map, from the faces rolled at the table (or by gmtool)."""
    from gmtool.games.ftl import render
    from gmtool.games.ftl.commands.shared import coin_faces

    words = loop.ask.text(
        "The faces in the order rolled (coins heads/tails), or Enter for gmtool to roll:",
        check=lambda text: coin_faces(text) if text.strip() else None,
    )
    entered = coin_faces(words) if words.strip() else None
    outcome = game.play({"type": "map_new"}, game.door(entered=entered))
    render.map_steps(outcome.result).write()
    loop.tell(f"the sector map: {outcome.outcome}")


def wait(game: Game, loop: PlayLoop, seat: str) -> None:
    outcome = game.play({"type": "wait", "player": seat}, game.door())
    loop.tell(f"{seat} {outcome.outcome}")


def jump(game: Game, loop: PlayLoop, seat: str) -> None:
    """A jump to a beacon the rules accept (in a battle, the escape)."""
    from dataclasses import replace

    from gmtool.cli.playloop.moves import ask_move
    from gmtool.errors import RulesError
    from gmtool.games.ftl.rules.match import fighting
    from gmtool.games.ftl.rules.sector import beacon_words

    here = tuple(game.state["players"][seat]["at"])
    moves = [m for m in game.system.options(game.state, seat, content=game.content)]
    offered = next((m for m in moves if m.name == "jump"), None)
    beacons = offered.choices[0].values or () if offered and offered.choices else ()
    if offered is None or not beacons:
        why = offered.reason if offered is not None and offered.reason else "fuel, or the map"
        raise RulesError(f"{seat} has no beacon to jump to from {beacon_words(here)} ({why})")
    escaping = fighting(game.state)
    where = replace(offered.choices[0], label=f"{seat} jumps to which beacon?")
    answered = ask_move(loop.ask, replace(offered, choices=(where, *offered.choices[1:])))
    outcome = game.play(answered.action, game.door())
    to = beacon_words(answered.action["to"])
    if escaping:
        loop.tell(f"{seat} jumps away to {to}: the battle ends ({outcome.outcome})")
    else:
        loop.tell(f"{seat} jumps to {to}: {outcome.outcome}")


def page(lines: list[str]) -> None:
    """The whole story through the pager (or printed when there is none)."""
    from gmtool.cli.pager import pager_command, paging

    argv = pager_command()
    if argv is None:
        say("\n".join(lines))
        return
    with paging(argv) as out:
        out.write("\n".join(lines) + "\n")


def give_order(game: Game, loop: PlayLoop, seat: str) -> None:
    from gmtool.games.ftl.rules.battle.story import story

    ask = loop.ask
    battle = battle_now(game)
    orders = _orders_with_weapons(battle, seat)
    labels = {KINDS[kind]: kind for kind in orders}
    kind = labels[ask.select(f"{seat}'s order?", list(labels))]
    if kind == "weapon":
        action = _pick_weapon(battle, ask, seat)
    else:
        action = _pick(game, ask, seat, kind, orders[kind])
    if kind == "aim" and action["room"] is not None:
        action = _beam_line(game, ask, seat, action)
    outcome = game.play({"type": f"order_{kind}", **action}, game.door(entered=[]))
    loop.tell(story([outcome.result["order"]]))


def _orders_with_weapons(battle: BattleState, seat: str) -> dict[str, list[dict[str, Any]]]:
    """The legal orders, and the weapon order whenever the ship has a weapon to switch,
    legal or not (those that cannot be switched are shown with the reason)."""
    from gmtool.games.ftl.rules.battle.choices import candidates, legal_orders

    orders = legal_orders(battle, seat)
    weapons = [a for a in candidates(battle, seat)["weapon"] if _switchable(battle, seat, a)]
    if weapons and "weapon" not in orders:
        orders = {**orders, "weapon": weapons}
        orders = {kind: orders[kind] for kind in KINDS if kind in orders}
    return orders


def _switchable(battle: BattleState, seat: str, action: dict[str, Any]) -> bool:
    weapon = next(w for w in battle["ships"][seat]["weapons"] if w["id"] == action["weapon"])
    return not weapon.get("artillery")


def _pick_weapon(battle: BattleState, ask: Prompts, seat: str) -> dict[str, Any]:
    """Every weapon, each that cannot be switched now greyed with the reason (choosing it
    says the reason and asks again)."""
    from gmtool.errors import GmtoolError
    from gmtool.games.ftl.rules.battle.actions import check_order
    from gmtool.games.ftl.rules.battle.choices import candidates

    label: dict[str, tuple[dict[str, Any], GmtoolError | None]] = {}
    for action in candidates(battle, seat)["weapon"]:
        if not _switchable(battle, seat, action):
            continue
        words = f"{action['weapon']} {'on' if action['on'] else 'off'}"
        try:
            check_order(battle, {"type": "order_weapon", **action})
        except GmtoolError as error:
            label[f"({words}: cannot, {error.message})"] = (action, error)
            continue
        label[words] = (action, None)
    action, refused = label[ask.select("Which weapon?", list(label))]
    if refused is not None:
        raise refused
    return action


def _pick(
    game: Game, ask: Prompts, seat: str, kind: str, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """Narrow the legal actions of one kind down to one, a question at a time."""
    if kind == "power":
        system = ask.select("Which system?", _unique(a["system"] for a in actions))
        bars = ask.select(
            f"How many bars in {system}?",
            [str(a["bars"]) for a in actions if a["system"] == system],
        )
        return next(a for a in actions if a["system"] == system and str(a["bars"]) == bars)
    if kind == "weapon":
        label = {f"{a['weapon']} {'on' if a['on'] else 'off'}": a for a in actions}
        return label[ask.select("Which weapon?", list(label))]
    if kind == "drone":
        drones = battle_now(game)["ships"][seat]["drones"]
        label = {
            f"{drones[int(a['drone']) - 1]['id']} ({a['drone']}) {'on' if a['on'] else 'off'}": a
            for a in actions
        }
        return label[ask.select("Which drone?", list(label))]
    if kind == "aim":
        weapon = ask.select("Which weapon?", _unique(a["weapon"] for a in actions))
        enemy = next(s for name, s in battle_now(game)["ships"].items() if name != seat)
        rooms = {_aim_label(enemy, a["room"]): a for a in actions if a["weapon"] == weapon}
        return rooms[ask.select(f"Aim {weapon} at which room?", list(rooms))]
    if kind == "crew":
        name = ask.select("Who?", _unique(a["name"] for a in actions))
        rooms = {a["room"]: a for a in actions if a["name"] == name}
        return rooms[ask.select(f"Send {name} to which room?", list(rooms))]
    if kind == "teleport":
        rooms = {a["room"]: a for a in actions}
        return rooms[ask.select("Send them to which enemy room?", list(rooms))]
    if kind == "hack":
        systems = {a["system"]: a for a in actions}
        return systems[ask.select("Hack which system?", list(systems))]
    if kind == "mind":  # by the mind control system, or by one of the ship's slugs
        takers = _unique(a.get("by") or SYSTEM_MIND for a in actions)
        only_the_system = takers == [SYSTEM_MIND]
        taker = takers[0] if only_the_system else ask.select("Taken by?", takers)
        names = {a["name"]: a for a in actions if (a.get("by") or SYSTEM_MIND) == taker}
        return names[ask.select("Whose mind?", list(names))]
    if kind == "doors":
        label = {_door_label(a): a for a in actions}
        return label[ask.select("Which door?", list(label))]
    if kind == "lock":
        name = ask.select("Who?", _unique(a["name"] for a in actions))
        rooms = {a["room"]: a for a in actions if a["name"] == name}
        return rooms[ask.select(f"{name} locks the door to which room?", list(rooms))]
    return actions[0]  # autofire: one toggle


def _door_label(action: dict[str, Any]) -> str:
    verb = "open" if action["open"] else "shut"
    if "to" in action:
        return f"{verb} the door {action['room']}/{action['to']}"
    return f"{verb} {action['room']} to space"


def _aim_label(enemy: ShipState, room: str | None) -> str:
    """A room as it is, an enemy drone by its id ("combat_drone_i (drone:1)")."""
    if room is None:
        return "hold fire"
    if room.startswith("drone:"):
        slot = int(room.removeprefix("drone:"))
        return f"{enemy['name']}'s {enemy['drones'][slot - 1]['id']} ({room})"
    return room


def _beam_line(game: Game, ask: Prompts, seat: str, action: dict[str, Any]) -> dict[str, Any]:
    """A beam also needs its start corner and its direction."""
    from gmtool.games.ftl.rules.battle.beams import DIRECTIONS
    from gmtool.games.ftl.rules.battle.state import enemy_of

    battle = battle_now(game)
    ship = battle["ships"][seat]
    weapon = next(w for w in ship["weapons"] if w["id"] == action["weapon"])
    if weapon["kind"] != "beam":
        return action
    corners = len(enemy_of(battle, ship)["rooms"][action["room"]]["corners"])
    corner = ask.select(
        "Start at which corner (1 = top left)?", [str(n + 1) for n in range(corners)]
    )
    toward = ask.select("Toward?", list(DIRECTIONS))
    return {**action, "corner": int(corner), "toward": toward}


def _unique(values: Any) -> list[str]:
    return list(dict.fromkeys(str(v) for v in values))


def run_seconds(game: Game, loop: PlayLoop, story: list[str], seconds: int | None) -> None:
    from gmtool.games.ftl.play_dice import (
        QUESTION,
        door_for,
        merged,
        rolls_list,
        rolls_needed,
        typed_faces,
    )
    from gmtool.games.ftl.render_tick import ending_line
    from gmtool.games.ftl.rules.battle.story import event_lines

    ask = loop.ask
    if seconds is None:
        seconds = parse_seconds(ask.text("How many seconds?", check=parse_seconds))
    action = {"type": "tick", "seconds": seconds}
    given: dict[str, list[int]] = {}
    while True:
        rolls = rolls_needed(game, action, given)
        if not rolls:
            break
        say(f"the dice of {_seconds(seconds)}, in order:")
        for line in rolls_list(rolls):
            say(f"  {line}")
        words = ask.text(QUESTION, check=partial(_fits, game, action, dict(given)))
        if not words.strip():
            break
        given = merged(given, typed_faces(words))
    outcome = game.play(action, door_for(game, given))
    story[:] = event_lines(outcome.result["events"])
    shown = story[-STORY_LINES:]
    more = len(story) - len(shown)
    head = [f"... {more} earlier lines: 'read the whole story of the last run'"] if more else []
    quiet = [] if story else [f"second {outcome.result['second']}: nothing to tell"]
    ending = ending_line(outcome.result)
    loop.tell("\n".join([*head, *shown, *quiet, *([ending] if ending else [])]))


def _seconds(seconds: int) -> str:
    return "this second" if seconds == 1 else f"these {seconds} seconds"


def parse_seconds(text: str) -> int:
    """How many seconds to run: a whole number from 1 (0 runs nothing, so it is refused)."""
    from gmtool.cli.playloop.asking import parse_whole
    from gmtool.games.ftl.rules.battle.actions import MAX_SECONDS

    seconds = parse_whole(text)
    if not 1 <= seconds <= MAX_SECONDS:
        raise UsageError(f"run 1 to {MAX_SECONDS} seconds, not {seconds}")
    return seconds


def _fits(game: Game, action: dict[str, Any], given: dict[str, list[int]], text: str) -> None:
    """Refuse an answer whose faces do not fit (not on the die, a roll not made...)."""
    from gmtool.games.ftl.play_dice import merged, rolls_needed, typed_faces

    if text.strip():
        rolls_needed(game, action, merged(given, typed_faces(text)))


def show_ships(game: Game) -> None:
    from gmtool.games.ftl.render_battle import show
    from gmtool.games.ftl.rules.battle.document import battle_document

    console().print(show(battle_document(battle_now(game))))
