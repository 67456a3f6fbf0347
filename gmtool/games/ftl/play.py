"""``gmtool play`` for an FTL battle: each player gives orders from menus that offer only
what the rules allow, then the clock runs a second (or several), rolled or entered.

The rules say what is open (``systems.ftl.battle.choices``); this loop asks and plays.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.common import console
from gmtool.cli.playloop import PlayLoop, Prompts, Step, say
from gmtool.engine.game import Game

if TYPE_CHECKING:  # the state's shapes, for mypy only
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
DICE_HELP = (
    "Dice for these seconds by name, e.g. evade=7,12 fire=heads (blank: gmtool rolls everything)"
)


def battle_now(game: Game) -> BattleState:
    from gmtool.games.ftl.rules.battle.handlers import battle_as_it_opens

    state = game.state
    return battle_as_it_opens(state, game.content)


def run(game: Game, prompts: Prompts | None = None) -> None:
    def dashboard() -> None:
        from gmtool.games.ftl.render_battle import summary
        from gmtool.games.ftl.rules.battle.document import battle_document

        console().print(summary(battle_document(battle_now(game))))

    loop = PlayLoop(game, prompts, dashboard=dashboard, question=lambda: "What now?")

    def entries() -> dict[str, Step]:
        battle = battle_now(game)
        menu: dict[str, Step] = {}
        if not battle.get("over"):
            for seat in battle["order"]:
                menu[f"{seat} gives an order"] = partial(give_order, game, loop.ask, seat)
            menu["run one second"] = partial(run_seconds, game, loop.ask, 1)
            menu["run several seconds"] = partial(run_seconds, game, loop.ask, None)
        menu["show the ships"] = partial(show_ships, game)
        return menu

    loop.run(entries)


def give_order(game: Game, ask: Prompts, seat: str) -> None:
    from gmtool.games.ftl.rules.battle.choices import legal_orders
    from gmtool.games.ftl.rules.battle.story import story

    orders = legal_orders(battle_now(game), seat)
    labels = {KINDS[kind]: kind for kind in orders}
    kind = labels[ask.select(f"{seat}'s order?", list(labels))]
    action = _pick(game, ask, seat, kind, orders[kind])
    if kind == "aim" and action["room"] is not None:
        action = _beam_line(game, ask, seat, action)
    outcome = game.play({"type": f"order_{kind}", **action}, game.door(entered=[]))
    say(story([outcome.result["order"]]))


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


def run_seconds(game: Game, ask: Prompts, seconds: int | None) -> None:
    from gmtool.games.ftl.commands.battle import door_from_words
    from gmtool.games.ftl.render_tick import tick_text

    if seconds is None:
        seconds = ask.number("How many seconds?") or 1
    words = ask.text(DICE_HELP)
    outcome = game.play({"type": "tick", "seconds": seconds}, door_from_words(game, words))
    say(tick_text(outcome.result))


def show_ships(game: Game) -> None:
    from gmtool.games.ftl.render_battle import show
    from gmtool.games.ftl.rules.battle.document import battle_document

    console().print(show(battle_document(battle_now(game))))
