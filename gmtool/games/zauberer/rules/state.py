"""Reading a Zauberer state: teams, the team to play, cards, phases and refusals.

The state is a JSON-ready dict (see ``setup.new_state`` for its shape). The board, the
cards and the rulings are copied into it when the game starts, so a game keeps the rules
it began with and can be shown without its content.

A turn goes through phases: ``move`` (roll the movement die), then by the space landed
on ``white`` (duel or end the turn), ``dungeon`` (enter or end the turn), ``trap`` (draw
a trap card) or ``end`` (only end the turn, or cast a spell); ``duel`` while a duel is
fought; ``roll_off`` before the first turn when no team was chosen to start; ``over``.
"""

from __future__ import annotations

from typing import Any, cast

from gmtool.dice.secret import secret_below as secret_pick
from gmtool.errors import RulesError, unknown
from gmtool.games.zauberer.state import Duel, ZaubererState
from gmtool.games.zauberer.state import Team as Team

State = ZaubererState
"""A Zauberer game as the rules read it (``gmtool.games.zauberer.state``)."""


def typed_state(stored: dict[str, Any]) -> State:
    """A Zauberer game as the engine hands it over (every game's state is a plain
    JSON-ready dict to the engine and the store), with its keys named for mypy."""
    return cast(State, stored)


def stored_state(state: State) -> dict[str, Any]:
    """The game as the engine and the store keep it: the same dict, untyped."""
    return cast(dict[str, Any], state)


def team_to_play(state: State) -> Team:
    """The team whose turn it is (asked only while a turn is under way)."""
    index = state["turn"]
    assert index is not None
    return state["teams"][index]


def open_duel(state: State) -> Duel:
    """The duel being fought (asked only in the ``duel`` phase)."""
    duel = state["duel"]
    assert duel is not None
    return duel


KIND_WORDS = {
    "attack": "an attack card",
    "defense": "a defence card",
    "noncombat": "a non-combat card",
}
PHASE_WORDS = {
    "roll_off": "the roll-off for the first turn (gmtool zauberer roll-off)",
    "move": "rolling to move (gmtool zauberer move)",
    "white": "calling a duel or ending the turn",
    "blue": "a fountain: rolling to move again, or ending the turn",
    "dungeon": "entering the dungeon or ending the turn",
    "trap": "drawing a trap card (gmtool zauberer trap)",
    "end": "ending the turn (gmtool zauberer end-turn)",
    "duel": "a duel (gmtool zauberer duel round)",
    "over": "nothing: the game is over",
}


def clan_names(state: State) -> list[str]:
    return [team["clan"] for team in state["teams"]]


def find_team(state: State, name: object) -> Team:
    """The team of clan ``name`` (case-insensitive; a player's name works too)."""
    for team in state["teams"]:
        if team["clan"] == name:  # the clan as the game writes it: no words to fold
            named: Team = team
            return named
    wanted = str(name).strip().casefold()
    for team in state["teams"]:
        if team["clan"] == wanted or wanted in (p.casefold() for p in team["players"]):
            found: Team = team
            return found
    players = [player for team in state["teams"] for player in team["players"]]
    raise unknown("team or player", str(name), [*clan_names(state), *players])


def current_team(state: State) -> Team | None:
    index = state["turn"]
    return None if index is None else state["teams"][index]


def standing(state: State) -> list[Team]:
    return [team for team in state["teams"] if team["out"] is None]


def enemies(state: State, team: Team) -> list[Team]:
    return [other for other in standing(state) if other is not team]


def check_not_over(state: State) -> None:
    if state["over"]:
        raise RulesError(
            f"the game is over: {state['winner']} won", hint="start a new campaign to play again"
        )


def secret_below(state: State, count: int) -> int:
    """A secret whole number in ``[0, count)`` from the game's own generator (see
    ``gmtool.dice.secret``: a shuffled pile's next card, told to nobody)."""
    return secret_pick(stored_state(state), count)


def check_turn(state: State, named: object, *, doing: str) -> Team:
    """The team to play; a move naming another clan, or a player of another team, is refused.

    ``named`` may be a clan or a player of the team (``named_player`` says which player);
    nothing is changed."""
    check_not_over(state)
    if state["phase"] == "roll_off":
        raise RulesError(
            f"cannot {doing} before the roll-off: the first team is not chosen yet",
            hint="gmtool zauberer roll-off, or start the campaign with --first CLAN",
        )
    team = current_team(state)
    assert team is not None
    if named is None or named == "":
        return team
    other = find_team(state, named)
    if other is not team:
        raise RulesError(
            f"it is {team['clan']}'s turn, not {other['clan']}'s: teams play one at a time, "
            "clockwise"
        )
    return team


def named_player(team: Team, named: object) -> str | None:
    """The player of ``team`` that ``named`` names (who plays this round), or None when it
    names the clan or nobody."""
    wanted = str(named or "").strip().casefold()
    for member in team["players"]:
        if member.casefold() == wanted:
            found: str = member
            return found
    return None


def check_phase(state: State, team: Team, allowed: tuple[str, ...], doing: str) -> None:
    """Refuse ``doing`` unless the turn is in one of the ``allowed`` phases."""
    phase = state["phase"]
    if phase in allowed:
        return
    if phase == "duel":
        duel = open_duel(state)
        raise RulesError(
            f"cannot {doing} during the duel of {duel['challenger']} and {duel['defender']}: "
            "the rest of the game waits until it ends",
            hint="gmtool zauberer duel round",
        )
    if doing == "move" and phase != "trap":
        raise RulesError(
            f"{team['clan']} has already moved this turn: one move a turn (a fountain gives "
            "another)",
            hint=f"now: {PHASE_WORDS[phase]}",
        )
    raise RulesError(f"{team['clan']} cannot {doing} now", hint=f"now: {PHASE_WORDS[phase]}")


def find_card(state: State, text: object) -> str:
    """A spell card's id from its id or name, whatever the case."""
    wanted = str(text).strip().casefold().replace(" ", "_")
    for cid, card in state["cards"].items():
        if wanted in (cid, card["name"].casefold().replace(" ", "_")):
            return str(cid)
    raise unknown("spell card", str(text), sorted(state["cards"]))


def card_name(state: State, cid: str) -> str:
    name: str = state["cards"][cid]["name"]
    return name


COLOUR_WORDS = {
    "white": "a white space",
    "green": "a dungeon space",
    "red": "a trap space",
    "blue": "a fountain",
    "centre": "the centre",
}
DUEL_GROUND = ("white", "centre")
"""The colours of the spaces a duel is called from."""


def on_duel_ground(state: State, team: Team) -> bool:
    """Whether ``team`` stands where a duel may be called: a white space or the centre."""
    return space_colour(state, team["space"]) in DUEL_GROUND


def check_duel_ground(state: State, team: Team) -> None:
    """Refuse a duel called from anywhere but a white space or the centre."""
    if not on_duel_ground(state, team):
        colour = space_colour(state, team["space"])
        raise RulesError(
            f"{team['clan']} stands on {team['space']}, {COLOUR_WORDS.get(colour, colour)}: "
            "a duel is called only from a white space (or the centre)",
            hint="end the turn",
        )


def space_colour(state: State, space: str) -> str:
    colour: str = state["board"]["spaces"][space]["colour"]
    return colour


def distance(state: State, space: str) -> int:
    steps: int = state["board"]["distance"][space]
    return steps
