"""Originem's screens: the table's NOVA clock, crew and fight; for each crew member, their
HP and class dice, and the rolls that are theirs to make: in a fight initiative, an attack
on the crew's turn, a heal; in a scene, the roll the GM asked for from the terminal
(``gmtool originem scene ... --phones``). Each is rolled on the phone or typed from a
real die.

The moves are the declaration's (``options(state, seat, now=...)``); a posted form becomes
the action the GM's menu would play, with the time put in for the NOVA counter. A scene
the GM asked for waits for each roller's phone in turn, then is played with the faces
typed (the others rolled by the campaign), the time put in as it is played.
"""

from __future__ import annotations

import time
from typing import Any

from gmtool.engine.moves import notation
from gmtool.engine.system import Move, State
from gmtool.games.originem.game import ASKED_MOVES, SYSTEM
from gmtool.games.originem.rules.options import as_played
from gmtool.games.originem.rules.scenes import rolls_of
from gmtool.web.moveforms import die_fields, typed_faces
from gmtool.web.screens import GM, Form, Made, MoveScreens, Question, WithDice


class OriginemScreens(MoveScreens):
    seat_template = "originem/player.html"
    confirming = frozenset({"combat_attack", "combat_heal"})

    def moves(self, state: State, seat: str) -> list[Move]:
        return list(SYSTEM.options(state, seat, content=self.content, now=time.time()))

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        screen = super().seat(state, seat, now=now)
        seen = SYSTEM.view(state, seat, content=self.content, now=now)
        return {**screen, "view": seen, "your_turn": seen["seat"]["turn"]}

    def finished(self, action: dict[str, Any]) -> dict[str, Any]:
        return as_played(action, time.time())

    def asked_by_gm(
        self, state: State, action: dict[str, Any], held: Question | None
    ) -> Made | None:
        if action.get("type") not in ASKED_MOVES:
            return None
        return self._next(state, action, {})

    def answer(self, state: State, question: Question, form: Form) -> Made:
        faces = typed_faces(form, len(question.dice))
        typed = {who: list(f) for who, f in (question.entered_by or {}).items()}
        typed[question.seat] = faces or []  # blank: rolled as the scene is played
        return self._next(state, question.action, typed)

    def _next(self, state: State, action: dict[str, Any], typed: dict[str, list[int]]) -> Made:
        """The question to the next roller who has not answered, or the scene to play."""
        rolls = rolls_of(state, action, self.content)
        scene = str(action.get("scene") or action["type"])
        left = [name for name in dict.fromkeys(name for name, _ in rolls) if name not in typed]
        if not left:
            return WithDice(self.finished(action), {who: f for who, f in typed.items() if f})
        seat = left[0]
        mine = [(number, die) for number, (name, die) in enumerate(rolls, 1) if name == seat]
        words = ", then ".join(
            f"{scene} roll {number} of {len(rolls)}: {notation(die)}" for number, die in mine
        )
        many = "rolls" if len(mine) > 1 else "roll"
        return Question(
            seat=seat,
            asked_by=GM,
            action=action,
            public=f"the GM waits for {seat}'s {scene} {many}",
            private=f"The GM asks for your {scene} {many}",
            step="dice",
            entered_by=typed,
            dice=die_fields([notation(die) for _, die in mine], words),
        )


SCREENS = OriginemScreens
