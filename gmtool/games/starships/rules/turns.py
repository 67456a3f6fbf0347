"""Initiative, whose turn it is, and when an encounter ends.

With ``turns.order: sides`` the sides act in phases: every standing member of the side that
won initiative takes a turn, in the order they joined, then every standing member of the
other side. With ``alternate`` one member of each side acts in turn, the initiative winner's
first, until both sides have acted that round. The state keeps the queue of turns opened so
far (its head is whose turn it is) and who has had a turn this round.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from gmtool.dice import DiceDoor
from gmtool.engine.system import State
from gmtool.errors import DiceError, RulesError
from gmtool.games.starships.rules.content import SIDES, StarshipsContent
from gmtool.games.starships.rules.roster import Combatant, other_side, standing
from gmtool.games.starships.state import Encounter as Encounter


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
        if dice.faces_left() == 0:
            typed = ",".join(str(face) for pair in pairs for face in pair)
            raise DiceError(
                f"initiative tied {party}-{enemies} and both sides roll again, "
                "but no faces are left for it",
                hint=f"add the next pair, party first: --dice {typed},PARTY,ENEMIES",
            )
    raise RulesError(f"initiative tied {len(pairs)} times in a row; start the encounter again")


def begin(state: State, first: str, pairs: list[list[int]], order: str) -> None:
    """Open the first round with the side that won initiative."""
    state["mode"] = "encounter"
    names = [c["name"] for c in standing(state, first)]
    state["encounter"] = {
        "round": 1,
        "first": first,
        "side": first,
        "order": order,
        "queue": names if order == "sides" else names[:1],
        "done": [],
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
            hint=f"{whose} ({acting_side(state)}) acts now; pass with end-turn",
        )
    return encounter


def finish_turn(state: State, actor: str, *, acted: bool) -> list[str]:
    """End the current turn; ``acted`` marks an action that Momentum may extend."""
    encounter: Encounter = state["encounter"]
    encounter.setdefault("done", []).append(encounter["queue"].pop(0))
    encounter["last_actor"] = actor if acted else None
    return advance(state)


def advance(state: State) -> list[str]:
    """Move the queue's head to the next combatant able to act; returns skipped names."""
    encounter: Encounter = state["encounter"]
    done: list[str] = encounter.setdefault("done", [])
    skipped: list[str] = []
    roster: dict[str, Combatant] = state["combatants"]
    # Each pass either gives a turn, spends a skipped turn, or opens more turns; the bound
    # only guards against a state with nobody able to act.
    for _ in range(10_000):
        queue: list[str] = encounter["queue"]
        if queue:
            fighter = roster.get(queue[0])
            if fighter is None or fighter["hp"] <= 0:
                done.append(queue.pop(0))
            elif fighter["skip_turns"] > 0:
                fighter["skip_turns"] -= 1
                skipped.append(queue.pop(0))
                done.append(skipped[-1])
            else:
                return skipped
            continue
        if encounter.get("order", "sides") == "alternate":
            _next_in_alternation(state, encounter)
        else:
            _next_phase(state, encounter)
        done = encounter["done"]
    raise RulesError("nobody can take a turn")


def _next_phase(state: State, encounter: Encounter) -> None:
    """Sides in phases: the other side's standing members, in the order they joined."""
    encounter["side"] = other_side(encounter["side"])
    if encounter["side"] == encounter["first"]:
        _new_round(encounter)
    encounter["queue"] = [c["name"] for c in standing(state, encounter["side"])]


def _next_in_alternation(state: State, encounter: Encounter) -> None:
    """Sides alternating: the next member of the other side who has not acted this round
    (or of this side, when the other has nobody left); then a new round."""
    side = encounter["side"]
    for new_round in (False, True):
        if new_round:
            _new_round(encounter)
            side = other_side(encounter["first"])
        for candidate in (other_side(side), side):
            waiting = [
                c["name"] for c in standing(state, candidate) if c["name"] not in encounter["done"]
            ]
            if waiting:
                encounter["side"], encounter["queue"] = candidate, waiting[:1]
                return


def _new_round(encounter: Encounter) -> None:
    encounter["round"] += 1
    encounter["done"] = []


def acting_side(state: State) -> str | None:
    """The side of whoever's turn it is (an extra turn can fall in the other side's phase)."""
    name = current(state)
    return str(state["combatants"][name]["side"]) if name else None


def upcoming(state: State) -> list[str]:
    """The next turns, one for each combatant standing: played out on a copy, so whoever is
    down or will lose a turn is left out exactly as the fight will leave them out."""
    if current(state) is None:
        return []
    trial = copy.deepcopy({key: state[key] for key in ("encounter", "combatants")})
    horizon = len(standing(trial, SIDES[0])) + len(standing(trial, SIDES[1]))
    turns = [current(trial)]
    while len(turns) < horizon:
        finish_turn(trial, str(turns[-1]), acted=False)
        turns.append(current(trial))
    return [str(name) for name in turns]


def check_end(state: State) -> str | None:
    """End the encounter when a side is all down: "victory" or "defeat" (else None)."""
    if state.get("mode") != "encounter":
        return None
    present: set[str] = set()  # the sides with anyone on them, and with anyone standing
    up: set[str] = set()
    for fighter in state["combatants"].values():
        present.add(fighter["side"])
        if int(fighter["hp"]) > 0:
            up.add(fighter["side"])
    if SIDES[0] not in up:
        outcome, mode = "defeat", "game_over"
    elif SIDES[1] not in up and SIDES[1] in present:
        outcome, mode = "victory", "exploration"
    elif SIDES[1] not in present:
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
