"""An FTL battle played out for ``gmtool forecast``: the two ships, second by second, until
one is destroyed or jumps away (or both are destroyed). On a sector map the rest of the
match is played: between battles the captain whose turn it is jumps toward the other
ship (``PURSUIT``: the touching beacon nearest it, by the jumps it is offered) or waits
when it cannot, so a ship that escapes is pursued and the next battle begins where they
meet; the match ends with a destroyed ship (``gmtool ftl simulate`` plays whole matches).

Each second, each captain may give orders from the ones ``options`` offers their seat (the
legal orders of the battle), by their side's policy; then the GM's move, "run the next
second", runs it. ``as-set`` gives no orders: the ships fight as their captains set them at
the table (power, weapons, aim, autofire). ``aggressive`` arms its weapons and fires them
at the enemy's weapons and shields. The rules text leaves every order to the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from gmtool.engine.forecast import Player, RandomPolicy, Record, ScoredPolicy, Start
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import RulesError
from gmtool.games.ftl.rules.captains import (
    CAPTAIN,
    CAUTIOUS,
    Captain,
    key_of,
    order_key,
    stations_of,
)
from gmtool.games.ftl.rules.moves import captains

SIDES: tuple[str, ...] = ()
"""The two captains, read from the game (``Start.sides``)."""
MAIN = "seconds"
ENUMERABLE = False
"""A second rolls many dice: a battle is sampled, never enumerated."""
RUNS = 50
MAX_SECONDS = 600
"""A battle still on after this many seconds has no winner."""
ORDERS_PER_SECOND = 3
"""The most orders a captain gives between two seconds."""
TARGET_SYSTEMS = {"weapon_control": 3.0, "shields": 2.0, "piloting": 1.0}
"""Where the aggressive captain aims: the enemy's weapons first, then its shields."""


def _battle(state: State) -> dict[str, Any] | None:
    battle: dict[str, Any] | None = state.get("battle")
    return battle


def _enemy(state: State, seat: str) -> dict[str, Any]:
    battle = _battle(state) or {}
    ships = battle.get("ships", {})
    enemy: dict[str, Any] = next(ship for name, ship in ships.items() if name != seat)
    return enemy


def _aim_value(state: State, move: Move) -> float:
    seat = str(move.action.get("ship"))
    room = str(move.action.get("room") or "")
    rooms = _enemy(state, seat)["rooms"]
    system = (rooms.get(room) or {}).get("system")
    return TARGET_SYSTEMS.get(str(system), 0.0) if system else 0.0


def _unaimed(state: State, move: Move) -> bool:
    """Whether the weapon of an aim order has no target yet (aiming again would start its
    charge over)."""
    ship = (_battle(state) or {}).get("ships", {}).get(str(move.action.get("ship")), {})
    weapons: list[dict[str, Any]] = ship.get("weapons", [])
    weapon = next((w for w in weapons if w["id"] == move.action.get("weapon")), {})
    return weapon.get("target") is None


def _aggressive_move(state: State, move: Move) -> float:
    action = move.action
    if move.name == "order_weapon" and action.get("on"):
        return 5.0
    if move.name == "order_aim" and action.get("room") and _unaimed(state, move):
        return 3.0 + _aim_value(state, move)
    if move.name == "order_autofire" and action.get("on"):
        return 2.0
    if move.name == "order_power" and action.get("system") in ("medbay", "oxygen"):
        return 1.0 if int(action.get("bars", 1)) == 0 else 0.0
    return 0.0


def _no_answer(state: State, move: Move, choice: Choice, value: Any) -> float:
    return 0.0


AGGRESSIVE = ScoredPolicy(
    "aggressive",
    "powers its weapons (taking bars from the medbay and oxygen when the reactor is "
    "full), aims each one not aimed yet at the enemy's weapon control, then shields, then "
    "piloting, and "
    "turns autofire on",
    _aggressive_move,
    _no_answer,
)
POLICIES = {
    "captain": CAPTAIN,
    "cautious": CAUTIOUS,
    "aggressive": AGGRESSIVE,
    "as-set": ScoredPolicy(
        "as-set",
        "gives no orders: the ship fights as its captain set it at the table",
        lambda state, move: 0.0,
        _no_answer,
    ),
    "random": RandomPolicy(),
}
DEFAULT_POLICIES = {"*": "captain"}


