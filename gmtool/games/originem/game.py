"""Originem as a gmtool rule system: content, a new game, actions, status."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Move, Outcome, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.rules import combat, combat_actions, missions, nova, scenes, setup
from gmtool.games.originem.rules.options import follow
from gmtool.games.originem.state import typed

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

Handler = Callable[[State, Action, DiceDoor, "OriginemContent"], Outcome]


def _mission_start(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
    result = missions.start(state, action, c)
    title = result["mission"]["name"]
    return Outcome(
        state, result, who="GM", what="mission start", outcome="under way", mission=title
    )


def _scene(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
    if state.get("combat"):
        raise RulesError("a fight is under way", hint="finish it first, or 'combat end'")
    if state.get("engaged"):
        raise RulesError(
            "the runaway failed: the fight is on",
            hint="start it with 'combat start', or 'undo' the runaway",
        )
    return scenes.play(state, action, dice, c)


def _runaway(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
    return _scene(state, {**action, "scene": "runaway"}, dice, c)


def _nova(step: str) -> Handler:
    def handle(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
        if step == "penalty":
            result = nova.penalty(state, action, c.nova)
            outcome = f"-{result['seconds']:g} s"
        elif step in CLOCK_STEPS:
            result = CLOCK_STEPS[step](state, action)
            outcome = _clock_outcome(step, result)
        else:
            result = getattr(nova, step)(state, action)
            outcome = "running" if result["nova"]["running"] else "paused"
            if action.get("left_play"):
                outcome = "paused: the GM left play"
        if state.get("ended"):
            result["ended"] = state["ended"]
        who = "NOVA" if step == "out" else "GM"
        return Outcome(state, result, who=who, what=f"nova {step}", outcome=outcome)

    return handle


CLOCK_STEPS: dict[str, Callable[[State, Action], dict[str, Any]]] = {
    "adjust": nova.adjust,
    "set": nova.set_left,
    "out": nova.run_out,
}
"""The GM's corrections of the clock, and the loss when it reaches zero."""


def _clock_outcome(step: str, result: dict[str, Any]) -> str:
    left = _clock_text(result["nova"]["remaining_seconds"])
    if step == "out":
        return "lost: the NOVA counter reached zero"
    if step == "adjust":
        given = float(result["adjusted_seconds"])
        return f"{'+' if given > 0 else '-'}{_clock_text(abs(given))}, {left} left"
    return f"{left} left"


def _clock_text(seconds: float) -> str:
    minutes, secs = divmod(math.ceil(seconds), 60)
    return f"{minutes}:{secs:02d}"


