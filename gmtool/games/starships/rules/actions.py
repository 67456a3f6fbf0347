"""The table's other actions: adding and removing combatants, rows, gadgets, streams, HP."""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.starships.rules.content import SIDES, StarshipsContent
from gmtool.games.starships.rules.momentum import after_success
from gmtool.games.starships.rules.roster import find, find_standing, momentum_table, set_hp
from gmtool.games.starships.rules.statblock import check_name, checked_block, combatant
from gmtool.games.starships.rules.turns import (
    advance,
    aftermath,
    check_end,
    current,
    finish_turn,
    require_turn,
)

STAT_FIELDS = ("hp", "defense", "might", "dex", "melee", "ranged", "affinities", "row")
ROWS = ("front", "back")


def _not_over(state: State) -> None:
    if state.get("mode") == "game_over":
        raise RulesError("the game is over: the whole party is down", hint="undo to go back")


def in_encounter(state: State) -> bool:
    return state.get("mode") == "encounter"


def add(state: State, action: Action, content: StarshipsContent) -> Outcome:
    """A new combatant from a stat block typed at the table; in a fight, they join the
    next phase of their side."""
    _not_over(state)
    side = str(action.get("side", SIDES[0]))
    if side not in SIDES:
        raise UsageError(f"unknown side '{side}'", hint=f"valid: {', '.join(SIDES)}")
    name = check_name(str(action.get("name", "")), state["combatants"])
    fields = {key: action[key] for key in STAT_FIELDS if action.get(key) is not None}
    block = checked_block(fields, content)
    state["combatants"][name] = combatant(name, side, block, content)
    result = {"added": name, "side": side, "combatant": state["combatants"][name]}
    return Outcome(state, result, who=name, what=f"join the {side}", outcome=f"{block.hp} HP")


def remove(state: State, action: Action) -> Outcome:
    """Take a combatant off the field (fled, left, dismissed)."""
    _not_over(state)
    fighter = find(state, str(action["name"]))
    del state["combatants"][fighter["name"]]
    ended = _after_hp_change(state)
    result = {"removed": fighter["name"], "ended": ended, "next": current(state)}
    return Outcome(state, result, who=fighter["name"], what="leave the field", outcome=ended or "")


def switch_row(state: State, action: Action) -> Outcome:
    """Switch rows: free, and in a fight only on the combatant's own turn."""
    _not_over(state)
    row = str(action.get("row", "")).strip().lower()
    if row not in ROWS:
        raise UsageError(f"unknown row '{row}'", hint="valid: front, back")
    fighter = find_standing(state, str(action["name"]))
    if in_encounter(state):
        encounter = require_turn(state, fighter, "switch rows")
        if encounter["last_actor"] != fighter["name"]:
            encounter["last_actor"] = None  # a new turn has begun: too late to buy one back
    fighter["row"] = "front" if row == "front" else "back"
    result = {"name": fighter["name"], "row": row, "next": current(state)}
    return Outcome(state, result, who=fighter["name"], what="switch row", outcome=f"{row} row")


def device(state: State, action: Action, dice: DiceDoor, content: StarshipsContent) -> Outcome:
    """A gadget or a stream: the GM's description, an optional roll and, in a fight, the
    actor's turn. A success earns Momentum: the GM calls it, or the roll meets ``vs``."""
    _not_over(state)
    kind = str(action["type"])
    description = str(action.get("description") or "").strip()
    if not description:
        raise UsageError(f"a {kind} needs a description of what it does")
    target = action.get("vs")
    if target is not None and not action.get("roll"):
        raise UsageError("--vs needs --roll", hint="e.g. --roll 1d20 --vs 12")
    if target is not None and action.get("success") is not None:
        raise UsageError(
            "a roll against --vs decides success itself",
            hint="give either --vs or --success/--fail",
        )
    fighter = find_standing(state, str(action["name"]))
    name = fighter["name"]
    fighting = in_encounter(state)
    if fighting:
        require_turn(state, fighter, f"use a {kind}")
    expression = action.get("roll")
    roll = dice.roll(str(expression), who=name, label=kind) if expression else None
    success = roll.total >= int(target) if roll and target is not None else action.get("success")
    change = after_success(fighter, content).change if fighting and success is True else 0
    skipped = finish_turn(state, name, acted=True) if fighting else []
    result: dict[str, Any] = {
        "name": name,
        "kind": kind,
        "description": description,
        "roll": roll.total if roll else None,
        "vs": target,
        "success": success,
        "momentum": momentum_table(state),
        "next": current(state),
    }
    extra = {
        "momentum_change": change,
        "skipped": skipped,
        "rolls": [r.describe() for r in dice.rolls],
    }
    against = f" against {target}" if target is not None else ""
    words = [f"rolled {roll.total}{against}"] if roll else []
    if success is True:
        words.append(f"success, Momentum {change:+d}" if change else "success")
    elif success is False:
        words.append("failure")
    line = "; ".join(words + aftermath(skipped=skipped))
    return Outcome(
        state, result, who=name, what=f"{kind}: {description}", outcome=line, extra=extra
    )


def change_hp(state: State, action: Action, content: StarshipsContent) -> Outcome:
    """The GM changes HP directly (a medkit, a hazard, a gadget's effect); free."""
    _not_over(state)
    change = action.get("change")
    if not isinstance(change, int) or isinstance(change, bool):
        raise UsageError(f"HP change must be a whole number, not {change!r}")
    fighter = find(state, str(action["name"]))
    before = fighter["hp"]
    set_hp(fighter, before + change)
    ended = _after_hp_change(state)
    result = {
        "name": fighter["name"],
        "hp": fighter["hp"],
        "max_hp": fighter["max_hp"],
        "change": fighter["hp"] - before,
        "down": fighter["hp"] <= 0,
        "ended": ended,
        "next": current(state),
    }
    reason = str(action.get("reason") or "")
    fallen = [fighter["name"]] if before > 0 and fighter["hp"] <= 0 else []
    words = [f"{fighter['hp']}/{fighter['max_hp']} HP", *aftermath(fallen=fallen, ended=ended)]
    applied = fighter["hp"] - before
    if 0 <= applied < change:  # healing stops at the maximum: say what really changed
        words.insert(0, f"{applied:+d} (at most {fighter['max_hp']})")
    return Outcome(
        state,
        result,
        who=fighter["name"],
        what=f"HP {change:+d}" + (f" ({reason})" if reason else ""),
        outcome="; ".join(words),
        extra={"fallen": fallen},
    )


def _after_hp_change(state: State) -> str | None:
    """In a fight, end it if a side fell, else make sure whoever is up can act."""
    if not in_encounter(state):
        return None
    ended = check_end(state)
    if not ended:
        advance(state)
    return ended
