"""A Stars & Starships encounter played out for ``gmtool forecast``.

The acting combatant's side chooses from the moves ``options`` offers it: a party member's
from its own seat, an enemy's from the GM's. A policy attacks, buys an extra turn with
Momentum, or ends the turn; switching rows (which costs no turn) and gadgets and streams
(whose effect is the GM's to describe) are left to the table. The rules text gives the
enemies no instructions of their own, so they play by a policy like the party's.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.forecast import Player, RandomPolicy, Record, ScoredPolicy, Start
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import RulesError
from gmtool.games.starships.rules.attack import resolve
from gmtool.games.starships.rules.content import SIDES
from gmtool.games.starships.rules.roster import is_down
from gmtool.games.starships.rules.turns import current

PLAYED = ("attack", "momentum_spend", "end_turn")
"""The moves a forecast plays."""
SIDES_SHOWN = SIDES
WINS_SAID = {"party": "the party wins", "enemies": "the enemies win"}
FRESH_FROM = "encounter_start"
"""``--fresh``: the encounter again from the action that started it."""
MAIN = "rounds"
RUNS = 1000
ENUMERABLE = True
POOR = {"immune": -3.0, "reflect": -4.0, "drain": -4.0, "strong": -1.0, "weak": 2.0}
"""How much a greedy attacker shuns (or seeks) a target's affinity to its damage type."""


def _combatant(state: State, name: Any) -> dict[str, Any]:
    return state["combatants"][str(name)]  # type: ignore[no-any-return]


MOVE_SCORES = {"momentum_spend": 3.0, "attack": 2.0, "end_turn": 0.0}
"""How much a scored policy wants each move: an extra turn first, then an attack."""


def _move_score(state: State, move: Move) -> float:
    return MOVE_SCORES.get(move.name, -1.0)


def _weapon_score(state: State, move: Move, weapon: str) -> float:
    """The weapon of the attacker's row: melee in front, ranged behind."""
    if weapon == "ranged":
        return 0.5
    return 1.0 if _combatant(state, move.action["attacker"])["row"] == "front" else 0.0


def _affinity(roster: dict[str, Any], move: Move, target: dict[str, Any]) -> str:
    weapon = roster[move.action["attacker"]].get(move.action.get("weapon") or "") or {}
    return str(target.get("affinities", {}).get(weapon.get("type"), "normal"))


def _weakest(state: State, move: Move, choice: Choice, value: Any) -> float:
    """Focus the weakest: the target with the fewest HP left."""
    if choice.key == "weapon":
        return _weapon_score(state, move, str(value))
    return -float(_combatant(state, value)["hp"])


def _greedy(state: State, move: Move, choice: Choice, value: Any) -> float:
    """The weakest target the weapon hurts fully (a weakness sought, a resistance shunned)."""
    if choice.key == "weapon":
        return _weapon_score(state, move, str(value))
    roster = state["combatants"]
    target = roster[value]
    score: float = POOR.get(_affinity(roster, move, target), 0.0) * 100 - target["hp"]
    return score


POLICIES = {
    "random": RandomPolicy(),
    "greedy": ScoredPolicy(
        "greedy",
        "buys an extra turn whenever it can, attacks with the weapon of its row (melee in "
        "front, ranged behind) the weakest target its damage type hurts fully",
        _move_score,
        _greedy,
    ),
    "focus-weakest": ScoredPolicy(
        "focus-weakest",
        "buys an extra turn whenever it can, attacks the target with the fewest HP left",
        _move_score,
        _weakest,
    ),
}
DEFAULT_POLICIES = {"party": "greedy", "enemies": "focus-weakest"}


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:  # the encounter's start is found in the log (FRESH_FROM)
        return Start(state, what="the encounter from its start")
    if state.get("mode") != "encounter":
        raise RulesError(
            "no encounter is running to forecast from here",
            hint="start one, or forecast it again from its start with --fresh",
        )
    fight = state["encounter"]
    return Start(state, what=f"the encounter from round {fight['round']}")


def _acting_side(state: State, name: str) -> str:
    return str(_combatant(state, name)["side"])


def step(state: State, player: Player) -> Action | None:
    if state.get("mode") != "encounter":
        return None
    actor = current(state)
    if actor is None:
        return None
    side = _acting_side(state, actor)
    if "price" not in player.notes:  # the first step of a game
        player.notes["price"] = player.content.momentum.extra_turn
        player.asked["kinds"] = PLAYED  # the other moves are not even built
    if side == SIDES[0]:
        return player.choose(state, side, actor, _kept)
    return player.choose(state, side, None, _enemy_move)


def _kept(move: Move) -> bool:
    return move.name in PLAYED


def _enemy_move(move: Move) -> bool:
    """An enemy's move among the GM's: no party member's seat makes it."""
    return move.name in PLAYED and move.seat is None


def carry_out(
    state: State, action: Action, dice: DiceDoor, notes: dict[str, Any], content: Any
) -> State:
    """``state`` after ``action``: an attack by its rules alone (``attack.resolve``; the
    result document its command prints, which a forecast never reads, is not built), any
    other move as its command plays it."""
    if action.get("type") == "attack":
        resolve(state, action, dice, content)
        return state
    from gmtool.games.starships.game import SYSTEM

    return SYSTEM.apply(state, action, dice, content).state


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    fight = state.get("encounter")
    if fight is not None:
        notes["rounds"] = fight["round"]
    if action.get("type") == "momentum_spend":
        side = _acting_side(state, str(action["name"]))
        notes[f"extra turns: {side}"] = notes.get(f"extra turns: {side}", 0) + 1
        spent = f"Momentum spent: {side}"
        notes[spent] = notes.get(spent, 0) + notes.get("price", 0)


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    outcome = end.get("last_outcome") if finished else None
    winner = {"victory": "party", "defeat": "enemies"}.get(str(outcome), "")
    events: list[str] = []
    measures: dict[str, float] = {"rounds": float(notes.get("rounds", 1))}
    for name, fighter in end["combatants"].items():
        if is_down(fighter):
            events.append(f"down: {name}")
        if fighter["side"] == SIDES[0]:
            measures[f"HP left: {name}"] = float(fighter["hp"])
    for side in SIDES:
        measures[f"extra turns: {side}"] = float(notes.get(f"extra turns: {side}", 0))
        measures[f"Momentum spent: {side}"] = float(notes.get(f"Momentum spent: {side}", 0))
    return Record(winner, tuple(events), measures)