def _crew(change: str) -> Handler:
    def handle(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
        if change == "add":
            result = setup.add_member(state, action, c)
            name = result["added"]["name"]
        else:
            result = setup.remove_member(state, action)
            name = result["removed"]["name"]
        return Outcome(state, result, who=name, what=f"crew {change}", outcome=change)

    return handle


def _combat(step: str) -> Handler:
    def handle(state: State, action: Action, dice: DiceDoor, c: OriginemContent) -> Outcome:
        if step == "start":
            return combat.start(state, action, c)
        if step == "end_turn":
            return combat_actions.end_turn(state, c)
        if step == "end":
            return combat_actions.stop(state)
        handler: Handler = getattr(combat_actions, step)
        return handler(state, action, dice, c)

    return handle


HANDLERS: dict[str, Handler] = {
    "mission_start": _mission_start,
    "scene": _scene,
    "runaway": _runaway,
    "combat_start": _combat("start"),
    "combat_initiative": _combat("initiative"),
    "combat_attack": _combat("attack"),
    "combat_enemy_attack": _combat("enemy_attack"),
    "combat_heal": _combat("heal_action"),
    "combat_end_turn": _combat("end_turn"),
    "combat_end": _combat("end"),
    "nova_start": _nova("start"),
    "nova_pause": _nova("pause"),
    "nova_resume": _nova("resume"),
    "nova_penalty": _nova("penalty"),
    "nova_adjust": _nova("adjust"),
    "nova_set": _nova("set"),
    "nova_out": _nova("out"),
    "crew_add": _crew("add"),
    "crew_remove": _crew("remove"),
}


ASKED_MOVES = ("scene", "runaway")
"""The GM's moves whose rolls the rollers' phones may make."""


class OriginemSystem:
    """The Originem rules: missions of scenes, fights, the NOVA counter and knowledge."""

    name = "originem"
    title = "Originem"
    short_title = "Originem"
    has_secrets = False
    actions = tuple(HANDLERS)

    def load_content(self, overrides: Mapping[str, Any] | None = None) -> OriginemContent:
        from gmtool.games.originem.rules.content_spec import CONTENT

        content: OriginemContent = CONTENT.load(overrides or {})
        return content

    def new_state(
        self, content: OriginemContent, options: Mapping[str, Any], dice: DiceDoor
    ) -> State:
        return setup.new_state(content, options)

    def apply(
        self, state: State, action: Action, dice: DiceDoor, content: OriginemContent
    ) -> Outcome:
        kind = str(action.get("type", ""))
        handler = HANDLERS.get(kind)
        if handler is None:
            raise UsageError(
                f"Originem has no action '{kind}'", hint=f"valid: {', '.join(HANDLERS)}"
            )
        self._check_still_playing(state, action)
        nova.touch(state["nova"], _now_of(action))
        outcome = handler(state, action, dice, content)
        if state.get("ended"):
            nova.stop(state["nova"], _now_of(action))
        return outcome

    def _check_still_playing(self, state: State, action: Action) -> None:
        """Once the crew has won or lost, nothing more happens (the log can still undo)."""
        if state.get("ended") == "won":
            raise RulesError("the crew has already won: the artifact is theirs")
        if state.get("ended") == "lost":
            raise RulesError(
                f"the crew has lost: {state.get('ended_reason') or 'the game is over'}",
                hint="'undo' to step back",
            )
        if action.get("type") in nova.CORRECTIONS:
            return
        if nova.has_run_out(state["nova"], _now_of(action)):
            raise RulesError(
                "the NOVA counter has reached zero: the crew has lost",
                hint="if it ran while nobody played, 'nova adjust +5m' gives time back; "
                "'nova out' writes the loss in the log",
            )

    def status(self, state: State, *, now: float | None) -> dict[str, Any]:
        from gmtool.games.originem.rules.status import status

        return status(state, now)

    # -- the declaration every front end asks -----------------------------------------
    # Originem's moves hang on the campaign's content (the class dice, the scene tables)
    # and on the time (the NOVA counter may have run out): both are given, the packaged
    # content and the last mark of the clock when they are not.

    def seats(self, state: State) -> list[str]:
        """Every crew member: the GM referees, so a screen shows the table and their own."""
        return [member["name"] for member in typed(state)["crew"]]

    def options(
        self,
        state: State,
        seat: str | None,
        *,
        content: OriginemContent | None = None,
        now: float | None = None,
    ) -> list[Move]:
        from gmtool.games.originem.rules.options import gm_moves, seat_moves

        rules = content or self.load_content()
        if seat is None:
            return gm_moves(state, rules, now)
        return seat_moves(state, rules, seat, now)

    follow = follow
    """``follow(state, move, choice, answer, content=...)``: ``move`` with ``answer`` to its
    first ``choice`` folded in, and what is asked next (``rules/options.py``)."""

    def view(
        self,
        state: State,
        seat: str | None,
        *,
        content: OriginemContent | None = None,
        now: float | None = None,
    ) -> dict[str, Any]:
        """The table sees what ``status`` shows; a crew member also their class dice and
        whether the game waits for them."""
        table = self.status(state, now=now)
        if seat is None:
            return table
        from gmtool.engine.moves import notation
        from gmtool.games.originem.rules.names import find_member

        rules = content or self.load_content()
        member = find_member(state, seat)
        dice = rules.classes[member["class"]].dice
        own = {
            "name": member["name"],
            "class": member["class"],
            "class_title": member["class_title"],
            "hp": member["hp"],
            "max_hp": member["max_hp"],
            "down": member["hp"] <= 0,
            "dice": {table_key: notation(die) for table_key, die in dice.items()},
            "turn": member["name"] in self.to_move(state, content=rules, now=now),
        }
        return {**table, "seat": own}

    def asked_of(
        self, state: State, action: Action, *, content: OriginemContent | None = None
    ) -> list[str]:
        """The crew members whose phones a scene or runaway asked of them (``Game.ask``)
        waits for, each for their own rolls, in the order they roll; none for another move."""
        if action.get("type") not in ASKED_MOVES:
            return []
        rolls = scenes.rolls_of(state, action, content or self.load_content())
        return list(dict.fromkeys(name for name, _ in rolls))

    def to_move(
        self,
        state: State,
        *,
        content: OriginemContent | None = None,
        now: float | None = None,
    ) -> list[str]:
        """The crew members with a roll of their own to make now (an attack on the crew's
        turn, initiative, a heal); empty when the game waits for the GM."""
        rules = content or self.load_content()
        return [
            seat for seat in self.seats(state) if self.options(state, seat, content=rules, now=now)
        ]


def _now_of(action: Action) -> float | None:
    now = action.get("now")
    return float(now) if isinstance(now, int | float) and not isinstance(now, bool) else None


SYSTEM = OriginemSystem()
