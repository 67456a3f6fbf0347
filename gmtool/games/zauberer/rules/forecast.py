"""A Zauberer game played out, for ``gmtool forecast`` and for the balance runs of
``gmtool zauberer simulate`` alike: every clan a side of its own, played by the simple
players of ``rules.policies`` (``random``, ``greedy``), who choose only among the moves
the declaration offers the team (``options(state, seat)``, through ``Player.moves``), so
only moves the rules accept. Each move is carried out by the referee's own code
(``actions.carry_out``) on the game's state, changed in place; in a duel, each side's
attack card is chosen, the dice thrown, then each defence card chosen seeing them, and
the roll carried out with those faces. A forecast from here copies the game as it
stands; one from the start (``--fresh``, and every balance run) sets up a new game each
time, roll-off first."""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.forecast import REFEREE, OwnPolicy, Player, Record, Start
from gmtool.engine.system import Action, State, System
from gmtool.errors import RulesError
from gmtool.games.zauberer.rules.actions import carry_out as carried_out
from gmtool.games.zauberer.rules.declaration import seats, status
from gmtool.games.zauberer.rules.policies import POLICIES as PLAYERS
from gmtool.games.zauberer.rules.power import second_die_back, single_die
from gmtool.games.zauberer.rules.setup import new_state
from gmtool.games.zauberer.rules.state import current_team, open_duel, stored_state

SIDES: tuple[str, ...] = ()
"""The clans, read from the game (``Start.sides``)."""
ABOUT = {
    "random": "any kind of action on offer with equal chance (a move by random ways, a duel, "
    "a dungeon, ending the turn), a quarter of the time its spell first; in a duel, each "
    "card half the time",
    "greedy": "casts a helpful spell at once, makes for the centre by green then calm "
    "spaces, raids a dungeon with an empty hand, calls a duel when the exact odds favour it "
    "(or to stop a team holding the centre); in a duel, its attack card always, its "
    "defence card when it saves a hit point",
}
POLICIES: dict[str, OwnPolicy] = {
    name: OwnPolicy(name, ABOUT[name], plays) for name, plays in PLAYERS.items()
}
DEFAULT_POLICIES = {"*": "random"}
MAIN = "turns"
ENUMERABLE = False
"""Spells are dealt by a secret shuffle, not dice through the door: never enumerated."""
RUNS = 1000
"""About a second and a half of random play, two of greedy, on one core."""
FRESH_DEAL = True
"""``--fresh`` sets the game up again from the campaign's own options, every game anew."""
MAX_TURNS = 1000
"""A game still running after this many turns is counted as unfinished."""
ENDINGS = ("centre", "last_team", "unfinished")
WON_BY = ("centre", "last_team")
"""The endings that have a winner."""


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:
        return Start({}, what="the game from its start", sides=tuple(seats(state)))
    doc = status(state)
    if doc["over"]:
        raise RulesError("the game is over: nothing is left to forecast")
    return Start(state, what=f"the game from turn {doc['turn']}", sides=tuple(seats(state)))


def set_up(clans: list[str]) -> Start:
    """A balance run's start: one team a clan, a player each, the first by the roll-off."""
    teams = {clan: [f"Player {n}"] for n, clan in enumerate(clans, start=1)}
    deal = {"teams": teams, "first": "roll_off"}
    return Start({}, deal=deal, what="the game from its start", sides=tuple(clans))


def begin(start: Start, state: State | None, dice: DiceDoor, content: Any) -> Any:
    if state is None:
        return new_state(content, start.deal or {}, dice)
    return state


def step(state: Any, player: Player) -> Action | None:
    """The team to play acts by its side's policy, choosing among its moves on offer; the
    roll-off, the GM's, is the table's one move on offer. In a duel, one roll of it with
    both duellists' cards, each from its own roll's move, its faces thrown first."""
    if state["over"] or state["turn_number"] >= MAX_TURNS:
        return None
    if state["duel"] is not None:
        assert player.dice is not None and player.dice.rng is not None
        action, player.entered = duel_roll(state, player.dice.rng, player.rng, player)
        return action
    team = current_team(state)
    if team is None:  # the roll-off
        table = player.moves(state, None)
        return player.answered(state, REFEREE, table[0]) if table else None
    clan = team["clan"]
    moves = {move.name: move for move in player.moves(state, clan)}
    turn = player.own(clan)[0]
    chosen: Action = turn(state, team, moves, player.rng)
    return chosen


def duel_roll(
    state: Any, dice: Rng, thinking: Rng, player: Player
) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """One duel roll: attack cards, then the dice, then defence cards chosen seeing them
    (each card one its duellist's roll offers); the action and the faces each clan threw."""
    duel = open_duel(state)
    clans = (duel["challenger"], duel["defender"])
    teams = {team["clan"]: team for team in state["teams"]}
    rolls = {clan: player.moves(state, clan, kinds=_DUEL)[0] for clan in clans}
    attack = {}
    for clan in clans:
        card = player.own(clan)[1](state, teams[clan], rolls[clan], thinking)
        if card is not None:
            attack[clan] = card
    cards = {clan: state["cards"][cid] for clan, cid in attack.items()}
    rules = state["rules"]
    # only a card or a lasting effect can hold a team to one die (as in power.roll_power)
    may_hold = bool(attack or duel["lasting"]) and rules.get("one_die") == "roll_one"
    faces = {
        clan: [dice.face(6)]
        if may_hold and single_die(duel, rules, cards, clan)
        else [dice.face(6), dice.face(6)]
        for clan in clans
    }
    for clan, card in cards.items():
        if card["effect"]["kind"] == "extra_die":
            faces[clan].append(dice.face(6))
    defense = {}
    for clan in clans:
        if clan in attack:
            continue
        cid = player.own(clan)[2](state, teams[clan], rolls[clan], attack, faces, thinking)
        if cid is not None:
            defense[clan] = cid
            guard = state["cards"][cid]  # a die thrown after the card: its own, or one back
            mirror = guard["effect"]["kind"] == "double_one_die"
            if mirror or (may_hold and second_die_back(duel, rules, cards, guard, clan)):
                faces[clan].append(dice.face(6))
    return {"type": "duel_round", "attack": attack, "defense": defense}, faces


_DUEL = ("duel_round",)
"""The one kind of move a duellist's options hold."""


def carry_out(
    state: Any, action: Action, dice: DiceDoor, notes: dict[str, Any], content: Any
) -> Any:
    carried_out(state, action, dice, record=False)
    return state


def stored(state: Any) -> State:
    return stored_state(state)


def observe(state: Any, action: Action, notes: dict[str, Any]) -> None:
    if "first" not in notes and state["turn"] is not None:
        notes["first"] = state["turn"]  # seat 1: the team that played first


def record(start: State, end: Any, finished: bool, notes: dict[str, Any]) -> Record:
    """Who won, how the game ended and from which seat (counted from the team that
    played first); the turns, the duels, and the duels each seat fought."""
    winner = end["winner"]
    ended = end["ended_by"] if end["over"] and end["ended_by"] else "unfinished"
    events = [f"ended by: {ended}"]
    seated = end["teams"]
    first = notes.get("first")
    if winner is not None and first is not None:
        index = [team["clan"] for team in seated].index(winner)
        events.append(f"seat {(index - first) % len(seated) + 1} won by {ended}")
    measures = {"turns": float(end["turn_number"]), "duels": float(end["duels"])}
    for n in range(len(seated)):
        fought = seated[((first or 0) + n) % len(seated)].get("duels", 0)
        measures[f"duels of seat {n + 1}"] = float(fought)
    return Record(str(winner or ""), tuple(events), measures)
