"""Non-combat spell cards: cast on the team's own turn, before or after moving.

A cast card goes back to its clan's pile. Moves made by a spell do not set off the space
they end on (no dungeon, trap or fountain), and stop on a dungeon only by the ruling
``spell_moves_stop_at_dungeons``.
"""

from __future__ import annotations

from typing import Any

from gmtool.errors import RulesError, UsageError
from gmtool.systems.zauberer import board as graph
from gmtool.systems.zauberer.duels import start_duel
from gmtool.systems.zauberer.movement import check_ways, move_back, place, walk
from gmtool.systems.zauberer.state import (
    KIND_WORDS,
    State,
    Team,
    card_name,
    check_phase,
    check_turn,
    distance,
    enemies,
    find_card,
    find_team,
    standing,
)
from gmtool.systems.zauberer.turns import return_spell

CAST_PHASES = ("move", "white", "dungeon", "end")


def cast(state: State, action: dict[str, Any]) -> dict[str, Any]:
    team = check_turn(state, action.get("player"), doing="cast a spell")
    check_phase(state, team, CAST_PHASES, "cast a spell")
    cid = find_card(state, action.get("card"))
    name = card_name(state, cid)
    if team["spell"] != cid:
        raise RulesError(
            f"{team['clan']} does not hold {name}: a team casts only the spell in its hand",
            hint="gmtool zauberer show --as " + team["clan"],
        )
    card = state["cards"][cid]
    if card["kind"] != "noncombat":
        when = "before the roll (--attack)" if card["kind"] == "attack" else "after it (--defense)"
        raise RulesError(
            f"{name} is {KIND_WORDS[card['kind']]}: it is played in a duel, {when}",
        )
    effect = card["effect"]
    space_before = team["space"]
    phase = state["phase"]
    done = CASTERS[effect["kind"]](state, team, effect, {**action, "card_id": cid})
    return_spell(state, team)
    if state["phase"] != "duel":
        state["phase"] = _phase_after(state, team, phase, space_before)
    elif state["duel"] is not None:
        state["duel"]["resume"] = _phase_after(state, team, phase, space_before)
    return {"team": team["clan"], "card": cid, "name": name, "effect": effect["kind"], **done}


def _phase_after(state: State, team: Team, phase: str, space_before: str) -> str:
    """A team moved by its own spell cannot use the dungeon it left; at the centre there is
    nothing left to move toward."""
    if team["out"] is not None:
        return phase
    if team["space"] == state["board"]["centre"] and phase == "move":
        return "white"
    if phase == "dungeon" and team["space"] != space_before:
        return "end"
    return phase


