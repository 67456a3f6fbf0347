"""Trap cards: drawn on a red space and done at once, or kept as an effect for later.

Effects that act later (the next duel, the next move, the next turn) are kept on the
team, in the open, until they are used up. Drawn traps go to a discard pile; when the
trap pile is empty the discards are shuffled back in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, unknown
from gmtool.games.zauberer.rules.movement import move_back
from gmtool.games.zauberer.rules.state import (
    State,
    Team,
    check_phase,
    check_turn,
    secret_below,
    team_to_play,
)
from gmtool.games.zauberer.rules.turns import end_turn, return_spell

LATER = ("battle_power", "skip_turns", "max_steps", "battle_hp", "battle_one_die")


def check_draw(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The draw ``action`` asks for (a trap named from a physical pile as its id); raises
    the rules' refusal."""
    team = check_turn(state, action.get("player"), doing="draw a trap card")
    check_phase(state, team, ("trap",), "draw a trap card")
    # An empty pile is made again from the discards before the draw.
    pile = state["trap_deck"] or state["trap_discards"]
    return {"type": "trap", "card": _chosen(state, pile, action.get("card"))}


def draw_trap(
    state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool
) -> dict[str, Any]:
    """The team to play draws a trap (``checked["card"]``, else one at random) and it springs."""
    team = team_to_play(state)
    if not state["trap_deck"]:
        state["trap_deck"] = sorted(state["trap_discards"])
        state["trap_discards"] = []
    tid = checked.get("card")
    if tid is None:
        tid = state["trap_deck"][secret_below(state, len(state["trap_deck"]))]
    state["trap_deck"].remove(tid)
    state["trap_discards"].append(tid)
    sprung = spring(state, team, tid)
    if not record:
        return {}
    trap = state["traps"][tid]
    return {"team": team["clan"], "trap": tid, "name": trap["name"], **sprung}


def spring(state: State, team: Team, tid: str) -> dict[str, Any]:
    """Do what trap ``tid`` says to ``team``; returns what happened."""
    trap = state["traps"][tid]
    effect = trap["effect"]
    kind = effect["kind"]
    state["phase"] = "end"
    if kind in LATER:
        team["effects"].append({"id": tid, "name": trap["name"], "text": trap["text"], **effect})
        return {"effect": kind, "later": True}
    if kind == "discard_spell":
        returned = return_spell(state, team)
        return {"effect": kind, "later": False, "returned": returned}
    if kind == "dungeon":
        state["phase"] = "dungeon"
        return {"effect": kind, "later": False}
    # move_back
    back = move_back(state, team, int(effect["steps"]))
    done: dict[str, Any] = {"effect": kind, "later": False, "back": back}
    if effect.get("end_turn"):
        done["turn"] = end_turn(state)
    return done


def _chosen(state: State, pile: list[str], card: object) -> str | None:
    """A trap named from a physical pile (``--card``): it must still be in the pile."""
    if card is None:
        return None
    wanted = str(card).strip().casefold().replace(" ", "_")
    for tid, trap in state["traps"].items():
        if wanted in (tid, trap["name"].casefold().replace(" ", "_")):
            if tid not in pile:
                raise RulesError(
                    f"{trap['name']} is not in the trap pile: it was drawn already "
                    "(the discards are shuffled back only when the pile is empty)"
                )
            return str(tid)
    raise unknown("trap card", str(card), sorted(state["traps"]))