def _aggressive_wants(state: State, move: Move) -> bool:
    return _aggressive_move(state, move) > 0


AGGRESSIVE_KINDS = ("weapon", "aim", "autofire", "power")
"""The orders the aggressive captain gives, asked for alone."""
RANDOM_ORDERS = ("order_weapon", "order_aim", "order_autofire", "order_power")
"""The orders the random captain gives, one a second with an even chance."""


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    seats = captains(state)
    if len(seats) != 2:
        raise RulesError("a battle needs two ships", hint="give two with --ship NAME=FILE")
    from gmtool.games.ftl.rules.match import fighting, match_over, start_battle

    on_map = state.get("map") is not None
    if fresh:  # the battle opens again from the seats' ships at its first second
        before = {key: value for key, value in state.items() if key != "battle"}
        if on_map and state.get("battle") is not None:  # on the map it opens at once
            before["battle"] = start_battle(before, content)
        return Start(
            before, what=f"the battle of {' and '.join(seats)} from its start", sides=tuple(seats)
        )
    battle = _battle(state)
    if on_map and not fighting(state):  # between battles: the rest of the match
        over = match_over(state)
        if over:
            raise RulesError(f"the match is over ({over})")
        return Start(
            state, what=f"the rest of the match of {' and '.join(seats)}", sides=tuple(seats)
        )
    if battle is not None and battle.get("over"):
        raise RulesError(f"the battle is over ({battle['over']})")
    second = battle["second"] if battle else 0
    return Start(
        state, what=f"the battle of {' and '.join(seats)} from second {second}", sides=tuple(seats)
    )


def match_start(state: State) -> Start:
    """A whole match from a new game of two ships: its map laid out by each play-out's own
    dice, then the captains' turns."""
    seats = captains(state)
    if len(seats) != 2:
        raise RulesError("a match needs two ships", hint="give two ship files")
    return Start(
        state,
        what=f"the match of {' and '.join(seats)}",
        sides=tuple(seats),
        first=({"type": "map_new"},),
    )


def _pursuit_score(state: State, move: Move, choice: Choice, value: Any) -> float:
    """A jump's beacon by how near it is to the other ship (fewer jumps: better)."""
    if move.name != "jump" or choice.key != "to":
        return 0.0
    seat = str(move.action.get("player"))
    enemy = next(p for name, p in state["players"].items() if name != seat)
    return -float(_jumps_between(state["map"], list(value), list(enemy["at"] or value)))


PURSUIT = ScoredPolicy(
    "pursuit",
    "between battles: jumps to the touching beacon nearest the other ship, else waits",
    lambda state, move: 1.0 if move.name == "jump" else 0.0,
    _pursuit_score,
)


def _jumps_between(sector: Mapping[str, Any], a: list[int], b: list[int]) -> int:
    """The fewest jumps from ``a`` to ``b`` over the map's beacons (orthogonal touching;
    a diagonal map's extra jumps only make the real path shorter)."""
    beacons = {(int(x), int(y)) for x, y in sector["beacons"]}
    start, goal = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    seen, frontier, jumps = {start}, [start], 0
    while frontier:
        if goal in frontier:
            return jumps
        jumps += 1
        nxt: list[tuple[int, int]] = []
        for x, y in frontier:
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in beacons and near not in seen:
                    seen.add(near)
                    nxt.append(near)
        frontier = nxt
    return len(beacons) + 1


def _map_move(state: State, player: Player) -> Action | None:
    """The map move of the captain whose turn it is: a jump toward the other ship, or a
    wait (the random captain: any of them)."""
    from gmtool.games.ftl.rules.match import turn_of

    seat = turn_of(state)
    if seat is None:
        return None
    moves = player.moves(state, seat, lambda move: move.name in ("jump", "wait"))
    if not moves:
        return None
    policy = player.policies[seat]
    chooser = policy if policy.name == "random" else PURSUIT
    return player.answered(state, chooser, chooser.pick(state, moves, player.rng))


