"""What a team may choose now, for menus (``gmtool play``) and simple players.

Each function answers from the state by the rules, so a menu offers only choices the
rules accept (the rules still check every action they are given).
"""

from __future__ import annotations

from typing import Any

from gmtool.games.zauberer.rules.movement import forks_ahead
from gmtool.games.zauberer.rules.state import State, Team, enemies, standing


def cast_arguments(state: State, team: Team, cid: str) -> dict[str, Any]:
    """What casting ``cid`` needs: ``targets`` (how many, from which clans), ``spaces``
    (how many, from which), ``steps`` (the most worth moving) and ``forks`` on the way."""
    effect = state["cards"][cid]["effect"]
    kind = effect["kind"]
    board = state["board"]
    others = [t["clan"] for t in enemies(state, team)]
    needs: dict[str, Any] = {"targets": (0, []), "spaces": (0, []), "steps": None, "forks": {}}
    if kind == "ring":
        taken = {t["space"] for t in standing(state)} | set(state["rings"]) | {board["centre"]}
        needs["spaces"] = (1, [s for s in board["spaces"] if s not in taken])
    elif kind == "move_self":
        needs["forks"] = forks_ahead(state, team["space"], int(effect["steps"]))
    elif kind == "move_enemy" and effect["targets"] == "one":
        needs["targets"] = (1, others)
    elif kind == "swap_places":
        mine = board["distance"][team["space"]]
        near = [
            t["clan"]
            for t in enemies(state, team)
            if abs(board["distance"][t["space"]] - mine) <= effect["within"]
        ]
        needs["targets"] = (1, near)
    elif kind == "pull_together":
        needs["targets"] = (2, [t["clan"] for t in standing(state)])
    elif kind == "swap_colours":
        needs["spaces"] = (
            2 * effect["times"],
            [s for s in board["spaces"] if s != board["centre"]],
        )
    elif kind == "portal":
        far = board["distance"][team["space"]]
        needs["steps"] = far
        needs["forks"] = forks_ahead(state, team["space"], far)
    return needs


def held_card(state: State, team: Team, kind: str) -> str | None:
    """The card of ``kind`` that ``team`` holds and may still play in the duel under way."""
    cid: str | None = team["spell"]
    if cid is None or state["cards"][cid]["kind"] != kind:
        return None
    duel = state["duel"]
    if duel is not None and cid in duel["used"]:
        return None
    return cid
