"""Dungeons: 2d6 for a spell card, nothing, or a push back; one spell in hand at a time.

Snake eyes (``dungeon_back_ones`` ones) sends the team back ``dungeon_back_steps``
spaces; exactly ``dungeon_nothing_ones`` one gives nothing; any other roll draws the top
card of the team's own clan's spell pile. A team that already holds a spell must say it
puts it back (the pile is then shuffled) before it may enter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.zauberer.rules.movement import move_back
from gmtool.games.zauberer.rules.state import (
    State,
    Team,
    card_name,
    check_phase,
    check_turn,
    secret_below,
    team_to_play,
)
from gmtool.games.zauberer.rules.turns import return_spell


def dungeon_outcome(rules: dict[str, Any], faces: list[int]) -> str:
    """``spell``, ``nothing`` or ``back`` for the two dungeon dice."""
    ones = faces.count(1)
    if ones == rules["dungeon_back_ones"]:
        return "back"
    if ones == rules["dungeon_nothing_ones"]:
        return "nothing"
    return "spell"


def check_enter(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The raid ``action`` asks for (a card named from a physical pile as its id); raises
    the rules' refusal. A named card the dice then refuse is refused by ``enter``."""
    team = check_turn(state, action.get("player"), doing="enter a dungeon")
    check_phase(state, team, ("dungeon",), "enter a dungeon")
    if team["spell"] is not None and not action.get("return_spell"):
        raise RulesError(
            f"{team['clan']} already holds a spell: a team holds one at a time",
            hint="enter with --return-spell to put it back and shuffle the pile, "
            "or end the turn to keep it",
        )
    card = _chosen_card(state, team, action.get("card"))
    return {"type": "dungeon", "return_spell": team["spell"] is not None, "card": card}


def enter(state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool) -> dict[str, Any]:
    """Raid the dungeon the team to play stands on (``checked``: ``check_enter``'s, or a
    player's that puts back any spell it holds): 2d6 for a card, nothing, or a push back."""
    team = team_to_play(state)
    returned = return_spell(state, team) if team["spell"] is not None else None
    chosen = checked.get("card")
    faces = dice.roll("2d6", who=team["clan"], label="dungeon").faces
    outcome = dungeon_outcome(state["rules"], faces)
    card = None
    back: list[str] = []
    if outcome == "spell":
        card = chosen or draw_spell(state, team["clan"])
        if card is not None:
            state["decks"][team["clan"]].remove(card)
            team["spell"] = card
    elif chosen is not None:
        what = "snake eyes" if outcome == "back" else "nothing"
        raise RulesError(
            f"the dungeon gave {what} ({faces[0]}, {faces[1]}): no card is drawn, so --card "
            f"{card_name(state, chosen)} cannot be named",
            hint="enter again without --card",
        )
    elif outcome == "back":
        back = move_back(state, team, state["rules"]["dungeon_back_steps"])
    state["phase"] = "end"
    if not record:
        return {}
    return {
        "team": team["clan"],
        "dice": faces,
        "outcome": outcome,
        "card": card,
        "returned": returned,
        "back": back,
    }


def draw_spell(state: State, clan: str) -> str | None:
    """The top card of the clan's pile (the pile is kept sorted and drawn from at random
    with the game's secret generator, which is the same as a shuffled pile)."""
    pile: list[str] = state["decks"][clan]
    if not pile:
        return None
    return pile[secret_below(state, len(pile))]


def _chosen_card(state: State, team: Team, card: object) -> str | None:
    """A card named from a physical pile (``--card``): it must lie in the clan's pile."""
    if card is None:
        return None
    from gmtool.games.zauberer.rules.state import find_card

    cid = find_card(state, card)
    # The spell put back on entering goes into its clan's pile first, so it may be drawn.
    put_back = cid == team["spell"] and state["cards"][cid]["clan"] == team["clan"]
    if cid not in state["decks"][team["clan"]] and not put_back:
        raise RulesError(
            f"{card_name(state, cid)} is not in the {team['clan']} spell pile: a team draws "
            "from its own clan's pile, and a card held or out of play cannot be drawn"
        )
    return cid
