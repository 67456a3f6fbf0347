"""Non-combat spell cards: cast on the team's own turn, before or after moving.

A cast card goes back to its clan's pile. Moves made by a spell do not set off the space
they end on (no dungeon, trap or fountain), and stop on a dungeon only by the ruling
``spell_moves_stop_at_dungeons``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError
from gmtool.games.zauberer.rules import board as graph
from gmtool.games.zauberer.rules.duels import start_duel
from gmtool.games.zauberer.rules.movement import check_ways, move_back, place, walk
from gmtool.games.zauberer.rules.state import (
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
    on_duel_ground,
    open_duel,
    standing,
    team_to_play,
)
from gmtool.games.zauberer.rules.turns import return_spell
from gmtool.games.zauberer.state import Phase

CAST_PHASES = ("move", "blue", "white", "dungeon", "end")


def check_cast(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The cast ``action`` asks for: the card's id, and what it needs (``spaces``, target
    clans as ``targets``, ``steps``, ``ways``) checked; raises the rules' refusal."""
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
    return {"type": "cast", "card": cid, **CHECKS[effect["kind"]](state, team, effect, action)}


def cast(state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool) -> dict[str, Any]:
    """The team to play casts the card it holds (``checked``: ``check_cast``'s, or a
    player's that asks only what the rules offer, ``choices.cast_arguments``)."""
    team = team_to_play(state)
    cid = checked["card"]
    effect = state["cards"][cid]["effect"]
    space_before = team["space"]
    phase = state["phase"]
    done = CASTERS[effect["kind"]](state, team, effect, checked)
    return_spell(state, team)
    if state["phase"] != "duel":
        state["phase"] = _phase_after(state, team, phase, space_before)
    elif state["duel"] is not None:
        open_duel(state)["resume"] = _phase_after(state, team, phase, space_before)
    if not record:
        return {}
    name = card_name(state, cid)
    return {"team": team["clan"], "card": cid, "name": name, "effect": effect["kind"], **done}


def _phase_after(state: State, team: Team, phase: Phase, space_before: str) -> Phase:
    """A team moved by its own spell cannot use the dungeon it left, nor call a duel from
    anywhere but a white space (or the centre); at the centre there is nothing left to move
    toward."""
    if team["out"] is not None:
        return phase
    if team["space"] == state["board"]["centre"] and phase in ("move", "blue"):
        return "white"
    if phase == "dungeon" and team["space"] != space_before:
        return "end"
    if phase == "white" and not on_duel_ground(state, team):
        return "end"  # a duel is called only from a white space (or the centre)
    return phase


# Each card kind is checked (what the cast needs, refused as the rules say) and then carried
# out from what its check returned.
Action = Mapping[str, Any]
Effect = dict[str, Any]


