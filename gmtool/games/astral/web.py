"""Astral's screens: the plane for the table; for each player character, their Aura and
what they perceive (how far each other being and thing is), and, while the next tick waits
for them, their declaration for it.

A tick is every character's declaration at once, so a declaration made on a phone waits
for the other player characters who may act: each is asked on their own screen in turn
(the table sees who has declared, never a declaration before the tick). The NPCs'
declarations are the GM's, as at the terminal: when an NPC may act, the tick the phones
declared waits for the GM too, who declares for the NPCs from the terminal
(``gmtool astral tick --phones --act "Shade attack Ana"``: an NPC not named hesitates).
The GM may also declare first: the phones are then asked in turn. The last declaration
plays the tick, with every declaration and the faces each player typed, through the same
rules as a tick typed at the terminal."""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.games.astral.rules.choices import actors
from gmtool.games.astral.rules.options import declared, pcs
from gmtool.web.moveforms import fold_of, posted
from gmtool.web.screens import GM, Form, Made, MoveScreens, Question, WithDice


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

    def asked_by_gm(self, state: State, action: dict[str, Any], held: Question | None) -> Made:
        """The GM's declarations for the NPCs (a tick kept by ``Game.ask``): they finish
        the tick the phones declared (``held``), or the phones are asked next."""
        given = [dict(d) for d in action.get("declarations") or []]
        if held is None:
            return self._next(state, GM, given, {})
        before = list(held.action["declarations"])
        done = {d["who"] for d in before}  # a character the phones declared is theirs
        tick = {
            "type": "tick",
            "declarations": [*before, *(d for d in given if d["who"] not in done)],
        }
        return WithDice(tick, dict(held.entered_by or {}))

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
        """The tick once every character who may act has declared; else the question to
        the next player character, or to the GM for the NPCs (``first``: who began it)."""
        tick = {"type": "tick", "declarations": declarations}
        done = [d["who"] for d in declarations]
        players = [d for d in done if d in pcs(state)]
        said = f"{', '.join(players)} declared" if players else "the GM declared for the NPCs"
        left = [pc for pc in self.system.to_move(state, content=self.content) if pc not in done]
        if left:
            return Question(
                seat=left[0],
                asked_by=first,
                action=tick,
                public=f"{said}: {left[0]} to declare before the tick",
                private=f"{said}. Your declaration for this tick:",
                step="declare",
                entered_by=typed,
            )
        npcs = [name for name in actors(state) if name not in pcs(state)]
        if first == GM or not npcs:
            return WithDice(tick, typed)
        return Question(
            seat=GM,
            asked_by=first,
            action=tick,
            public=f"{said}: the GM to declare for the NPCs ({', '.join(npcs)})",
            private="",
            step="declare",
            entered_by=typed,
        )


SCREENS = AstralScreens
