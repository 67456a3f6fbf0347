"""A new game: teams by clan, the board, the decks, and who plays first.

Options (from ``campaign new`` and the campaign file's ``options:``):

- ``teams``: clan -> players, as a mapping (``{fire: [Ana], water: [Bo, Eve]}``) or as
  text (``fire=Ana,water=Bo+Eve``); two to four clans;
- ``first``: the clan that starts (by agreement), or ``roll_off``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from gmtool.dice import DiceDoor
from gmtool.dice.secret import secret_seed
from gmtool.engine.copies import Copies
from gmtool.errors import UsageError, unknown
from gmtool.games.zauberer.rules import board as graph
from gmtool.games.zauberer.rules.content import ZaubererContent
from gmtool.games.zauberer.rules.state import State
from gmtool.games.zauberer.rules.turns import start_turn


def new_state(content: ZaubererContent, options: Mapping[str, Any], dice: DiceDoor) -> State:
    """A game ready for its roll-off or, with ``first``, for the first team's move."""
    rules = content.rules
    arena = content.boards[rules.board]
    teams = parse_teams(options.get("teams"), arena.starts, rules.min_teams)
    # What the content gives is copied as it is (see ``_copied``); the rest is typed.
    state = cast(
        State,
        {
            **_copied(content),
            "trap_discards": [],
            "teams": [
                {
                    "clan": clan,
                    "players": players,
                    "space": arena.starts[clan],
                    "trail": [arena.starts[clan]],
                    "spell": None,
                    "effects": [],
                    "out": None,
                    "centre_turns": 0,
                    "rounds_played": 0,
                    "duels": 0,
                }
                for clan, players in teams.items()
            ],
            "rings": {},
            "turn": None,
            "turn_number": 0,
            "phase": "roll_off",
            "player": None,
            "turn_start_space": None,
            "duel": None,
            "duels": 0,
            "over": False,
            "winner": None,
            "ended_by": None,
            "secret_rng": secret_seed(dice),
        },
    )
    first = options.get("first") or rules.default_first
    if str(first).strip().casefold() != "roll_off":
        clans = [team["clan"] for team in state["teams"]]
        wanted = str(first).strip().casefold()
        if wanted not in clans:
            raise unknown("clan for --first", str(first), [*clans, "roll_off"])
        start_turn(state, clans.index(wanted))
    return state


_FROZEN: dict[int, tuple[ZaubererContent, Copies]] = {}
"""The copies of the content's part of a new state, by content object (kept alive with it)."""


def _copied(content: ZaubererContent) -> dict[str, Any]:
    """A fresh copy of what a game takes from its content: the rulings, the board, the
    clans and the cards, as JSON would give them back (lists, text keys). Worked out once
    per content object: a simulation starts thousands of games from the same content, and
    ``engine.copies`` makes each copy in half the time ``json`` does."""
    known = _FROZEN.get(id(content))
    if known is None or known[0] is not content:
        known = (content, Copies(json.loads(json.dumps(_frozen(content)))))
        _FROZEN.clear()  # one content at a time is all a run needs
        _FROZEN[id(content)] = known
    copied: dict[str, Any] = known[1]()
    return copied


def _frozen(content: ZaubererContent) -> dict[str, Any]:
    rules = content.rules
    arena = content.boards[rules.board]
    spaces = {
        name: {"colour": space.colour, "next": list(space.next), "at": _at(space.at)}
        for name, space in arena.spaces.items()
    }
    return {
        "rules": _rules(content),
        "board": {
            "name": rules.board,
            "centre": arena.centre,
            "spaces": spaces,
            "before": graph.previous(spaces),
            "distance": graph.distances(spaces, arena.centre),
        },
        "clans": {name: clan.model_dump() for name, clan in content.clans.items()},
        "cards": {
            cid: {"clan": clan, **_given(card.model_dump())}
            for clan, deck in content.spells.items()
            for cid, card in deck.items()
        },
        "traps": {tid: _given(trap.model_dump()) for tid, trap in content.traps.items()},
        "decks": {clan: sorted(content.spells.get(clan, {})) for clan in content.clans},
        "trap_deck": sorted(content.traps),
    }


def _given(data: Any) -> Any:
    """``data`` without the fields left unset (an effect keeps only the numbers it has)."""
    if isinstance(data, dict):
        return {key: _given(value) for key, value in data.items() if value is not None}
    if isinstance(data, list):
        return [_given(item) for item in data]
    return data


def _at(at: tuple[int, int] | None) -> list[int] | None:
    return list(at) if at is not None else None


def _rules(content: ZaubererContent) -> dict[str, Any]:
    """The rulings a game is played by, frozen into the state when it starts."""
    rules = content.rules.model_dump()
    # JSON keys are text: the movement table becomes a list indexed by face - 1.
    rules["movement"] = [content.rules.movement[face] for face in range(1, 7)]
    return rules


def parse_teams(teams: object, starts: Mapping[str, str], fewest: int) -> dict[str, list[str]]:
    """Teams in clockwise order (the board's order of start spaces): clan -> players."""
    if isinstance(teams, str):
        teams = _teams_from_text(teams)
    if not isinstance(teams, Mapping) or not teams:
        raise UsageError(
            "Zauberer needs teams",
            hint="give them with --teams fire=Ana,water=Bo+Eve,air=Cy,earth=Di",
        )
    given: dict[str, list[str]] = {}
    for clan, players in teams.items():
        name = str(clan).strip().casefold()
        if name not in starts:
            raise unknown("clan", str(clan), list(starts))
        if name in given:
            raise UsageError(f"the {name} clan is given twice", hint="one team per clan")
        given[name] = _players(name, players)
    if len(given) < fewest:
        raise UsageError(
            f"Zauberer needs at least {fewest} teams, not {len(given)}",
            hint="--teams fire=Ana,water=Bo,air=Cy,earth=Di",
        )
    everyone = [p.casefold() for players in given.values() for p in players]
    if len(set(everyone)) != len(everyone):
        raise UsageError("two players share a name", hint="give every player a different name")
    if set(everyone) & set(starts):
        raise UsageError("a player is named like a clan", hint="players need their own names")
    return {clan: given[clan] for clan in starts if clan in given}


def _teams_from_text(text: str) -> dict[str, list[str]]:
    teams: dict[str, list[str]] = {}
    for item in text.split(","):
        clan, sep, players = item.partition("=")
        if not sep:
            raise UsageError(
                f"'{item.strip()}' does not name a clan and its players",
                hint="write a team as CLAN=NAME or CLAN=NAME+NAME",
            )
        if clan.strip().casefold() in teams:
            raise UsageError(f"the {clan.strip()} clan is given twice", hint="one team per clan")
        teams[clan.strip().casefold()] = players.split("+")
    return teams


def _players(clan: str, players: object) -> list[str]:
    if isinstance(players, str):
        players = [players]
    if not isinstance(players, list | tuple) or not players:
        raise UsageError(f"the {clan} team has no players", hint=f"{clan}=NAME or {clan}=A+B")
    names = [str(name).strip() for name in players]
    if not all(names):
        raise UsageError(f"a player of the {clan} team has no name", hint=f"{clan}=A+B")
    return names
