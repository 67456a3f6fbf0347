"""Moving pieces: the movement die, forks, dungeons that stop a move, moving back.

A piece moves along ``next`` toward the centre. At a fork it takes the first way the GM
named that is on offer (``ways``), else the board's default (the first listed). A move by
the die stops on a dungeon (green) space; a move by a spell does so only by the ruling
``spell_moves_stop_at_dungeons``. Moving back retraces the piece's own trail while it
can, else takes the first space listed behind it; a start space has nothing behind it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError
from gmtool.games.zauberer.rules.state import (
    State,
    Team,
    check_phase,
    check_turn,
    space_colour,
    team_to_play,
)
from gmtool.games.zauberer.state import Phase

LANDING_PHASE: dict[str, Phase] = {
    "white": "white",
    "centre": "white",
    "green": "dungeon",
    "red": "trap",
}


def check_move(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The move ``action`` asks for, with its ways checked; raises the rules' refusal."""
    team = check_turn(state, action.get("player"), doing="move")
    if team["space"] == state["board"]["centre"]:
        raise RulesError(
            f"{team['clan']} is at the centre: there is nowhere further to move",
            hint="call a duel or end the turn",
        )
    sap = next((e for e in team["effects"] if e["kind"] == "max_steps"), None)
    if state["phase"] == "end" and sap is not None and sap.get("left") == 0:
        raise RulesError(
            f"{team['clan']} is held by {sap['name']}: one space at most this whole turn, "
            "and it has moved it (a fountain gives no more)",
            hint="end the turn",
        )
    check_phase(state, team, ("move", "blue"), "move")
    ways = check_ways(state, team, action.get("ways"), max(state["rules"]["movement"]))
    return {"type": "move", "ways": ways}


def move(state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool) -> dict[str, Any]:
    """Roll the movement die and move the team to play (``checked``: ``check_move``'s, or a
    player's that names only ways on offer); the space landed on sets what comes next (a
    fountain offers another move, unless Sticky Sap has used up the turn's one space)."""
    team = team_to_play(state)
    face = dice.roll("1d6", who=team["clan"], label="move").total
    steps = state["rules"]["movement"][face - 1]
    sap = _sap(state, team) if team["effects"] else None
    if sap is not None:
        steps = min(steps, int(sap["left"]))
    start = team["space"]
    path, stopped_by = walk(state, team, steps, checked.get("ways") or (), stop_at_dungeons=True)
    colour = space_colour(state, team["space"])
    state["phase"] = LANDING_PHASE.get(colour) or _fountain_phase(state)
    held = None
    if sap is not None:
        sap["left"] = max(0, int(sap["left"]) - len(path))
        if colour == "blue" and sap["left"] == 0:
            state["phase"] = "end"  # no space left to move this turn: the fountain gives nothing
            held = str(sap["name"])
    if not record:
        return {}
    return {
        "team": team["clan"],
        "die": face,
        "steps": steps,
        "moved": len(path),
        "from": start,
        "to": team["space"],
        "space": colour,
        "stopped_by": stopped_by,
        "next": state["phase"],
        "path": path,
        "held_by": held,
    }


def _fountain_phase(state: State) -> Phase:
    """A fountain: another roll, the team's choice (``blue``: move again or end the turn)
    unless the ruling ``fountain_roll: must`` makes it roll."""
    return "move" if state["rules"].get("fountain_roll") == "must" else "blue"


def _sap(state: State, team: Team) -> dict[str, Any] | None:
    """A trap that limits the team's next turn to a number of spaces (Sticky Sap), counted
    down over every move of this turn (a fountain's too); ``turns.end_turn`` ends it."""
    for effect in team["effects"]:
        if effect["kind"] == "max_steps":
            effect.setdefault("turn", state["turn_number"])
            effect.setdefault("left", effect["steps"])
            return effect
    return None


def check_ways(state: State, team: Team, ways: object, reach: int) -> list[str]:
    """The spaces named for forks (``--way``), each a way out of a fork the piece may come
    to within ``reach`` steps. The die decides how far it goes, so a way may stay unused."""
    if ways is None:
        return []
    if isinstance(ways, str):
        ways = [ways]
    if not isinstance(ways, list):
        raise UsageError("'ways' must be a list of spaces")
    spaces = state["board"]["spaces"]
    forks = forks_ahead(state, team["space"], reach)
    offered = {way for options in forks.values() for way in options}
    for way in ways:
        if way not in spaces:
            raise UsageError(
                f"unknown space '{way}' for --way",
                hint="the spaces are named on the board (gmtool status)",
            )
        if way not in offered:
            choices = "; ".join(f"at {fork}: {' or '.join(o)}" for fork, o in forks.items())
            raise RulesError(
                f"{way} is not a way out of a fork within {reach} steps of {team['space']}",
                hint=f"the forks ahead: {choices}" if forks else "no fork lies ahead",
            )
    return [str(way) for way in ways]


def forks_ahead(state: State, space: str, reach: int) -> dict[str, list[str]]:
    """The forks a piece on ``space`` may come to within ``reach`` steps: fork -> ways."""
    spaces = state["board"]["spaces"]
    forks: dict[str, list[str]] = {}
    frontier = [space]
    for _ in range(reach):
        following = []
        for here in frontier:
            if len(spaces[here]["next"]) > 1:
                forks[here] = list(spaces[here]["next"])
            following += spaces[here]["next"]
        frontier = list(dict.fromkeys(following))
    return forks


def walk(
    state: State, team: Team, steps: int, ways: Sequence[str], *, stop_at_dungeons: bool
) -> tuple[list[str], str | None]:
    """Move ``team`` up to ``steps`` toward the centre; returns the spaces entered and
    ``"dungeon"`` when a dungeon stopped the move. A way the move did not reach is unused."""
    spaces = state["board"]["spaces"]
    wanted = list(ways)
    path: list[str] = []
    stopped_by = None
    for _ in range(steps):
        offered = spaces[team["space"]]["next"]
        if not offered:
            break  # the centre: the rest of the move is lost
        chosen = next((way for way in offered if way in wanted), offered[0])
        if chosen in wanted:
            wanted.remove(chosen)
        set_space(state, team, chosen)
        path.append(chosen)
        if stop_at_dungeons and space_colour(state, chosen) == "green":
            stopped_by = "dungeon"
            break
    return path, stopped_by


def move_back(state: State, team: Team, steps: int) -> list[str]:
    """Move ``team`` ``steps`` spaces away from the centre; returns the spaces entered."""
    before = state["board"]["before"]
    path: list[str] = []
    for _ in range(steps):
        here = team["space"]
        trail = team["trail"]
        behind = before[here]
        if not behind:
            break  # a start space: nowhere further back
        if len(trail) >= 2 and trail[-1] == here and trail[-2] in behind:
            trail.pop()
            there = trail[-1]
        else:
            there = behind[0]
            trail[:] = [there]
        _leave_centre(state, team, there)
        team["space"] = there
        path.append(there)
    return path


def set_space(state: State, team: Team, space: str) -> None:
    """Put ``team`` on ``space`` one step on from where it is (its trail grows)."""
    _leave_centre(state, team, space)
    team["space"] = space
    team["trail"].append(space)


def place(state: State, team: Team, space: str) -> None:
    """Put ``team`` on ``space`` by magic (a swap, a pull): its trail starts again there."""
    _leave_centre(state, team, space)
    team["space"] = space
    team["trail"] = [space]


def _leave_centre(state: State, team: Team, space: str) -> None:
    if space != state["board"]["centre"]:
        team["centre_turns"] = 0
