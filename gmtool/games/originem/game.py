"""Originem as a gmtool rule system: content, a new game, actions, status."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.rules import combat, combat_actions, missions, nova, scenes, setup

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
        else:
            result = getattr(nova, step)(state, action)
            outcome = "running" if result["nova"]["running"] else "paused"
        if state.get("ended"):
            result["ended"] = state["ended"]
        return Outcome(state, result, who="GM", what=f"nova {step}", outcome=outcome)

    return handle


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
    "crew_add": _crew("add"),
    "crew_remove": _crew("remove"),
}


class OriginemSystem:
    """The Originem rules: missions of scenes, fights, the NOVA counter and knowledge."""

    name = "originem"
    title = "Originem"
    actions = tuple(HANDLERS)

    def load_content(self, overrides: Mapping[str, Any] | None = None) -> OriginemContent:
        from gmtool.games.originem.rules.models import CONTENT

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
        if nova.has_run_out(state["nova"], _now_of(action)):
            raise RulesError(
                "the NOVA counter has reached zero: the crew has lost",
                hint="the game is over; 'campaign new' starts another",
            )

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        from gmtool.games.originem.rules.status import status

        return status(state, now)


def _now_of(action: Action) -> float | None:
    now = action.get("now")
    return float(now) if isinstance(now, int | float) and not isinstance(now, bool) else None


SYSTEM = OriginemSystem()
