"""The questions of ``gmtool play`` for Zauberer that deal with spell cards: a cast's
targets and spaces, and a duel roll's attack and defence cards around the dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.common import console
from gmtool.dice import DiceDoor
from gmtool.engine.moves import answer_into
from gmtool.engine.system import Choice, Move
from gmtool.games.zauberer.rules.state import typed_state

if TYPE_CHECKING:
    from gmtool.games.zauberer.play import Table
    from gmtool.games.zauberer.rules.power import Roll

NO_CARD = "no card"


def cast_action(cast: Move, name: str, table: Table) -> dict[str, Any]:
    """The cast of the team's card (``cast``, one of its moves) with what it needs, each
    answer chosen from what the rules allow: two teams are two different teams."""
    from gmtool.errors import RulesError

    targets = [choice for choice in cast.choices if choice.key.startswith("targets.")]
    if targets and len(targets[0].values or ()) < len(targets):
        raise RulesError(f"{name} has no team to act on now")

    def follow(move: Move, choice: Choice, answer: Any) -> Move:
        """A team chosen as one target is not offered as the next."""
        asked = answer_into(move, {})
        if not choice.key.startswith("targets."):
            return asked
        rest = tuple(
            replace(c, values=tuple(v for v in c.values or () if v != answer))
            if c.key.startswith("targets.")
            else c
            for c in asked.choices
        )
        return replace(asked, choices=rest)

    return table.answered(cast, follow=follow)


def duel_action(table: Table, stored: dict[str, Any]) -> tuple[dict[str, Any], DiceDoor]:
    """One duel roll in the order ``duel_steps`` gives: attack cards, the dice (entered, or
    worked out ahead from the campaign's generator), then defence cards; returns the action
    and the door to play it with. Only what a team can change is asked: a card question
    (behind that team's gate) only when the team holds a card it may play now, and both
    teams' dice in one question, so a roll with no card to play is a key for the menu and
    one for the dice."""
    from gmtool.games.zauberer.rules import duel_steps

    state = typed_state(stored)
    ask = table.ask
    attack: dict[str, str] = {}
    for clan in duel_steps.asked_before_the_roll(state):
        cid = _playable(table, clan, "attack")
        if cid is not None and _choose(table, clan, cid, "before the roll"):
            attack[clan] = cid
    entered = _duel_faces(table, state, attack)
    preview = duel_steps.roll_before_defence(
        state, attack, table.game.door(entered_by=dict(entered) or None)
    )
    hidden = duel_steps.dice_hidden(state, attack)
    defense: dict[str, str] = {}
    for clan in duel_steps.asked_after_the_roll(state, attack):
        cid = _playable(table, clan, "defense")
        dice = None if hidden else partial(_show_dice, preview)
        if cid is None or not _choose(table, clan, cid, "after the roll", dice):
            continue
        defense[clan] = cid
        own = duel_steps.die_of_its_own(state, cid)
        if own and clan in entered:
            entered[clan] = [*entered[clan], ask.whole(f"{clan}'s {own} d6 (its face)")]
        elif duel_steps.die_given_back(state, attack, clan, cid) and clan in entered:
            entered[clan] = [*entered[clan], ask.whole(f"{clan}'s second d6 (its face)")]
    action = {"type": "duel_round", "attack": attack, "defense": defense}
    return action, table.game.door(entered_by=entered or None)


def _duel_faces(table: Table, state: Any, attack: dict[str, str]) -> dict[str, list[int]]:
    """Both teams' dice in one question ("fire's two d6, then earth's two d6"): every face,
    in that order, or none (Enter) to roll them all."""
    from gmtool.cli.playloop import dice_list
    from gmtool.errors import DiceError
    from gmtool.games.zauberer.rules import duel_steps

    named: list[str] = []
    counts: dict[str, int] = {}
    for clan in duel_steps.duellists(state):
        own = duel_steps.die_of_its_own(state, attack.get(clan))
        thrown = duel_steps.dice_thrown(state, attack, clan)
        named.append(f"{clan}'s {'one d6' if thrown == 1 else 'two d6'}")
        if own:
            named[-1] += f" and the {own}'s d6"
        counts[clan] = thrown + (1 if own else 0)
    faces = table.ask.faces(dice_list(named))
    if faces is None:
        return {}
    if len(faces) != sum(counts.values()):
        needed = ", ".join(f"{count} for {clan}" for clan, count in counts.items())
        raise DiceError(f"{sum(counts.values())} faces are needed ({needed}), {len(faces)} given")
    entered: dict[str, list[int]] = {}
    for clan, count in counts.items():
        entered[clan], faces = faces[:count], faces[count:]
    return entered


def _playable(table: Table, clan: str, role: str) -> str | None:
    """The card ``clan`` may play in this roll as its ``role`` card (its duel roll's
    choice), or None."""
    roll = next(move for move in table.moves(clan) if move.name == "duel_round")
    choice = roll.choice(role)
    return str(choice.values[0]) if choice is not None and choice.values else None


def _choose(
    table: Table,
    clan: str,
    cid: str,
    when: str,
    show: Callable[[], None] | None = None,
) -> bool:
    """Ask ``clan`` (behind the gate) whether it plays ``cid``, a card it may play now;
    ``show`` prints what the team decides on (the dice) once the gate has wiped the
    screen."""
    table.gate(clan)
    if show is not None:
        show()
    name = table.seen_by(clan)["name"]
    answer = table.ask.select(f"{clan}: play {name} {when}?", [f"play {name}", NO_CARD])
    # The screen goes back to the table: nothing of the team's card may stay on it.
    table.ask.clear_screen()
    return answer != NO_CARD


def _show_dice(roll: Roll) -> None:
    from rich.text import Text

    parts = []
    for clan in roll.clans:
        dice = " + ".join(str(face) for face in roll.faces[clan])
        extra = f" (and {roll.extra[clan]})" if clan in roll.extra else ""
        parts.append(f"{clan} rolled {dice}{extra}: {roll.power(clan)} Power Points so far")
    console().print(Text("; ".join(parts), style="bold"))