def _ring(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    spaces = _spaces(state, action, 1)
    space = spaces[0]
    taken = [other["clan"] for other in standing(state) if other["space"] == space]
    if taken or space == state["board"]["centre"]:
        raise RulesError(f"a ring goes on an empty space: {space} holds {', '.join(taken)}")
    if space in state["rings"]:
        raise RulesError(f"{space} already holds a ring")
    state["rings"][space] = {
        "clan": team["clan"],
        "name": card_name(state, action["card_id"]),
        "ally": effect["ally"],
        "enemy": effect["enemy"],
    }
    return {"space": space}


def _move_self(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    return _walk(state, team, int(effect["steps"]), action)


def _walk(state: State, team: Team, steps: int, action: dict[str, Any]) -> dict[str, Any]:
    ways = check_ways(state, team, action.get("ways"), steps)
    stop = bool(state["rules"]["spell_moves_stop_at_dungeons"])
    start = team["space"]
    path, stopped_by = walk(state, team, steps, ways, stop_at_dungeons=stop)
    return {"moves": [{"team": team["clan"], "from": start, "to": team["space"], "path": path}]}


def _move_enemy(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    steps = int(effect["steps"])
    if effect["targets"] == "all":
        targets = enemies(state, team)
    else:
        targets = [_enemy(state, team, action, 0)]
    moves = []
    for target in targets:
        start = target["space"]
        if steps < 0:
            path = move_back(state, target, -steps)
        else:
            path, _ = walk(state, target, steps, [], stop_at_dungeons=False)
        moves.append({"team": target["clan"], "from": start, "to": target["space"], "path": path})
    return {"moves": moves}


def _swap_places(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    other = _enemy(state, team, action, 0)
    mine, theirs = distance(state, team["space"]), distance(state, other["space"])
    if abs(mine - theirs) > int(effect["within"]):
        raise RulesError(
            f"{other['clan']} is {theirs} steps from the centre and {team['clan']} {mine}: "
            f"Air to Air swaps only with a team about as far (at most {effect['within']} apart)"
        )
    a, b = team["space"], other["space"]
    place(state, team, b)
    place(state, other, a)
    return {
        "moves": [
            {"team": team["clan"], "from": a, "to": b, "path": [b]},
            {"team": other["clan"], "from": b, "to": a, "path": [a]},
        ]
    }


def _pull_together(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    first, second = _team_target(state, action, 0), _team_target(state, action, 1)
    if first is second:
        raise RulesError("Entanglement pulls two different teams together")
    board = state["board"]
    path = graph.path_between(board["spaces"], board["before"], first["space"], second["space"])
    middles = {path[(len(path) - 1) // 2], path[len(path) // 2]}
    # Midway as far as it can be; of two middle spaces, the one nearer the centre.
    meet = min(middles, key=lambda space: (board["distance"][space], space))
    moves = []
    for target in (first, second):
        moves.append({"team": target["clan"], "from": target["space"], "to": meet, "path": [meet]})
        place(state, target, meet)
    resume = state["phase"]
    start_duel(state, first, second, resume=resume, ends_turn=False)
    return {"moves": moves, "duel": [first["clan"], second["clan"]]}


def _swap_colours(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    times = int(effect["times"])
    spaces = _spaces(state, action, 2 * times)
    board = state["board"]["spaces"]
    swaps = []
    for number in range(times):
        a, b = spaces[2 * number], spaces[2 * number + 1]
        if a == b:
            raise RulesError(f"a swap needs two different spaces, not {a} twice")
        if state["board"]["centre"] in (a, b):
            raise RulesError("the centre keeps its colour: swap two other spaces")
        board[a]["colour"], board[b]["colour"] = board[b]["colour"], board[a]["colour"]
        swaps.append({"spaces": [a, b], "colours": [board[a]["colour"], board[b]["colour"]]})
    return {"swaps": swaps}


def _portal(state: State, team: Team, effect: dict[str, Any], action: dict[str, Any]) -> Any:
    steps = action.get("steps")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise UsageError("H2O Portal needs the number of spaces to move", hint="--steps N")
    done = _walk(state, team, steps, action)
    moved = len(done["moves"][0]["path"])
    if moved:
        team["effects"].append(
            {
                "id": action["card_id"],
                "name": card_name(state, action["card_id"]),
                "text": f"{moved} Power Points off the first rolls of the next duel",
                "kind": "battle_power",
                "amount": -moved,
                "rounds": int(effect["penalty_rounds"]),
            }
        )
    return done


def _spaces(state: State, action: dict[str, Any], count: int) -> list[str]:
    spaces = action.get("spaces") or []
    if not isinstance(spaces, list) or len(spaces) != count:
        raise UsageError(
            f"this spell needs {count} space{'s' if count > 1 else ''}",
            hint="name them with --space (repeat it)",
        )
    known = state["board"]["spaces"]
    for space in spaces:
        if space not in known:
            raise UsageError(f"unknown space '{space}'", hint="the spaces are named on the board")
    return [str(space) for space in spaces]


def _team_target(state: State, action: dict[str, Any], index: int) -> Team:
    targets = action.get("targets") or []
    if not isinstance(targets, list) or len(targets) <= index:
        raise UsageError("this spell needs a target team", hint="name it with --target CLAN")
    target = find_team(state, targets[index])
    if target["out"] is not None:
        raise RulesError(f"{target['clan']} is out of the game: a spell cannot reach it")
    return target


def _enemy(state: State, team: Team, action: dict[str, Any], index: int) -> Team:
    target = _team_target(state, action, index)
    if target is team:
        raise RulesError(f"{team['clan']} cannot target itself: name an enemy team")
    return target


CASTERS = {
    "ring": _ring,
    "move_self": _move_self,
    "move_enemy": _move_enemy,
    "swap_places": _swap_places,
    "pull_together": _pull_together,
    "swap_colours": _swap_colours,
    "portal": _portal,
}