def step(state: State, player: Player) -> Action | None:
    from gmtool.games.ftl.rules.match import fighting, match_over

    if state.get("map") is not None:  # the match: map moves between battles
        if match_over(state):
            return None
        if not fighting(state):
            player.notes.pop("orders", None)
            return _map_move(state, player)
    battle = _battle(state)
    if battle is not None and battle.get("over"):
        return None
    on_map = state.get("map") is not None  # a match: each battle's own seconds
    if int((battle or {}).get("second", 0) if on_map else player.notes.get("seconds", 0)) >= (
        MAX_SECONDS
    ):
        return None
    given = player.notes.setdefault("orders", {})
    for seat in captains(state):
        if given.get(seat, 0) >= ORDERS_PER_SECOND:
            continue
        action = _order(state, player, seat)
        # a captain with no order to give now gives none more this second
        given[seat] = given.get(seat, 0) + 1 if action is not None else ORDERS_PER_SECOND
        if action is not None:
            return action
    ticks = player.moves(state, None, lambda move: move.name == "tick")
    if not ticks:
        return None
    given.clear()
    return dict(ticks[0].action)


def _order(state: State, player: Player, seat: str) -> dict[str, Any] | None:
    policy = player.policies[seat]
    if isinstance(policy, Captain):
        return _captains_order(state, player, seat, policy)
    if policy.name == "random":
        if player.rng.below(2):
            return None
        kinds = [name.removeprefix("order_") for name in RANDOM_ORDERS]
        return player.choose(
            state, seat, seat, lambda move: move.name in RANDOM_ORDERS, kinds=kinds
        )
    if policy.name == "aggressive":
        wanted = partial(_aggressive_wants, state)
        return player.choose(state, seat, seat, wanted, kinds=AGGRESSIVE_KINDS)
    return None  # as-set


def _captains_order(
    state: State, player: Player, seat: str, captain: Captain
) -> dict[str, Any] | None:
    """The best-scored of the captain's wishes that its seat is offered now."""
    if _battle(state) is None:
        return None  # the orders open the battle: none before its first second
    stations = player.notes.setdefault("stations", {})
    if not stations:
        stations.update(stations_of(state))
    wishes = captain.wishes(state, seat, stations.get(seat, {}))
    if not wishes:
        return None
    kinds = sorted({key[0] for key in wishes})

    def wanted(kind: str, fields: Mapping[str, Any]) -> bool:
        return order_key(kind, fields) in wishes

    moves = player.moves(
        state, seat, lambda move: key_of(move) in wishes, kinds=kinds, wanted=wanted
    )
    if not moves:
        return None
    move = max(moves, key=lambda move: wishes[key_of(move)])
    return player.answered(state, captain, move)


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    if action.get("type") == "tick":
        notes["seconds"] = notes.get("seconds", 0) + int(action.get("seconds") or 1)
    if action.get("type") == "jump":
        notes["jumps"] = notes.get("jumps", 0) + 1
        over = str((state.get("battle") or {}).get("over") or "")
        if over == f"{action.get('player')} escaped" and state["battle"]["number"] not in (
            notes.setdefault("escaped_from", [])
        ):
            notes["escaped_from"].append(state["battle"]["number"])
            notes.setdefault("escapes", []).append(str(action.get("player")))


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    if end.get("map") is not None:
        return _match_record(end, notes)
    battle = _battle(end) or {}
    over = str(battle.get("over") or "")
    winner = str(battle.get("winner") or "")
    events = []
    if over.endswith(" escaped"):
        events.append(f"escapes: {over[: -len(' escaped')]}")
    elif over:
        events.append(over)
    measures: dict[str, float] = {"seconds": float(notes.get("seconds", 0))}
    for name, ship in battle.get("ships", {}).items():
        measures[f"hull left: {name}"] = float(max(int(ship["hull"]), 0))
    return Record(winner, tuple(events), measures)


def _match_record(end: State, notes: dict[str, Any]) -> Record:
    """A match: its winner (a ship destroyed the other), escapes, battles and jumps."""
    from gmtool.games.ftl.rules.match import match_over, record_of_view, winner

    over = match_over(end) or ""
    events = [f"escapes: {name}" for name in dict.fromkeys(notes.get("escapes", []))]
    if over:
        events.append(over)
    measures: dict[str, float] = {
        "seconds": float(notes.get("seconds", 0)),
        "battles": float(len(record_of_view(end))),
        "jumps": float(notes.get("jumps", 0)),
    }
    for name, ship in ((end.get("battle") or {}).get("ships") or {}).items():
        measures[f"hull left: {name}"] = float(max(int(ship["hull"]), 0))
    return Record(winner(end) or "", tuple(events), measures)
