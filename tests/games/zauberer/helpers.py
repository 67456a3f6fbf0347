"""Fixed Zauberer games for the tests: a started state, pieces and cards set by hand."""

from __future__ import annotations

import copy
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Outcome
from gmtool.games.zauberer.game import SYSTEM
from gmtool.games.zauberer.rules.content import ZaubererContent, load_content

TEAMS = {"fire": ["Ana"], "water": ["Bo", "Eve"], "air": ["Cy"], "earth": ["Di"]}
_CONTENT: ZaubererContent | None = None


def content() -> ZaubererContent:
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load_content({})
    return _CONTENT


def start(first: str = "fire", **options: Any) -> dict[str, Any]:
    """A new game of four teams (water has two players); ``first`` plays first."""
    opts: dict[str, Any] = {"teams": copy.deepcopy(TEAMS), "first": first, **options}
    return SYSTEM.new_state(content(), opts, DiceDoor(Rng(1)))


def team(state: dict[str, Any], clan: str) -> dict[str, Any]:
    return next(t for t in state["teams"] if t["clan"] == clan)


def put(state: dict[str, Any], clan: str, space: str) -> None:
    """Place a piece by hand (its trail starts there)."""
    team(state, clan)["space"] = space
    team(state, clan)["trail"] = [space]


def give(state: dict[str, Any], clan: str, card: str) -> None:
    """Put a spell card in a team's hand, out of its pile."""
    owner = state["cards"][card]["clan"]
    state["decks"][owner].remove(card)
    team(state, clan)["spell"] = card


def play(state: dict[str, Any], action: dict[str, Any], *faces: int, **by: list[int]) -> Outcome:
    """Apply an action to a copy of ``state`` with entered faces (flat, or per clan); every
    face must be used."""
    door = DiceDoor(entered=faces if faces else None, entered_by=by or None)
    if not faces and not by:
        door = DiceDoor.entered_faces()
    outcome = SYSTEM.apply(copy.deepcopy(state), action, door, content())
    door.finish()
    return outcome


def at_phase(state: dict[str, Any], phase: str) -> dict[str, Any]:
    state["phase"] = phase
    return state


def duel(state: dict[str, Any], challenger: str, defender: str) -> dict[str, Any]:
    """``challenger`` (to play, on a white space) has called out ``defender``."""
    state["turn"] = [t["clan"] for t in state["teams"]].index(challenger)
    put(state, challenger, "n3")
    put(state, defender, "n5")
    state["phase"] = "white"
    return play(state, {"type": "duel_start", "target": defender}).state


def round_(
    state: dict[str, Any],
    attack: dict[str, str] | None = None,
    defense: dict[str, str] | None = None,
    **faces: list[int],
) -> Outcome:
    action = {"type": "duel_round", "attack": attack or {}, "defense": defense or {}}
    return play(state, action, **faces)


def turn_action(policy: str, state: dict[str, Any], thinking: Rng) -> dict[str, Any]:
    """What the simulator's ``policy`` player does now, outside a duel: the team to play
    chooses from its options (the roll-off: the table's one move on offer)."""
    from gmtool.engine.forecast import Player
    from gmtool.games.zauberer.rules import forecast

    clans = [each["clan"] for each in state["teams"]]
    player = Player(SYSTEM, None, dict.fromkeys(clans, forecast.POLICIES[policy]), thinking)
    action = forecast.step(state, player)
    assert action is not None
    return dict(action)


def attack_card(policy: str, state: dict[str, Any], clan: str, thinking: Rng) -> str | None:
    """The attack card ``policy``'s duellist ``clan`` plays, from its roll's move."""
    from gmtool.games.zauberer.rules.policies import POLICIES

    (roll,) = SYSTEM.options(state, clan, kinds=("duel_round",))
    return POLICIES[policy][1](state, team(state, clan), roll, thinking)
