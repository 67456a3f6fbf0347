"""What a team may see, and what it may do: ``show --json``, ``options``, ``status``
(``--as`` included).

A team's spell card is secret from the others (the rules have it placed face down).
Everything else is open: where the pieces are, trap effects, rings, the duel.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.zauberer.rules import board as graph
from gmtool.games.zauberer.rules.movement import forks_ahead
from gmtool.games.zauberer.rules.state import PHASE_WORDS, State, Team, current_team, find_team

HIDDEN_SPELL = {"id": None, "name": None, "kind": None, "text": None}


def view(state: State, as_team: str | None = None, *, public: bool = False) -> dict[str, Any]:
    """The game as the ``show --json`` document.

    With ``as_team``, spell cards are shown to their own team only; with ``public``, to
    nobody; with neither, everything is shown (the referee's view)."""
    viewer = find_team(state, as_team)["clan"] if as_team is not None else None
    hide_others = public or viewer is not None
    team = current_team(state)
    return {
        "turn": state["turn_number"],
        "team_to_play": team["clan"] if team and not state["over"] else None,
        "teams": [
            _team_view(state, each, hide_others and each["clan"] != viewer)
            for each in state["teams"]
        ],
        "duel": duel_view(state),
        "winner": state["winner"],
    }


def _team_view(state: State, team: Team, hidden: bool) -> dict[str, Any]:
    return {
        "clan": team["clan"],
        "players": list(team["players"]),
        "space": team["space"],
        "distance": state["board"]["distance"][team["space"]],
        "spell": spell_view(state, team["spell"], hidden),
        "effects": [_effect_view(effect) for effect in team["effects"]],
        "out": team["out"] is not None,
        "centre_turns": team["centre_turns"],
    }


def spell_view(state: State, cid: str | None, hidden: bool) -> dict[str, Any] | None:
    if cid is None:
        return None
    if hidden:
        return dict(HIDDEN_SPELL)
    card = state["cards"][cid]
    return {"id": cid, "name": card["name"], "kind": card["kind"], "text": card["text"]}


def card_name(state: State, cid: str) -> str:
    """A spell card's name: the deck is no secret, only who holds which card."""
    return str(state["cards"][cid]["name"])


def own_spell(state: State, clan: str) -> str | None:
    """The id of the spell card team ``clan`` holds, for that team's own screen only."""
    spell: str | None = find_team(state, clan)["spell"]
    return spell


def _effect_view(effect: dict[str, Any]) -> dict[str, Any]:
    return {"id": effect["id"], "name": effect["name"], "text": effect["text"]}


def duel_view(state: State) -> dict[str, Any] | None:
    duel = state["duel"]
    if duel is None:
        return None
    return {
        "challenger": duel["challenger"],
        "defender": duel["defender"],
        "round": duel["round"],
        "hp": dict(duel["hp"]),
        "used": list(duel["used"]),
        "lasting": [dict(item) for item in duel["lasting"]],
    }


def options_document(state: State) -> dict[str, Any]:
    """What the team to play (or the duellists) may do now, for ``gmtool zauberer options``."""
    team = current_team(state)
    if state["over"] or team is None:
        phase = state["phase"]
        return {
            "team": None,
            "player": None,
            "phase": phase,
            "over": state["over"],
            "winner": state["winner"],
            "commands": ["roll-off"] if phase == "roll_off" else [],
            "says": PHASE_WORDS[phase],
        }
    phase = state["phase"]
    commands = turn_commands(state, team)
    doc: dict[str, Any] = {
        "team": team["clan"],
        "player": state["player"],
        "phase": phase,
        "over": False,
        "winner": None,
        "commands": commands,
        "says": PHASE_WORDS[phase],
        "space": team["space"],
        "forks": forks_ahead(state, team["space"], max(state["rules"]["movement"])),
    }
    if phase == "white":
        doc["duel_targets"] = duel_targets(state, team)
    if phase == "duel":
        doc["duel"] = duel_view(state)
    return doc


_COMMANDS = {
    "move": ("move", "cast"),
    "blue": ("move", "end-turn", "cast"),
    "white": ("duel start", "end-turn", "cast"),
    "dungeon": ("dungeon", "end-turn", "cast"),
    "trap": ("trap",),
    "end": ("end-turn", "cast"),
    "duel": ("duel round",),
}


def turn_commands(state: State, team: Team) -> list[str]:
    """The commands of the team to play in the phase its turn is in (casting only with a
    non-combat card in hand): what its menu and its players choose among."""
    commands = list(_COMMANDS[state["phase"]])
    if "cast" in commands and not _can_cast(state, team):
        commands.remove("cast")
    return commands


def _can_cast(state: State, team: Team) -> bool:
    cid = team["spell"]
    return cid is not None and state["cards"][cid]["kind"] == "noncombat"


def duel_targets(state: State, team: Team) -> list[str]:
    board = state["board"]
    reach = state["rules"]["duel_range"]
    near = graph.steps_from(board["spaces"], board["before"], team["space"], limit=reach)
    return [
        other["clan"]
        for other in state["teams"]
        if other is not team and other["out"] is None and other["space"] in near
    ]


def status(state: State) -> dict[str, Any]:
    """The ``gmtool status --json`` document: the board and the teams, no secret at all."""
    doc = view(state, public=True)
    board = state["board"]
    doc.update(
        system="zauberer",
        phase=state["phase"],
        player=state["player"],
        over=state["over"],
        ended_by=state["ended_by"],
        board={
            "name": board["name"],
            "centre": board["centre"],
            "spaces": {
                name: {"colour": space["colour"], "next": space["next"], "at": space["at"]}
                for name, space in board["spaces"].items()
            },
            "rings": {space: ring["clan"] for space, ring in state["rings"].items()},
        },
        pieces={team["clan"]: state["clans"][team["clan"]]["piece"] for team in state["teams"]},
    )
    return doc
