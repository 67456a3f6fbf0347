"""Starting and ending encounters, passing a turn, and buying an extra turn with Momentum."""

from __future__ import annotations

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError, unknown
from gmtool.games.starships.rules.content import SIDES, StarshipsContent
from gmtool.games.starships.rules.momentum import spend_extra_turn
from gmtool.games.starships.rules.roster import (
    find,
    find_standing,
    is_down,
    momentum_table,
    standing,
)
from gmtool.games.starships.rules.statblock import combatant
from gmtool.games.starships.rules.turns import (
    aftermath,
    begin,
    current,
    finish_turn,
    require_encounter,
    require_turn,
    roll_initiative,
)

FIRST_VERB = {SIDES[0]: "goes", SIDES[1]: "go"}
"""The party goes first; the enemies go first."""


def start(state: State, action: Action, dice: DiceDoor, content: StarshipsContent) -> Outcome:
    """Bring in the named enemies, roll initiative and open the first phase."""
    if state.get("mode") == "game_over":
        raise RulesError("the game is over: the whole party is down", hint="undo to go back")
    if state.get("mode") == "encounter":
        raise RulesError("an encounter is already running", hint="end it first")
    roster = state["combatants"]
    for name in [n for n, c in roster.items() if c["side"] == SIDES[1] and is_down(c)]:
        del roster[name]
    joined = [_call_enemy(state, str(name), content) for name in action.get("enemies") or []]
    if not standing(state, SIDES[0]):
        raise RulesError("nobody in the party can fight", hint="add party members first")
    if not standing(state, SIDES[1]):
        raise RulesError("an encounter needs enemies", hint="name them with --enemy")
    for fighter in roster.values():
        fighter["skip_turns"] = 0
        if content.momentum.reset_each_encounter:
            fighter["momentum"] = content.momentum.start
    first, pairs = roll_initiative(dice, content)
    state["encounters"] = state.get("encounters", 0) + 1
    state["last_outcome"] = None
    begin(state, first, pairs, content.turns.order)
    enemies = [c["name"] for c in standing(state, SIDES[1])]
    result = {"initiative": pairs, "first": first, "enemies": enemies, "next": current(state)}
    rolls = ", ".join(f"{party}-{foes}" for party, foes in pairs)
    return Outcome(
        state,
        result,
        what=f"encounter {state['encounters']} against {', '.join(enemies)}",
        outcome=f"initiative {rolls} (party-enemies): the {first} {FIRST_VERB[first]} first",
        extra={"joined": joined, "rolls": [roll.describe() for roll in dice.rolls]},
    )


def _call_enemy(state: State, name: str, content: StarshipsContent) -> str:
    """Add a copy of the enemy ``name`` from the enemy table, numbered if the name is taken."""
    key = next((k for k in content.enemies if k.lower() == name.lower()), None)
    if key is None:
        raise unknown("enemy", name, sorted(content.enemies))
    roster = state["combatants"]
    taken = {existing.lower() for existing in roster}
    label, number = key, 1
    while label.lower() in taken:
        number += 1
        label = f"{key}-{number}"
    roster[label] = combatant(label, SIDES[1], content.enemies[key], content)
    return label


def end(state: State, action: Action) -> Outcome:
    """The GM ends the fight early (flight, surrender, parley): the enemies leave."""
    require_encounter(state, "end an encounter")
    reason = str(action.get("reason") or "ended by the GM")
    roster = state["combatants"]
    for name in [n for n, c in roster.items() if c["side"] == SIDES[1]]:
        del roster[name]
    state["mode"] = "exploration"
    state["encounter"] = None
    state["last_outcome"] = "ended"
    return Outcome(
        state, {"ended": "ended", "reason": reason}, what="encounter ended", outcome=reason
    )


def end_turn(state: State, action: Action) -> Outcome:
    """Pass the current turn without acting (a row switch alone does not end it)."""
    require_encounter(state, "end a turn")
    whose = current(state)
    assert whose is not None
    if action.get("name"):
        require_turn(state, find(state, str(action["name"])), "end a turn")
    skipped = finish_turn(state, whose, acted=False)
    result = {"passed": whose, "next": current(state), "round": state["encounter"]["round"]}
    return Outcome(
        state,
        result,
        who=whose,
        what="end turn",
        outcome="; ".join(aftermath(skipped=skipped)),
        extra={"skipped": skipped},
    )


def spend(state: State, action: Action, content: StarshipsContent) -> Outcome:
    """Spend Momentum on an extra turn, taken at once."""
    require_encounter(state, "spend Momentum")
    actor = find_standing(state, str(action["name"]))
    spend_extra_turn(state, actor, content)
    result = {
        "name": actor["name"],
        "spent": content.momentum.extra_turn,
        "momentum": momentum_table(state),
        "next": current(state),
    }
    return Outcome(
        state,
        result,
        who=actor["name"],
        what="momentum spend",
        outcome=f"extra turn for {actor['name']} ({actor['momentum']} Momentum left)",
    )
