"""Zauberer's answers to the protocol's questions (``engine.declared.Rules``): the clans at
the table, what each may see, what each may do now and whose answer is awaited.

The moves are found by the rules' own functions (the commands of the turn's phase, the
forks ahead, the teams in reach of a duel, what a card's cast needs), as ``Move``s: a
terminal menu, a phone form and the simulator's players are all given them. The GM's own
moves (None) are the ones no single team makes: the roll-off, and a duel's roll when the
table rolls it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Choice, Move, Outcome
from gmtool.engine.system import State as Stored
from gmtool.games.zauberer.rules import duel_steps, setup, view
from gmtool.games.zauberer.rules.actions import apply_action
from gmtool.games.zauberer.rules.choices import cast_arguments, held_card
from gmtool.games.zauberer.rules.content import CONTENT as CONTENT
from gmtool.games.zauberer.rules.movement import forks_ahead
from gmtool.games.zauberer.rules.state import (
    State,
    clan_names,
    current_team,
    find_team,
    stored_state,
    typed_state,
)
from gmtool.games.zauberer.state import Team

# The engine hands every game its state as a plain dict (``Stored``): each function here
# names it a Zauberer game (``typed_state``) before the rules read it.


def new_state(content: Any, options: Mapping[str, Any], dice: DiceDoor) -> Stored:
    return stored_state(setup.new_state(content, options, dice))


def apply(state: Stored, action: Mapping[str, Any], dice: DiceDoor, content: Any) -> Outcome:
    # The board, cards and rulings were copied into the state when the game started.
    return apply_action(typed_state(state), action, dice)


def status(state: Stored) -> dict[str, Any]:
    return view.status(typed_state(state))


def seen_by(state: Stored, seat: str | None, *, public: bool = False) -> dict[str, Any]:
    """What ``show --as`` shows (``engine.declared.Rules.seen_by``)."""
    return view.view(typed_state(state), seat, public=public)


def options_document(state: Stored) -> dict[str, Any]:
    return view.options_document(typed_state(state))


def seats(state: Stored) -> list[str]:
    return clan_names(typed_state(state))


def seat_name(state: Stored, seat: str) -> str:
    return find_team(typed_state(state), seat)["clan"]


def to_move(stored: Stored) -> list[str]:
    """The team to play, both duellists in a duel; none in the roll-off (the GM rolls)."""
    state = typed_state(stored)
    duel = state["duel"]
    if state["over"] or state["phase"] == "roll_off":
        return []
    if duel is not None:
        return [duel["challenger"], duel["defender"]]
    doc = view.options_document(state)
    return [] if doc["team"] is None else [str(doc["team"])]


def options(stored: Stored, seat: str | None, kinds: Collection[str] | None = None) -> list[Move]:
    """What ``seat`` may do now; None: what the GM rolls for the whole table. ``kinds``:
    the moves of those names alone (a forecast's players), the same as they are in the
    whole list: the others are not even built."""
    state = typed_state(stored)
    if seat is None:
        return [move for move in _table_moves(state) if _asked(kinds, move.name)]
    team = find_team(state, seat)
    clan = team["clan"]
    duel = state["duel"]
    if duel is not None and clan in (duel["challenger"], duel["defender"]):
        return [_duel_roll(state, team)] if _asked(kinds, "duel_round") else []
    if state["over"] or duel is not None or current_team(state) is not team:
        return []
    return _turn(state, team, kinds)


def _asked(kinds: Collection[str] | None, name: str) -> bool:
    """Whether the move called ``name`` is asked for (``kinds`` None: every move is)."""
    return kinds is None or name in kinds


def _table_moves(state: State) -> list[Move]:
    doc = view.options_document(state)
    commands = doc["commands"]
    if "roll-off" in commands:
        label = "roll off (2d6 each, the highest starts)"
        dice = tuple("2d6" for _ in state["teams"])
        return [Move("roll_off", label, None, {"type": "roll_off"}, dice=dice)]
    if "duel round" in commands:
        label = f"roll {doc['duel']['round'] + 1} of the duel"
        dice = tuple(_duel_dice(state, clan) for clan in duel_steps.duellists(state))
        return [Move("duel_round", label, None, {"type": "duel_round"}, dice=dice)]
    return []


def _duel_dice(state: State, clan: str) -> str:
    """The dice ``clan`` throws in the next roll before any card is played: one d6 when a
    lasting effect holds it to one die (Shark Swirl, by ``one_die: roll_one``)."""
    return "1d6" if duel_steps.dice_thrown(state, {}, clan) == 1 else "2d6"


def _duel_roll(state: State, team: Team) -> Move:
    """A duellist's roll, with the card it may play before the roll and after it."""
    clan = team["clan"]
    cards = tuple(
        None if cid is None else (cid, view.card_name(state, cid))
        for cid in (held_card(state, team, "attack"), held_card(state, team, "defense"))
    )
    return _duel_roll_move(clan, cards, _duel_dice(state, clan))


# The moves below are built once for what they hang on and handed out again (a forecast
# asks for them at every step): a ``Move`` is never changed, only filled into an action.


@lru_cache(maxsize=1024)
def _duel_roll_move(clan: str, cards: tuple[tuple[str, str] | None, ...], dice: str) -> Move:
    choices = tuple(
        Choice(role, f"{clan}: play {card[1]}?", values=(card[0],), optional=True)
        for role, card in zip(("attack", "defense"), cards, strict=True)
        if card is not None
    )
    action = {"type": "duel_round", "player": clan}
    return Move("duel_round", f"{clan} rolls in the duel", clan, action, choices, (dice,))


def _turn(state: State, team: Team, kinds: Collection[str] | None) -> list[Move]:
    """The team's moves on its turn, in the order of its menu (``kinds``: those alone)."""
    commands = view.turn_commands(state, team)
    clan = team["clan"]
    moves: list[Move] = []
    if "move" in commands and _asked(kinds, "move"):
        forks = forks_ahead(state, team["space"], max(state["rules"]["movement"]))
        ways = tuple((fork, tuple(each)) for fork, each in forks.items())
        moves.append(_move(clan, tuple(team["players"]), ways))
    if "trap" in commands and _asked(kinds, "trap"):
        moves.append(_plain("trap", f"{clan} draws a trap card", clan))
    if "dungeon" in commands and _asked(kinds, "dungeon"):
        moves.append(_dungeon(clan, team["spell"] is not None))
    if "duel start" in commands and _asked(kinds, "duel_start"):
        targets = view.duel_targets(state, team)
        if targets:
            moves.append(_duel_start(clan, tuple(targets)))
    if "cast" in commands and _asked(kinds, "cast"):
        cid = team["spell"]
        assert cid is not None  # ``turn_commands`` offers a cast only with a card in hand
        cast = {"card": cid, "name": view.card_name(state, cid), **cast_arguments(state, team, cid)}
        moves.append(_cast(clan, cast))
    if "end-turn" in commands and _asked(kinds, "end_turn"):
        moves.append(_plain("end_turn", f"{clan} ends its turn", clan))
    return moves


@lru_cache(maxsize=1024)
def _move(
    clan: str, players: tuple[str, ...], ways: tuple[tuple[str, tuple[str, ...]], ...]
) -> Move:
    """The roll to move: who plays this round (fixed for a team of one player, else
    asked), and a way at each fork ahead."""
    fixed, asked = _who_plays(clan, players)
    choices = (*asked, *_ways(dict(ways)))
    action = {"type": "move", **fixed}
    return Move("move", f"{clan} rolls to move", clan, action, choices, ("1d6",))


@lru_cache(maxsize=1024)
def _plain(name: str, label: str, clan: str) -> Move:
    return Move(name, label, clan, {"type": name})


@lru_cache(maxsize=1024)
def _dungeon(clan: str, holding: bool) -> Move:
    back = (_RETURN_SPELL,) if holding else ()
    label = f"{clan} enters the dungeon"
    return Move("dungeon", label, clan, {"type": "dungeon"}, back, ("2d6",))


@lru_cache(maxsize=1024)
def _duel_start(clan: str, targets: tuple[str, ...]) -> Move:
    target = Choice("target", "Call out which team?", values=targets)
    return Move("duel_start", f"{clan} calls out a team", clan, {"type": "duel_start"}, (target,))


_RETURN_SPELL = Choice(
    "return_spell", "Put the spell in hand back (the pile is shuffled) and enter?", values=(True,)
)


def _who_plays(clan: str, players: tuple[str, ...]) -> tuple[dict[str, str], list[Choice]]:
    """Who plays this round: fixed for a team of one player, else asked."""
    if len(players) == 1:
        return {"player": players[0]}, []
    question = f"Who plays this round for {clan}?"
    return {}, [Choice("player", question, values=players)]


def _ways(forks: dict[str, list[str]] | dict[str, tuple[str, ...]]) -> list[Choice]:
    """A way for each fork ahead, in the order they come (the key ``ways.FORK`` names it)."""
    return [
        Choice(f"ways.{fork}", f"At the fork {fork}, which way?", values=tuple(ways))
        for fork, ways in forks.items()
    ]


def _cast(clan: str, cast: dict[str, Any]) -> Move:
    """Casting the team's non-combat card, with what it acts on (``cast_arguments``)."""
    name = cast["name"]
    count, clans = cast["targets"]
    choices = [
        Choice(
            f"targets.{n}",
            f"{name}: team {n}?" if count > 1 else f"{name}: which team?",
            values=tuple(clans),
        )
        for n in range(1, count + 1)
    ]
    count, spaces = cast["spaces"]
    choices += [
        Choice(f"spaces.{n}", f"{name}: space {n} of {count}?", values=tuple(spaces))
        for n in range(1, count + 1)
    ]
    if cast["steps"] is not None:
        question = f"{name}: how many spaces toward the centre (1-{cast['steps']})?"
        most = range(1, cast["steps"] + 1)
        choices.append(Choice("steps", question, values=tuple(most), kind="number"))
    choices += _ways(cast["forks"])
    action = {"type": "cast", "card": cast["card"]}
    return Move("cast", f"cast {name}", clan, action, tuple(choices))
