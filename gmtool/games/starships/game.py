"""The Stars & Starships encounter rules as a gmtool system: one action type, one handler."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Move, Outcome, State
from gmtool.errors import ContentError, UsageError, unknown
from gmtool.games.starships.rules import actions, encounter
from gmtool.games.starships.rules.attack import attack
from gmtool.games.starships.rules.content import (
    CONTENT,
    SIDES,
    StarshipsContent,
    StatBlock,
    block_problems,
)
from gmtool.games.starships.rules.options import follow, gm_moves, seat_moves
from gmtool.games.starships.rules.roster import is_down
from gmtool.games.starships.rules.statblock import check_name, combatant
from gmtool.games.starships.rules.turns import acting_side, current, upcoming
from gmtool.games.starships.state import typed

Handler = Callable[[State, Action, DiceDoor, StarshipsContent], Outcome]
HANDLERS: dict[str, Handler] = {
    "add": lambda state, action, dice, content: actions.add(state, action, content),
    "remove": lambda state, action, dice, content: actions.remove(state, action),
    "encounter_start": encounter.start,
    "encounter_end": lambda state, action, dice, content: encounter.end(state, action),
    "attack": attack,
    "row": lambda state, action, dice, content: actions.switch_row(state, action),
    "gadget": actions.device,
    "stream": actions.device,
    "momentum_spend": lambda state, action, dice, content: encounter.spend(state, action, content),
    "end_turn": lambda state, action, dice, content: encounter.end_turn(state, action),
    "hp": lambda state, action, dice, content: actions.change_hp(state, action, content),
}
"""Each action type and the rule that carries it out."""
OPTIONS = ("party", "title", "seed")
"""Campaign options: ``party`` maps each name to a stat block; the others are shared."""


class StarshipsSystem:
    name = "starships"
    title = "Stars & Starships encounters"
    short_title = "Stars & Starships"
    has_secrets = False

    def load_content(self, overrides: Mapping[str, Any]) -> StarshipsContent:
        return CONTENT.load(overrides)

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        """No fight yet: the party from ``options.party``, in exploration."""
        for key in options:
            if key not in OPTIONS:
                raise UsageError(
                    f"option '{key}' means nothing to starships",
                    hint=f"valid: {', '.join(OPTIONS)}",
                )
        state: State = {
            "mode": "exploration",
            "combatants": {},
            "encounter": None,
            "encounters": 0,
            "last_outcome": None,
        }
        party = options.get("party") or {}
        if not isinstance(party, Mapping):
            raise UsageError("option 'party' maps each name to a stat block")
        for raw_name, fields in party.items():
            name = check_name(str(raw_name), state["combatants"])
            from gmtool.content.schema import validate
            from gmtool.content.yamlfile import Document

            block = validate(StatBlock, fields, [Document(f"options.party.{name}", fields)])
            problems = block_problems(block, content)
            if problems:
                raise ContentError([f"options.party.{name}: {p}" for p in problems])
            state["combatants"][name] = combatant(name, SIDES[0], block, content)
        return state

    def apply(self, state: State, action: Action, dice: DiceDoor, content: Any) -> Outcome:
        kind = str(action.get("type", ""))
        if kind not in HANDLERS:
            raise unknown("starships action", kind, list(HANDLERS))
        return HANDLERS[kind](state, action, dice, content)

    def status(self, state: State, *, now: float | None = None) -> dict[str, Any]:
        """Where the fight stands: mode, round, whose turn, the turns to come, everyone."""
        fight = state.get("encounter")
        return {
            "system": self.name,
            "mode": state["mode"],
            "encounter_number": state.get("encounters", 0),
            "round": fight["round"] if fight else None,
            "side": acting_side(state),
            "turn": current(state),
            "order": upcoming(state),
            "last_outcome": state.get("last_outcome"),
            "combatants": [_public(c) for c in state["combatants"].values()],
        }

    # -- the declaration every front end asks -----------------------------------------
    # The moves hang on the campaign's content (the dice, the enemy table, friendly fire):
    # it is given, or the packaged content is read.

    def seats(self, state: State) -> list[str]:
        """The party: the GM referees the enemies, so a screen is a party member's."""
        return [c["name"] for c in typed(state)["combatants"].values() if c["side"] == SIDES[0]]

    def options(
        self,
        state: State,
        seat: str | None,
        *,
        content: StarshipsContent | None = None,
        kinds: Collection[str] | None = None,
    ) -> list[Move]:
        """``kinds``: the moves of those names alone (a forecast's), the same as they are
        in the whole list."""
        rules = content or self.load_content({})
        if seat is None:
            return gm_moves(state, rules, kinds)
        return seat_moves(state, rules, seat, kinds)

    follow = follow
    """``follow(state, move, choice, answer, content=...)``: ``move`` with ``answer`` to its
    first ``choice`` folded in, and what is asked next (``rules/options.py``)."""

    def view(self, state: State, seat: str | None, *, content: Any = None) -> dict[str, Any]:
        """The table sees what ``status`` shows (no secrets); a party member also their own
        line and whether it is their turn."""
        table = self.status(state)
        if seat is None:
            return table
        from gmtool.games.starships.rules.roster import find

        fighter = find(state, seat)
        own = _public(fighter)
        own["turn"] = fighter["name"] in self.to_move(state)
        return {**table, "seat": own}

    def to_move(self, state: State, *, content: Any = None) -> list[str]:
        """The party member whose turn it is; empty on the enemies' turn and outside a
        fight, when the game waits for the GM."""
        actor = current(state)
        return [actor] if actor is not None and actor in self.seats(state) else []


def _public(fighter: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("name", "side", "hp", "max_hp", "row", "momentum", "skip_turns", "defense")
    doc = {key: fighter[key] for key in keys}
    doc.update(
        down=is_down(fighter),
        might=fighter["might"],
        dex=fighter["dex"],
        melee=fighter["melee"],
        ranged=fighter["ranged"],
        affinities=fighter["affinities"],
    )
    return doc


SYSTEM = StarshipsSystem()
