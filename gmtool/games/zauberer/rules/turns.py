"""Turns: who plays, missed turns, holding the centre, going out and winning.

A team holds the centre for a turn when it ends one of its turns there. By default the
turn it arrives does not count (``arrival_counts``), so a team must end three more of its
turns on the centre (``centre_turns_to_win``). A team pushed off the centre starts again.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.zauberer.rules.state import State, Team, current_team, standing


def start_turn(state: State, index: int) -> None:
    """Give the turn to the team at ``index``: its next player, the phase for its space."""
    team = state["teams"][index]
    state["turn"] = index
    state["turn_number"] += 1
    state["player"] = team["players"][team["rounds_played"] % len(team["players"])]
    team["rounds_played"] += 1
    state["turn_start_space"] = team["space"]
    for effect in team["effects"]:
        if effect["kind"] == "max_steps":  # Sticky Sap: this whole turn
            effect.setdefault("turn", state["turn_number"])
    # At the centre there is nowhere to move: the team may duel or end its turn.
    state["phase"] = "white" if team["space"] == state["board"]["centre"] else "move"


def end_turn(state: State) -> dict[str, Any]:
    """Close the turn of the team to play (counting the centre) and pass the turn on.

    Returns ``{"centre_turns", "skipped", "next"}`` for the result document."""
    team = current_team(state)
    assert team is not None
    if team["effects"]:  # Sticky Sap ends with the turn it held
        team["effects"] = [
            effect
            for effect in team["effects"]
            if not (effect["kind"] == "max_steps" and effect.get("turn") == state["turn_number"])
        ]
    counted = None
    if team["out"] is None and team["space"] == state["board"]["centre"]:
        held_before = state["turn_start_space"] == team["space"]
        if held_before or state["rules"]["arrival_counts"]:
            team["centre_turns"] += 1
            counted = team["centre_turns"]
            if team["centre_turns"] >= state["rules"]["centre_turns_to_win"]:
                finish(state, team["clan"], "centre")
    skipped = [] if state["over"] else pass_turn(state)
    after = current_team(state)
    return {
        "centre_turns": counted,
        "skipped": skipped,
        "next": after["clan"] if after and not state["over"] else None,
    }


def pass_turn(state: State) -> list[str]:
    """Give the turn to the next team clockwise that is still in, passing over (and using
    up) missed turns; returns the clans whose turn was missed."""
    skipped: list[str] = []
    count = len(state["teams"])
    index = state["turn"] if state["turn"] is not None else -1
    while True:
        index = (index + 1) % count
        team = state["teams"][index]
        if team["out"] is not None:
            continue
        if _use_missed_turn(team):
            skipped.append(team["clan"])
            continue
        start_turn(state, index)
        return skipped


def _use_missed_turn(team: Team) -> bool:
    for effect in team["effects"]:
        if effect["kind"] == "skip_turns":
            effect["turns"] -= 1
            if effect["turns"] <= 0:
                team["effects"].remove(effect)
            return True
    return False


def knock_out(state: State, team: Team, reason: str) -> None:
    """Put ``team`` out of the game (its spell back to its pile); the last team left wins."""
    team["out"] = reason
    team["centre_turns"] = 0
    team["effects"] = []
    if team["spell"] is not None:
        return_spell(state, team)
    left = standing(state)
    if len(left) == 1:
        finish(state, left[0]["clan"], "last_team")


def finish(state: State, winner: str, how: str) -> None:
    state["over"] = True
    state["winner"] = winner
    state["ended_by"] = how
    state["phase"] = "over"


def return_spell(state: State, team: Team) -> str | None:
    """Put a team's spell card back into its own clan's pile (drawn later at random, which
    is the same as shuffling it in)."""
    cid: str | None = team["spell"]
    if cid is not None:
        return_card(state, cid)
        team["spell"] = None
    return cid


def return_card(state: State, cid: str) -> None:
    """Put spell card ``cid`` back into its own clan's pile (kept sorted, drawn at random)."""
    pile = state["decks"][state["cards"][cid]["clan"]]
    pile.append(cid)
    pile.sort()
