"""An Originem session played out for ``gmtool forecast``: missions, scenes and fights
until the final mission is done, the crew is down or the NOVA counter reaches zero.

The GM's moves are the ones ``options`` offers, with the time put in as a move played at
the table would have it: the NOVA counter is real time, so each scene and each move of a
fight advances the forecast's clock by the minutes ``rules.forecast`` sets. A mission's
fight is the one ``rules.forecast`` names (the enemies are typed at the table, so a policy
cannot choose them). The crew's side decides the GM's questions for them (which mission,
which scene, who rolls, whom to heal, whom to attack); the enemies' side whom an enemy
attacks, as the rules leave to the GM ("The GM can also decide which player to target").
Pausing, adjusting or setting the clock and calling a fight off are the table's.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.forecast import Player, RandomPolicy, Record, ScoredPolicy, Start
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import RulesError
from gmtool.games.originem.rules import nova
from gmtool.games.originem.rules.options import FIGHT_SCENE, as_played

SIDES = ("crew", "enemies")
WINS_SAID = {"crew": "the crew wins", "enemies": "the enemies win"}
MAIN = "NOVA minutes used"
ENUMERABLE = True
RUNS = 1000
PLAYED = (
    "nova_start",
    "nova_resume",
    "nova_out",
    "mission_start",
    "scene",
    "combat_initiative",
    "combat_attack",
    "combat_enemy_attack",
    "combat_heal",
    "combat_end_turn",
)
FIGHT_MOVES = ("combat_initiative", "combat_attack", "combat_enemy_attack", "combat_heal")
AVOIDED_SCENES = ("runaway",)
"""Scenes the greedy crew never picks (running away leaves the mission's fight waiting)."""


def _crew(state: State, name: Any) -> dict[str, Any] | None:
    return next((m for m in state["crew"] if m["name"] == name), None)


def _enemy(state: State, name: Any) -> dict[str, Any] | None:
    fight = state.get("combat") or {}
    return next((e for e in fight.get("enemies", []) if e["name"] == name), None)


def _hp(state: State, name: Any) -> float:
    body = _crew(state, name) or _enemy(state, name) or {"hp": 0}
    return float(body["hp"])


def _mission_worth(state: State, key: Any) -> float:
    """The knowledge a mission adds; the final mission, once open, above every other."""
    mission = state["missions"].get(str(key))
    if mission is None:
        return -1.0
    return 100.0 if mission["kind"] == "final" else float(mission["knowledge"])


def _move_score(state: State, move: Move) -> float:
    order = {
        "nova_out": 9.0,
        "nova_start": 8.0,
        "nova_resume": 8.0,
        "combat_initiative": 6.0,
        "combat_attack": 6.0,
        "combat_enemy_attack": 6.0,
        "combat_heal": 6.0,
        "combat_end_turn": 1.0,
        "scene": 3.0,
        "mission_start": 2.0,
    }
    score = order.get(move.name, 0.0)
    if move.name == "scene" and move.choice("mission") is None:
        score = 0.0  # no mission under way: a scene would count for nothing
    if move.name == "mission_start" and move.choice("mission") is not None:
        busy = any(m["state"] == "under_way" for m in state["missions"].values())
        score = 0.5 if busy else 4.0
    return score


def _greedy_answer(state: State, move: Move, choice: Choice, value: Any) -> float:
    key = choice.key
    if key == "mission" and move.name == "mission_start":
        titles = {m["title"]: k for k, m in state["missions"].items()}
        return _mission_worth(state, titles.get(str(value)))
    if key == "mission":
        return -1.0 if value == "none" else _mission_worth(state, value)
    if key == "scene":
        return -1.0 if value in AVOIDED_SCENES else (1.0 if value == FIGHT_SCENE else 0.5)
    if key == "by":  # the values come best die first
        return -float((choice.values or ()).index(value))
    if key == "target" and move.name == "combat_heal":
        body = _crew(state, value)
        return float(body["max_hp"] - body["hp"]) if body else -1.0
    if key == "target" and value is None:
        return -1000.0
    if key == "target" and move.name == "scene":  # whom a healing scene heals
        body = _crew(state, value)
        return float(body["max_hp"] - body["hp"]) if body else -1.0
    if key == "target":
        return -_hp(state, value)
    return 0.0


POLICIES = {
    "random": RandomPolicy(),
    "greedy": ScoredPolicy(
        "greedy",
        "starts the final mission once it is open, else the mission worth the most "
        "knowledge, when none is under way; plays its "
        "scenes (its fight first) with the best die for each roll, never runs away, heals "
        "the most hurt, and attacks the enemy (or crew member) with the fewest HP",
        _move_score,
        _greedy_answer,
    ),
    "focus-weakest": ScoredPolicy(
        "focus-weakest",
        "as greedy: attacks whoever has the fewest HP left",
        _move_score,
        _greedy_answer,
    ),
}
DEFAULT_POLICIES = {"crew": "greedy", "enemies": "focus-weakest"}


FRESH_FROM = "mission_start"
"""``--fresh``: the session again from the start of the latest mission begun, the same
mission started again by every run (a campaign file's first state is a session's start)."""
FRESH_WHAT = "mission started"


def fresh_action(action: Action, before: State) -> Action:
    """The mission's start as every run plays it again: at the forecast's own clock, not
    at the moment the table started it (the NOVA counter is counted by the forecast)."""
    return {**action, "now": _clock_now(before, {})}


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:
        return Start(state, what="the session from the start of its latest mission")
    if state.get("ended"):
        raise RulesError(f"the game is over (the crew has {state['ended']})")
    clock = state["nova"]
    left = nova.remaining(clock, None) / 60
    return Start(state, what=f"the session from here, {left:.0f} NOVA minutes left")


def _clock_now(state: State, notes: dict[str, Any]) -> float:
    if "now" not in notes:
        since = state["nova"].get("since")
        notes["now"] = float(since) if since is not None else 0.0
        notes["started_at"] = notes["now"]
    return float(notes["now"])


def step(state: State, player: Player) -> Action | None:
    if state.get("ended"):
        return None
    pace = player.content.rules.forecast
    now = _clock_now(state, player.notes)
    player.asked["now"] = now
    player.typed["enemies"] = pace.enemies
    player.typed["gm_die"] = pace.gm_die
    if "pace" not in player.notes:
        fight = {kind: pace.fight_move_minutes for kind in FIGHT_MOVES}
        player.notes["pace"] = {"scene": pace.scene_minutes, **fight}
    moves = player.moves(state, None, _kept)
    if not moves:
        return None
    side = "enemies" if moves[0].name == "combat_enemy_attack" else "crew"
    action = player.choose_from(state, side, moves)
    if action is None:
        return None
    if action.get("type") == "combat_start" and action.get("gm_die") is None:
        action["gm_die"] = pace.gm_die
    return as_played(action, now)


def _kept(move: Move) -> bool:
    return move.name in PLAYED


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    pace_minutes = notes.get("pace", {})  # set by the first step (a replayed start: none)
    kind = str(action.get("type"))
    minutes = pace_minutes.get(kind, 0.0)
    notes["now"] = float(action.get("now") or notes.get("now", 0.0)) + 60 * minutes
    mission = str(action.get("mission") or "")
    if kind == "scene" and mission and mission != "none":
        notes[f"scenes: {mission}"] = notes.get(f"scenes: {mission}", 0) + 1
        notes[f"minutes: {mission}"] = notes.get(f"minutes: {mission}", 0.0) + minutes
    if kind == "combat_start":
        notes["fights"] = notes.get("fights", 0) + 1
        notes["fight mission"] = mission
    if kind in FIGHT_MOVES and notes.get("fight mission"):
        key = str(notes["fight mission"])
        notes[f"minutes: {key}"] = notes.get(f"minutes: {key}", 0.0) + minutes
    if state.get("ended") == "lost" and state.get("combat") is None and kind in FIGHT_MOVES:
        notes["lost fight"] = notes.get("fights", 1)


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    winner = "crew" if end.get("ended") == "won" else ""
    events: list[str] = []
    if "lost fight" in notes:
        events.append(f"loses fight {notes['lost fight']}")
    elif end.get("ended") == "lost":
        events.append("NOVA runs out")
    clock = end["nova"]
    now = float(notes.get("now", 0.0))
    used = (float(clock["length_seconds"]) - nova.remaining(clock, now)) / 60
    measures: dict[str, float] = {MAIN: round(used, 1)}
    for member in end["crew"]:
        measures[f"HP left: {member['name']}"] = float(max(member["hp"], 0))
    for key, mission in end["missions"].items():
        if f"scenes: {key}" in notes:
            measures[f"scenes: {mission['title']}"] = float(notes[f"scenes: {key}"])
            measures[f"minutes: {mission['title']}"] = float(notes[f"minutes: {key}"])
    return Record(winner, tuple(events), measures)