def _check_ring(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    space = _spaces(state, action, 1)[0]
    taken = [other["clan"] for other in standing(state) if other["space"] == space]
    if taken or space == state["board"]["centre"]:
        raise RulesError(f"a ring goes on an empty space: {space} holds {', '.join(taken)}")
    if space in state["rings"]:
        raise RulesError(f"{space} already holds a ring")
    return {"spaces": [space]}


def _ring(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    space = checked["spaces"][0]
    state["rings"][space] = {
        "clan": team["clan"],
        "name": card_name(state, checked["card"]),
        "ally": effect["ally"],
        "enemy": effect["enemy"],
    }
    return {"space": space}


def _check_move_self(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    return {"ways": check_ways(state, team, action.get("ways"), int(effect["steps"]))}


def _move_self(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    return _walk(state, team, int(effect["steps"]), checked.get("ways") or [])


def _walk(state: State, team: Team, steps: int, ways: list[str]) -> dict[str, Any]:
    stop = bool(state["rules"]["spell_moves_stop_at_dungeons"])
    start = team["space"]
    path, stopped_by = walk(state, team, steps, ways, stop_at_dungeons=stop)
    return {"moves": [{"team": team["clan"], "from": start, "to": team["space"], "path": path}]}


def _check_move_enemy(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    if effect["targets"] == "all":
        return {}
    return {"targets": [_enemy(state, team, action, 0)["clan"]]}


def _move_enemy(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    steps = int(effect["steps"])
    if effect["targets"] == "all":
        targets = enemies(state, team)
    else:
        targets = [find_team(state, checked["targets"][0])]
    moves = []
    for target in targets:
        start = target["space"]
        if steps < 0:
            path = move_back(state, target, -steps)
        else:
            path, _ = walk(state, target, steps, [], stop_at_dungeons=False)
        moves.append({"team": target["clan"], "from": start, "to": target["space"], "path": path})
    return {"moves": moves}


def _check_swap_places(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    other = _enemy(state, team, action, 0)
    mine, theirs = distance(state, team["space"]), distance(state, other["space"])
    if abs(mine - theirs) > int(effect["within"]):
        raise RulesError(
            f"{other['clan']} is {theirs} steps from the centre and {team['clan']} {mine}: "
            f"Air to Air swaps only with a team about as far (at most {effect['within']} apart)"
        )
    return {"targets": [other["clan"]]}


def _swap_places(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    other = find_team(state, checked["targets"][0])
    a, b = team["space"], other["space"]
    place(state, team, b)
    place(state, other, a)
    return {
        "moves": [
            {"team": team["clan"], "from": a, "to": b, "path": [b]},
            {"team": other["clan"], "from": b, "to": a, "path": [a]},
        ]
    }


def _check_pull_together(
    state: State, team: Team, effect: Effect, action: Action
) -> dict[str, Any]:
    first, second = _team_target(state, action, 0), _team_target(state, action, 1)
    if first is second:
        raise RulesError("Entanglement pulls two different teams together")
    return {"targets": [first["clan"], second["clan"]]}


def _pull_together(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    first, second = (find_team(state, clan) for clan in checked["targets"][:2])
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


def _check_swap_colours(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    spaces = _spaces(state, action, 2 * int(effect["times"]))
    for a, b in zip(spaces[::2], spaces[1::2], strict=True):
        if a == b:
            raise RulesError(f"a swap needs two different spaces, not {a} twice")
        if state["board"]["centre"] in (a, b):
            raise RulesError("the centre keeps its colour: swap two other spaces")
    return {"spaces": spaces}


def _swap_colours(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    spaces = checked["spaces"]
    board = state["board"]["spaces"]
    swaps = []
    for a, b in zip(spaces[::2], spaces[1::2], strict=True):
        board[a]["colour"], board[b]["colour"] = board[b]["colour"], board[a]["colour"]
        swaps.append({"spaces": [a, b], "colours": [board[a]["colour"], board[b]["colour"]]})
    return {"swaps": swaps}


def _check_portal(state: State, team: Team, effect: Effect, action: Action) -> dict[str, Any]:
    steps = action.get("steps")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise UsageError("H2O Portal needs the number of spaces to move", hint="--steps N")
    return {"steps": steps, "ways": check_ways(state, team, action.get("ways"), steps)}


def _portal(state: State, team: Team, effect: Effect, checked: Action) -> Any:
    done = _walk(state, team, checked["steps"], checked.get("ways") or [])
    moved = len(done["moves"][0]["path"])
    if moved:
        team["effects"].append(
            {
                "id": checked["card"],
                "name": card_name(state, checked["card"]),
                "text": f"{moved} Power Points off the first rolls of the next duel",
                "kind": "battle_power",
                "amount": -moved,
                "rounds": int(effect["penalty_rounds"]),
            }
        )
    return done


def _spaces(state: State, action: Action, count: int) -> list[str]:
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


def _team_target(state: State, action: Action, index: int) -> Team:
    targets = action.get("targets") or []
    if not isinstance(targets, list) or len(targets) <= index:
        raise UsageError("this spell needs a target team", hint="name it with --target CLAN")
    target = find_team(state, targets[index])
    if target["out"] is not None:
        raise RulesError(f"{target['clan']} is out of the game: a spell cannot reach it")
    return target


def _enemy(state: State, team: Team, action: Action, index: int) -> Team:
    target = _team_target(state, action, index)
    if target is team:
        raise RulesError(f"{team['clan']} cannot target itself: name an enemy team")
    return target


Check = Callable[[State, Team, Effect, Action], dict[str, Any]]
CHECKS: dict[str, Check] = {
    "ring": _check_ring,
    "move_self": _check_move_self,
    "move_enemy": _check_move_enemy,
    "swap_places": _check_swap_places,
    "pull_together": _check_pull_together,
    "swap_colours": _check_swap_colours,
    "portal": _check_portal,
}
CASTERS = {
    "ring": _ring,
    "move_self": _move_self,
    "move_enemy": _move_enemy,
    "swap_places": _swap_places,
    "pull_together": _pull_together,
    "swap_colours": _swap_colours,
    "portal": _portal,
}
