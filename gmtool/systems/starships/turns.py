"""Initiative, whose turn it is, and when an encounter ends.

Sides act in phases: every standing member of the side that won initiative takes a turn,
in the order they joined, then every standing member of the other side, and so on. The
state keeps the phase's queue of turns still to come; its head is whose turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import State
from gmtool.errors import DiceError, RulesError
from gmtool.systems.starships.content import SIDES, StarshipsContent
from gmtool.systems.starships.roster import Combatant, other_side, side_members, standing

Encounter = dict[str, Any]


def roll_initiative(dice: DiceDoor, content: StarshipsContent) -> tuple[str, list[list[int]]]:
    """Each side rolls; the higher goes first, and ties roll again. Returns the winner and
    every pair of rolls as ``[party, enemies]``."""
    die = f"1d{content.initiative.die}"
    pairs: list[list[int]] = []
    for _ in range(content.initiative.max_ties + 1):
        party = dice.roll(die, who=SIDES[0], label="initiative").total
        enemies = dice.roll(die, who=SIDES[1], label="initiative").total
        pairs.append([party, enemies])
        if party != enemies:
            return (SIDES[0] if party > enemies else SIDES[1]), pairs
        if dice.entered is not None and not dice.entered.left:
            typed = ",".join(str(face) for pair in pairs for face in pair)
            raise DiceError(
                f"initiative tied {party}-{enemies} and both sides roll again, "
                "but no faces are left for it",
                hint=f"add the next pair, party first: --dice {typed},PARTY,ENEMIES",
            )
    raise RulesError(f"initiative tied {len(pairs)} times in a row; start the encounter again")


def begin(state: State, first: str, pairs: list[list[int]]) -> None:
    """Open the first phase for the side that won initiative."""
    state["mode"] = "encounter"
    state["encounter"] = {
        "round": 1,
        "first": first,
        "side": first,
        "queue": [c["name"] for c in standing(state, first)],
        "last_actor": None,
        "initiative": pairs,
    }
    advance(state)


def current(state: State) -> str | None:
    """Whose turn it is, or None outside an encounter."""
    encounter: Encounter | None = state.get("encounter")
    if not encounter or not encounter["queue"]:
        return None
    name: str = encounter["queue"][0]
    return name


def require_encounter(state: State, doing: str) -> Encounter:
    if state.get("mode") == "game_over":
        raise RulesError("the game is over: the whole party is down", hint="undo to go back")
    encounter: Encounter | None = state.get("encounter")
    if state.get("mode") != "encounter" or encounter is None:
        raise RulesError(f"cannot {doing} outside an encounter", hint="start an encounter first")
    return encounter


def require_turn(state: State, actor: Combatant, doing: str) -> Encounter:
    """The running encounter, if it is ``actor``'s turn; acting out of turn is an error."""
    encounter = require_encounter(state, doing)
    whose = current(state)
    if whose != actor["name"]:
        raise RulesError(
            f"it is {whose}'s turn, not {actor['name']}'s",
            hint=f"the {encounter['side']} act now, one at a time; pass with end-turn",
        )
    return encounter


def finish_turn(state: State, actor: str, *, acted: bool) -> list[str]:
    """End the current turn; ``acted`` marks an action that Momentum may extend."""
    encounter: Encounter = state["encounter"]
    encounter["queue"].pop(0)
    encounter["last_actor"] = actor if acted else None
    return advance(state)


def advance(state: State) -> list[str]:
    """Move the queue's head to the next combatant able to act; returns skipped names."""
    encounter: Encounter = state["encounter"]
    skipped: list[str] = []
    roster: dict[str, Combatant] = state["combatants"]
    # Each pass either gives a turn, spends a skipped turn, or opens a phase; the bound
    # only guards against a state with nobody able to act.
    for _ in range(10_000):
        queue: list[str] = encounter["queue"]
        if queue:
            fighter = roster.get(queue[0])
            if fighter is None or fighter["hp"] <= 0:
                queue.pop(0)
            elif fighter["skip_turns"] > 0:
                fighter["skip_turns"] -= 1
                skipped.append(queue.pop(0))
            else:
                return skipped
            continue
        encounter["side"] = other_side(encounter["side"])
        if encounter["side"] == encounter["first"]:
            encounter["round"] += 1
        encounter["queue"] = [c["name"] for c in standing(state, encounter["side"])]
    raise RulesError("nobody can take a turn")


def upcoming(state: State) -> list[str]:
    """The turns to come: the rest of this phase, then the other side's next phase, leaving
    out whoever is down or will lose that turn (as ``advance`` will)."""
    encounter: Encounter | None = state.get("encounter")
    if not encounter or not encounter["queue"]:
        return []
    roster: dict[str, Combatant] = state["combatants"]
    now, *later = encounter["queue"]
    nxt = [c["name"] for c in standing(state, other_side(encounter["side"]))]
    skips = {name: fighter["skip_turns"] for name, fighter in roster.items()}
    turns = [now]
    for name in [*later, *nxt]:
        fighter = roster.get(name)
        if fighter is None or fighter["hp"] <= 0:
            continue
        if skips[name] > 0:
            skips[name] -= 1
            continue
        turns.append(name)
    return turns


def check_end(state: State) -> str | None:
    """End the encounter when a side is all down: "victory" or "defeat" (else None)."""
    if state.get("mode") != "encounter":
        return None
    if not standing(state, SIDES[0]):
        outcome, mode = "defeat", "game_over"
    elif not standing(state, SIDES[1]) and side_members(state, SIDES[1]):
        outcome, mode = "victory", "exploration"
    elif not side_members(state, SIDES[1]):
        outcome, mode = "ended", "exploration"
    else:
        return None
    state["mode"] = mode
    state["encounter"] = None
    state["last_outcome"] = outcome
    return outcome


def aftermath(
    *,
    fallen: Sequence[str] = (),
    momentum: Sequence[str] = (),
    skipped: Sequence[str] = (),
    ended: str | None = None,
) -> list[str]:
    """The log's words for what followed an action: who fell, Momentum won or lost, whose
    turns went, and how the encounter ended."""
    words = [f"{name} falls unconscious" for name in fallen]
    words += [*momentum, *(f"{name} loses a turn" for name in skipped)]
    return [*words, ended] if ended else words
