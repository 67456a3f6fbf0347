"""Zauberer's screens: the arena for the table; for each team, its own spell card (which
the rules keep face down) and, on its turn, its moves: the movement roll with its fork
choices, the dungeon, a trap, casting its non-combat card, calling a duel and ending the
turn, each with the faces of real dice typed in or left to the campaign's dice.

A duel roll asks both duellists in the rules' order (``duel_steps``): the one who asks
for the roll chooses its attack card, the other is asked for its own without being told
the first one's (attack cards are chosen blind, as in ``gmtool play``), the dice are shown
(the campaign's, worked out ahead, or the faces each typed), then each team that played
no attack card and holds a spell is asked about its defence card; then the round is
played with every team's dice.

Everything shown comes from the declaration (``SeatScreens``) and ``duel_steps``; a posted
form only becomes the action the command line would build, always naming the seat's own
clan, and the rules decide.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.errors import UsageError
from gmtool.games.zauberer.rules import duel_steps
from gmtool.games.zauberer.rules.state import PHASE_WORDS, typed_state
from gmtool.games.zauberer.rules.view import card_name, own_spell
from gmtool.web.screens import Form, Made, Question, SeatScreens, WithDice, typed_dice

MOST_CHOICES = 8
"""How many numbered fields (way1, target1, space1...) a posted form is read for."""


class ZaubererScreens(SeatScreens):
    seat_template = "zauberer/player.html"

    def seat(self, state: State, seat: str, *, now: float) -> dict[str, Any]:
        screen = super().seat(state, seat, now=now)
        return {**screen, "says": PHASE_WORDS[screen["view"]["phase"]]}  # what the turn is at

    def action(self, state: State, seat: str, form: Form) -> Made:
        move = form.get("move", "")
        mine: dict[str, Any] = {"player": seat}  # the rules refuse it when it is not its turn
        if move == "move":
            return {"type": "move", **mine, **_listed(form, "ways", "way")}
        if move == "dungeon":
            return {"type": "dungeon", **mine, "return_spell": form.get("return_spell") == "yes"}
        if move in ("trap", "end_turn"):
            return {"type": move, **mine}
        if move == "duel_start":
            return {"type": "duel_start", **mine, "target": form.get("target", "")}
        if move == "duel_round":
            return self._roll_asked(state, seat, form)
        if move == "cast":
            action = {"type": "cast", **mine, "card": form.get("card", "")}
            action.update(_listed(form, "targets", "target"))
            action.update(_listed(form, "spaces", "space"))
            action.update(_listed(form, "ways", "way"))
            steps = form.get("steps", "").strip()
            if steps:
                if not steps.isdigit():
                    raise UsageError(f"'{steps}' is not a number of spaces", hint="e.g. 3")
                action["steps"] = int(steps)
            return action
        raise UsageError("choose a move", hint="pick one of the buttons on your screen")

    def entered_dice(self, form: Form) -> list[int] | None:
        return None if form.get("move") == "duel_round" else super().entered_dice(form)

    # -- a duel roll, asked of both duellists in turn -----------------------------------
    def _roll_asked(self, state: State, seat: str, form: Form) -> Made:
        action = {"type": "duel_round", "player": seat, "attack": {}, "defense": {}}
        typed: dict[str, list[int]] = {}
        _choose(state, seat, form, "attack", action, typed)
        challenger, defender = duel_steps.duellists(typed_state(state))
        other = defender if seat == challenger else challenger
        return Question(  # blind: the card stays hidden until both have chosen
            seat=other,
            asked_by=seat,
            action=action,
            public=f"{seat} is ready to roll: {other} chooses before the roll",
            private=f"{seat} is ready to roll, its own choice hidden. Your choice before the roll:",
            step="attack",
            entered_by=typed,
        )

    def answer(self, state: State, question: Question, form: Form) -> Made:
        action = {
            key: dict(value) if isinstance(value, dict) else value
            for key, value in question.action.items()
        }
        typed = {clan: list(faces) for clan, faces in (question.entered_by or {}).items()}
        seat = question.seat
        asked = duel_steps.asked_after_the_roll(typed_state(state), action["attack"])
        if question.step == "attack":
            _choose(state, seat, form, "attack", action, typed)
            asked = duel_steps.asked_after_the_roll(typed_state(state), action["attack"])
        else:
            _choose(state, seat, form, "defense", action, typed)
            asked = asked[asked.index(seat) + 1 :] if seat in asked else []
        if not asked:
            return WithDice(action, typed)
        return self._ask_defence(state, asked[0], question.asked_by, action, typed)

    def _ask_defence(
        self,
        state: State,
        seat: str,
        asked_by: str,
        action: dict[str, Any],
        typed: dict[str, list[int]],
    ) -> Question:
        attack = action["attack"]
        if duel_steps.dice_hidden(typed_state(state), attack) or self.door is None:
            seen = f"The dice stay hidden until {seat} chooses"
        else:
            rolled = duel_steps.dice_before_defence(
                typed_state(state), attack, self.door(entered_by=typed)
            )
            seen = "The dice: " + "; ".join(
                f"{clan} {' + '.join(map(str, dice['faces']))}"
                + (f" (and {dice['extra']})" if dice["extra"] is not None else "")
                for clan, dice in rolled.items()
            )
        played = ", ".join(
            f"{clan} plays {card_name(typed_state(state), cid)}" for clan, cid in attack.items()
        )
        before = f" ({played} before the roll)" if played else ""
        return Question(
            seat=seat,
            asked_by=asked_by,
            action=action,
            public=f"{seen}{before}: {seat} chooses after the roll",  # dice are open
            private=f"{seen}{before}. Your choice after the roll:",
            step="defense",
            entered_by=typed,
        )


def _choose(
    state: State,
    seat: str,
    form: Form,
    role: str,
    action: dict[str, Any],
    typed: dict[str, list[int]],
) -> None:
    """Add ``seat``'s card of ``role`` when it chose to play it, and the faces it typed."""
    if form.get(role) == "yes":
        action[role][seat] = (
            own_spell(typed_state(state), seat) or ""
        )  # the rules check it may be played now
    faces = typed_dice(form)
    if faces:
        typed[seat] = [*typed.get(seat, []), *faces]


def _listed(form: Form, key: str, field: str) -> dict[str, list[str]]:
    """``{key: [...]}`` from the numbered fields ``field1``, ``field2``... that were filled."""
    chosen = [form.get(f"{field}{n}", "").strip() for n in range(1, MOST_CHOICES + 1)]
    chosen = [value for value in chosen if value]
    return {key: chosen} if chosen else {}


SCREENS = ZaubererScreens
