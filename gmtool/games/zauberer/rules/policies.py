"""Simple players for the simulator: ``random`` and ``greedy``.

A policy answers the question the game asks now, choosing only among the moves the
declaration offers (``options(state, seat)``, as the menus show them): the next action of
the team to play, or (in a duel) each team's attack card before the roll and defence card
after it, from its roll's move. The greedy player asks the referee's own code for what it
needs to know: the exact duel odds, and what a defence card would do to the roll it has
just seen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Move
from gmtool.errors import GmtoolError
from gmtool.games.zauberer.rules.choices import held_card
from gmtool.games.zauberer.rules.odds import duel_odds
from gmtool.games.zauberer.rules.power import hit_point_losses, roll_power, second_die_back
from gmtool.games.zauberer.rules.state import State, Team, open_duel

Action = dict[str, Any]
Moves = dict[str, Move]
"""The moves on offer to the team to play (``options(state, seat)``), by name."""


def _pick(rng: Rng, items: Sequence[Any]) -> Any:
    return items[rng.below(len(items))]


def _values(move: Move, key: str) -> tuple[Any, ...]:
    """The answers ``move`` offers for ``key`` (none when it does not ask it)."""
    choice = move.choice(key)
    return () if choice is None or choice.values is None else choice.values


def _cast_action(
    state: State, team: Team, cast: Move | None, rng: Rng, *, greedy: bool
) -> Action | None:
    """The cast on offer, its answers picked from the ones it offers, or None when the
    card has nothing worth doing (a fork on the way is left to the board's default)."""
    if cast is None:
        return None
    cid = cast.action["card"]
    effect = state["cards"][cid]["effect"]
    kind = effect["kind"]
    targets: list[str] = list(_values(cast, "targets.1"))
    spaces: tuple[str, ...] = _values(cast, "spaces.1")
    board = state["board"]
    distance = {t["clan"]: board["distance"][t["space"]] for t in state["teams"]}
    answers: dict[str, Any] = {}
    if kind == "ring":
        ahead = [s for s in board["spaces"][team["space"]]["next"] if s in spaces]
        answers["spaces.1"] = ahead[0] if greedy and ahead else _pick(rng, spaces)
    elif kind == "move_enemy" and effect["targets"] == "one":
        answers["targets.1"] = (
            min(targets, key=distance.__getitem__) if greedy else _pick(rng, targets)
        )
    elif kind == "swap_places":
        if greedy:  # only a team ahead is worth changing places with
            targets = [clan for clan in targets if distance[clan] < distance[team["clan"]]]
        if not targets:
            return None
        answers["targets.1"] = _pick(rng, targets)
    elif kind == "pull_together":
        others = [clan for clan in targets if clan != team["clan"]]
        pool = others if greedy and len(others) >= 2 else targets
        if len(pool) < 2:
            return None
        first = _pick(rng, pool)
        answers["targets.1"] = first
        answers["targets.2"] = _pick(rng, [clan for clan in pool if clan != first])
    elif kind == "swap_colours":
        wanted = sum(1 for choice in cast.choices if choice.key.startswith("spaces."))
        picked: list[str] = []
        while len(picked) < wanted:
            space = _pick(rng, spaces)
            if not picked or len(picked) % 2 == 0 or picked[-1] != space:
                picked.append(space)
        for n, space in enumerate(picked, start=1):
            answers[f"spaces.{n}"] = space
    elif kind == "portal":
        far = len(_values(cast, "steps"))
        answers["steps"] = far if greedy else 1 + rng.below(far)
    return cast.fill(answers)


def _moved(state: State, team: Team, move: Move, rng: Rng, *, greedy: bool) -> Action:
    """The roll to move on offer: the player whose round it is, and a way at each fork
    ahead among the ways it offers (greedy: green then calm spaces)."""
    answers: dict[str, Any] = {}
    spaces = state["board"]["spaces"]
    for choice in move.choices:
        ways = choice.values or ()
        if choice.key == "player":  # who plays this round: the team's next in turn
            answers["player"] = state["player"]
        elif greedy:
            green = [w for w in ways if spaces[w]["colour"] == "green"]
            calm = [w for w in ways if spaces[w]["colour"] != "red"]
            wanted = green if team["spell"] is None and green else calm
            answers[choice.key] = wanted[0] if wanted else ways[0]
        else:
            answers[choice.key] = _pick(rng, ways)
    return move.fill(answers)


def _plain(move: Move) -> Action:
    """A move with nothing to choose but what it must (the spell put back to enter)."""
    return move.fill({choice.key: (choice.values or (None,))[0] for choice in move.choices})


def random_turn(state: State, team: Team, moves: Moves, rng: Rng) -> Action:
    """Any move on offer with equal chance among its kinds (each duel target one of its
    own), a quarter of the time the cast first."""
    if "trap" in moves:  # the only move on a trap space
        return _plain(moves["trap"])
    choices: list[Action] = []
    if "move" in moves:
        choices.append(_moved(state, team, moves["move"], rng, greedy=False))
    if "end_turn" in moves:
        choices.append(_plain(moves["end_turn"]))
    if "duel_start" in moves:
        call = moves["duel_start"]
        choices += [call.fill({"target": clan}) for clan in _values(call, "target")]
    if "dungeon" in moves:
        choices.append(_plain(moves["dungeon"]))
    cast = _cast_action(state, team, moves.get("cast"), rng, greedy=False)
    if cast is not None and rng.below(4) == 0:
        return cast
    chosen: Action = _pick(rng, choices)
    return chosen


_KEEN = Fraction(0.55)
_DESPERATE = Fraction(0.25)
"""The chances of winning a duel the greedy player calls one for (the second when the
target holds the centre). Fractions of the very floats, so that comparing a chance with
them is exact, as with the floats, without making a fraction of a float every time."""


def greedy_turn(state: State, team: Team, moves: Moves, rng: Rng) -> Action:
    """Cast a helpful card at once, make for the centre, raid a dungeon with an empty hand,
    and call a duel when the exact odds favour it (or to stop a team holding the centre)."""
    if "trap" in moves:  # the only move on a trap space
        return _plain(moves["trap"])
    cast = _cast_action(state, team, moves.get("cast"), rng, greedy=True)
    if cast is not None:
        return cast
    if "move" in moves:
        return _moved(state, team, moves["move"], rng, greedy=True)
    if "dungeon" in moves and team["spell"] is None:
        return _plain(moves["dungeon"])
    if "duel_start" in moves:
        best = None
        attack = {team["clan"]: c} if (c := held_card(state, team, "attack")) else {}
        for clan in _values(moves["duel_start"], "target"):
            target = next(t for t in state["teams"] if t["clan"] == clan)
            chance = duel_odds(state, team["clan"], clan, attack)["duel"]["win"]
            urgent = target["space"] == state["board"]["centre"] and target["centre_turns"] >= 1
            wanted = chance > _KEEN or (urgent and chance > _DESPERATE)
            if wanted and (best is None or chance > best[0]):
                best = (chance, clan)
        if best is not None:
            return moves["duel_start"].fill({"target": best[1]})
    return _plain(moves["end_turn"])


def _card(move: Move, role: str) -> str | None:
    """The card ``move`` (a duellist's roll) offers for ``role``: attack or defence."""
    offered = _values(move, role)
    return str(offered[0]) if offered else None


def random_attack(state: State, team: Team, move: Move, rng: Rng) -> str | None:
    cid = _card(move, "attack")
    return cid if cid is not None and rng.below(2) else None


def greedy_attack(state: State, team: Team, move: Move, rng: Rng) -> str | None:
    return _card(move, "attack")


def random_defense(
    state: State,
    team: Team,
    move: Move,
    attack: dict[str, str],
    faces: dict[str, list[int]],
    rng: Rng,
) -> str | None:
    cid = _card(move, "defense")
    if cid is None or not rng.below(2):
        return None
    return cid if _legal(state, team, cid, attack, faces) else None


def greedy_defense(
    state: State,
    team: Team,
    move: Move,
    attack: dict[str, str],
    faces: dict[str, list[int]],
    rng: Rng,
) -> str | None:
    """Play the defence card only when it saves a hit point (or costs the enemy one)."""
    cid = _card(move, "defense")
    if cid is None:
        return None
    with_card = _hurt(state, attack, {team["clan"]: cid}, faces)
    if with_card is None:
        return None
    without = _hurt(state, attack, {}, faces)
    if without is None:
        return None
    clan = team["clan"]
    if state["cards"][cid]["effect"]["kind"] == "end_duel":
        return cid if clan in without and open_duel(state)["hp"][clan] <= 1 else None
    score = (clan in without) - (clan in with_card)
    score += sum(1 for c in with_card if c != clan) - sum(1 for c in without if c != clan)
    return cid if score > 0 else None


def _legal(state: State, team: Team, cid: str, attack: dict[str, str], faces: Any) -> bool:
    return _hurt(state, attack, {team["clan"]: cid}, faces) is not None


def _hurt(
    state: State, attack: dict[str, str], defense: dict[str, str], faces: dict[str, list[int]]
) -> list[str] | None:
    """Who would lose a hit point with these cards and faces (None: the play is refused).
    A die still to be thrown after the card (Ice Mirror's, or the second die a cancelled
    Unrelenting Shock gives back) is taken as a 4, its nearest whole average."""
    duel = open_duel(state)
    entered = {clan: list(faces[clan]) for clan in faces}
    cards = {c: state["cards"][cid] for c, cid in attack.items()}
    for clan, cid in defense.items():
        guard = state["cards"][cid]
        if guard["effect"]["kind"] == "double_one_die" or second_die_back(
            duel, state["rules"], cards, guard, clan
        ):
            entered[clan] = [*entered[clan], 4]
    guards = {c: state["cards"][cid] for c, cid in defense.items()}
    try:
        roll = roll_power(
            duel, state["clans"], state["rules"], cards, guards, DiceDoor(entered_by=entered)
        )
    except GmtoolError:
        return None
    if roll.ended_by is not None:
        return []
    return hit_point_losses(roll, state["rules"]["duel_tie"], duel["challenger"])


TurnPolicy = Callable[[State, Team, Moves, Rng], Action]
AttackPolicy = Callable[[State, Team, Move, Rng], "str | None"]
DefensePolicy = Callable[
    [State, Team, Move, dict[str, str], dict[str, list[int]], Rng], "str | None"
]

POLICIES: dict[str, tuple[TurnPolicy, AttackPolicy, DefensePolicy]] = {
    "random": (random_turn, random_attack, random_defense),
    "greedy": (greedy_turn, greedy_attack, greedy_defense),
}
