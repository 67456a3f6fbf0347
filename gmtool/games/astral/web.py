"""Astral's screens: the plane for the table; for each player character, their Aura and
what they perceive (how far each other being and thing is), and, while the next tick waits
for them, their declaration for it.

A tick is every character's declaration at once, so a declaration made on a phone waits
for the other player characters who may act: each is asked on their own screen in turn
(the table sees who has declared, never a declaration before the tick), and the last one's
answer plays the tick with every declaration and the faces each typed. The NPCs' are the
GM's, who plays such a tick from the terminal (a tick the phones complete has the NPCs
hesitate, as a declaration the GM's menu makes alone does)."""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.games.astral.rules.options import declared
from gmtool.web.moveforms import fold_of, posted
from gmtool.web.screens import Form, Made, MoveScreens, Question, WithDice


class AstralScreens(MoveScreens):
    seat_template = "astral/player.html"

    def action(self, state: State, seat: str, form: Form) -> Made:
        declaration, faces = self._declared(state, seat, form)
        return self._next(state, seat, [declaration], {seat: faces} if faces else {})

    def answer(self, state: State, question: Question, form: Form) -> Made:
        declaration, faces = self._declared(state, question.seat, form)
        typed = {who: list(f) for who, f in (question.entered_by or {}).items()}
        if faces:
            typed[question.seat] = faces
        before = list(question.action["declarations"])
        return self._next(state, question.asked_by, [*before, declaration], typed)

    def _declared(self, state: State, seat: str, form: Form) -> tuple[dict[str, Any], list[int]]:
        made = posted(self.moves(state, seat), fold_of(self.system, state, self.content), form)
        return declared(made.move), made.faces or []

    def _next(
        self,
        state: State,
        first: str,
        declarations: list[dict[str, Any]],
        typed: dict[str, list[int]],
    ) -> Made:
        tick = {"type": "tick", "declarations": declarations}
        done = [d["who"] for d in declarations]
        left = [pc for pc in self.system.to_move(state, content=self.content) if pc not in done]
        if not left:
            return WithDice(tick, typed)
        return Question(
            seat=left[0],
            asked_by=first,
            action=tick,
            public=f"{', '.join(done)} declared: {left[0]} to declare before the tick",
            private=f"{', '.join(done)} declared. Your declaration for this tick:",
            step="declare",
            entered_by=typed,
        )


SCREENS = AstralScreens
