"""A Food Fight match played out, for ``gmtool forecast`` and for the balance runs of
``gmtool foodfight simulate`` alike: every seat a side of its own, played by the simple
players of ``rules.policies`` (``random``, ``greedy``), who choose only from what the
rules offer the seat (``offers.Offer``, the very answer the declaration's ``options``
lists as moves), so only moves the rules accept. The match is played as a ``Match`` and
every move carried out by ``moves.play``, the referee's own rules; a forecast from here
copies the match as it stands, one from the deal (``--fresh``, and every balance run)
deals a new match each game."""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.forecast import OwnPolicy, Player, Record, Start, Tally
from gmtool.engine.system import Action, State, System
from gmtool.errors import RulesError
from gmtool.games.foodfight.rules import offers
from gmtool.games.foodfight.rules.content import FoodFightContent
from gmtool.games.foodfight.rules.declaration import seats, status
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.moves import play
from gmtool.games.foodfight.rules.offers import offer
from gmtool.games.foodfight.rules.policies import ANSWERS
from gmtool.games.foodfight.rules.policies import POLICIES as PLAYERS
from gmtool.games.foodfight.rules.setup import Dealer

SIDES: tuple[str, ...] = ()
"""The seats, read from the match (``Start.sides``)."""
ABOUT = {
    "random": "any attack or discard on offer with equal chance, half the time with a "
    "Fortune on a random card; in a battle, half the time a random Fortune, else a pass",
    "greedy": "attacks the card that looks weakest with the weakest card that beats it, "
    "with a Fortune when one turns the odds; discards its weakest card when nothing looks "
    "winnable; defends with the smallest Fortune that saves its card",
}
POLICIES: dict[str, OwnPolicy] = {
    name: OwnPolicy(name, ABOUT[name], (*PLAYERS[name], ANSWERS[name])) for name in PLAYERS
}
DEFAULT_POLICIES = {"*": "random"}
MAIN = "moves"
ENUMERABLE = False
"""Draws are secret shuffles, not dice through the door: never enumerated."""
RUNS = 2000
"""About a second of random play, two of greedy, on one core."""
FRESH_DEAL = True
"""``--fresh`` deals the match again from the campaign's own options, every game anew."""
MAX_MOVES = 1000
"""A match still running after this many moves is counted as unfinished (ties can stall)."""
CAUSES = ("towers", "health")
"""Why a player goes out: no tower left, or the end of their health track."""


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:
        return Start({}, what="the match from the deal", sides=tuple(seats(state)))
    if status(state)["over"]:
        raise RulesError("the match is over: nothing is left to forecast")
    return Start(
        state, what=f"the match from move {status(state)['moves']}", sides=tuple(seats(state))
    )


def dealt(names: list[str]) -> Start:
    """A balance run's start: every game a new deal for the seats ``names``."""
    return Start({}, deal={"players": names}, what="the match from the deal", sides=tuple(names))


_dealer: tuple[FoodFightContent, Dealer] | None = None
"""The dealer of the latest content (a run deals thousands of games from one content)."""


def _dealer_of(content: FoodFightContent) -> Dealer:
    global _dealer
    if _dealer is None or _dealer[0] is not content:
        _dealer = (content, Dealer(content))
    return _dealer[1]


def begin(start: Start, state: State | None, dice: DiceDoor, content: Any) -> Match:
    if state is None:
        return _dealer_of(content).deal_match(start.deal or {}, dice)
    return Match(state)


def step(match: Match, player: Player) -> Action | None:
    """The seat awaited moves by its side's policy, from what the rules offer it (the
    ``Offer`` the declaration's ``options`` lists as moves); against a blind attack, the
    defender's policy declares one of the Fortunes it may with it. Stacking the towers
    again is the table's, not a policy's."""
    if match.moves >= MAX_MOVES:
        return None
    offered = offer(match)
    if offered is None:
        return None
    plays = player.own(offered.player.name)
    if offered.answering:  # a two-step battle asks for a Fortune or a pass
        return dict(plays[2](match, offered, player.rng))
    action: dict[str, Any] = dict(plays[0](match, offered, player.rng))
    if action["type"] == "attack" and offered.with_attack:
        target = action["target"]
        defend = player.own(target)[1]
        defence = defend(match, action, offers.defence(match, target), player.rng)
        if defence is not None:
            action.setdefault("fortunes", []).append(defence)
    return action


def carry_out(
    match: Match, action: Action, dice: DiceDoor, notes: dict[str, Any], content: Any
) -> Match:
    moved = play(match, action)  # type: ignore[arg-type]
    if moved is not None:
        for move in moved:
            if move[-1] is not None:  # why the player went out
                notes.setdefault("out", []).append((move[0], move[-1]))
    return match


def stored(match: Match) -> State:
    match.store()
    return match.state  # type: ignore[return-value]


def observe(match: Match, action: Action, notes: dict[str, Any]) -> None:
    pass


def record(start: State, end: Match, finished: bool, notes: dict[str, Any]) -> Record:
    """Who won; who went out during the game and why, and how the match ended (the
    cause of its last player out); the moves played."""
    out: list[tuple[str, str]] = notes.get("out", [])
    events = [f"out: {name}" for name, _ in out]
    if end.over and out:
        events.append(f"ended by: {out[-1][1]}")
    else:
        events.append("unfinished")
    measures = {"moves": float(end.moves)}
    for cause in CAUSES:
        measures[f"players out by {cause}"] = float(sum(1 for _, why in out if why == cause))
    return Record(end.winner or "", tuple(events), measures)


def counts(tally: Tally) -> tuple[dict[str, int], dict[str, int]]:
    """How many games ended by each cause, and how many players went out by each."""
    ended = {cause: round(tally.events.get(f"ended by: {cause}", 0.0)) for cause in CAUSES}
    out = {}
    for cause in CAUSES:
        counted = tally.measures.get(f"players out by {cause}", {})
        out[cause] = round(sum(value * count for value, count in counted.items()))
    return ended, out
