"""Moves take effect at the end of a tick: distances change, and moving Away locks a pair."""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.declarations import Declaration
from gmtool.games.astral.rules.knockouts import start_lockout, timer_roller
from gmtool.games.astral.rules.lookups import State, closeness, distance, set_distance

Event = dict[str, Any]


def resolve_moves(
    state: State,
    content: AstralContent,
    dice: DiceDoor,
    actions: dict[str, Declaration],
    knocked: list[str],
) -> list[Event]:
    """Apply every standing character's move; when two moves change one pair, the YAML
    setting ``moves.conflicting`` says whether the farther or the nearer distance wins."""
    wanted: dict[frozenset[str], tuple[str, str, str]] = {}
    leaving: dict[frozenset[str], list[tuple[str, str]]] = {}  # who moves Away from whom
    for who, declaration in actions.items():
        if declaration["action"] != "move":
            continue
        if who in knocked:
            if declaration["to"] == "away":  # the lockout's dice may be on the table already
                dice.offer_unused(
                    content.away.lockout_dice,
                    who=timer_roller(content, who),
                    label=f"{who} away from {', '.join(declaration['targets'])}",
                    why=f"{who} was knocked out, so the move Away did not happen",
                )
            continue
        for other in declaration["targets"]:
            pair = frozenset((who, other))
            to = declaration["to"]
            if to == "away":
                leaving.setdefault(pair, []).append((who, other))
            if pair in wanted and not _wins(content, to, wanted[pair][2]):
                continue
            wanted[pair] = (who, other, to)
    events: list[Event] = []
    went_away: dict[str, list[str]] = {}
    for pair, (mover, other, to) in wanted.items():
        before = distance(state, mover, other)
        if before == to:
            continue
        set_distance(state, mover, other, to)
        events.append(
            {"event": "moved", "who": mover, "other": other, "before": before, "after": to}
        )
        if to == "away":  # each character that moved Away gets its own lockout
            for who, other_one in leaving[pair]:
                went_away.setdefault(who, []).append(other_one)
    for mover, others in sorted(went_away.items(), key=lambda item: _order(actions, item[0])):
        events.append(start_lockout(state, content, dice, mover, others))
    return events


def _wins(content: AstralContent, new: str, old: str) -> bool:
    if content.moves.conflicting == "farther":
        return closeness(new) > closeness(old)
    return closeness(new) < closeness(old)


def _order(actions: dict[str, Declaration], who: str) -> int:
    """Lockouts are rolled in the order of the entity list, as every other roll."""
    return list(actions).index(who)
