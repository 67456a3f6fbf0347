"""Food Fight's screens: the public board for the table; for each player, their own
face-down cards and Fortunes, their moves on their turn, and their answer in a battle
(a Fortune or pass, once the cards are face up; in a campaign that plays Fortunes
blind, the defender is asked on their own screen before the battle is played).

Everything shown comes from the declaration (``SeatScreens``); a posted form only becomes
the action the command line would build, and the rules decide.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.system import State
from gmtool.errors import UsageError
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.notation import target_fields
from gmtool.games.foodfight.rules.view import status_of
from gmtool.web.screens import Form, Question, SeatScreens, form_number

SIDES = ("mine", "theirs")
STRATEGIES = ("strongest_on_top", "weakest_on_top", "shuffled")


class FoodFightScreens(SeatScreens):
    seat_template = "foodfight/player.html"

    def action(self, state: State, seat: str, form: Form) -> dict[str, Any] | Question:
        move = form.get("move", "")
        if move == "discard":
            return {"type": "discard", "player": seat, "pile": form_number(form, "pile", "a pile")}
        if move == "pass":
            return {"type": "pass", "player": seat}
        if move == "fortune":
            plays = _fortune(form, "attacker")  # the rules know the seat's side in the battle
            if not plays:
                raise UsageError("choose a Fortune to play", hint="or pass")
            return {"type": "fortune", "player": seat, "id": plays[0]["id"], "on": plays[0]["on"]}
        if move == "layout":
            strategy = form.get("strategy", "")
            if strategy not in STRATEGIES:
                raise UsageError("choose how to stack your towers", hint="pick one from the list")
            return {"type": "layout", "player": seat, "strategy": strategy}
        if move != "attack":
            raise UsageError("choose a move", hint="attack or discard")
        action: dict[str, Any] = {
            "type": "attack",
            "player": seat,
            "pile": form_number(form, "pile", "a pile to attack with"),
            **target_fields(form.get("target", "")),
            "fortunes": _fortune(form, "attacker"),
        }
        match = Match(state)
        if match.rulings.two_step:
            return action  # Fortunes come after the cards turn over (the rules refuse others)
        defender = next(
            (p for p in status_of(match)["players"] if p["name"] == action["target"]), None
        )
        if defender is None or defender["fortunes"] == 0:
            return action
        where = f"{defender['name']}'s pile {action['target_pile']}"
        return Question(
            seat=defender["name"],
            asked_by=seat,
            action=action,
            public=f"{seat} attacks {where}: {defender['name']} may answer with a Fortune",
            private=(
                f"{seat} attacks your pile {action['target_pile']} with their pile "
                f"{action['pile']}. Play a Fortune in this battle?"
            ),
        )

    def answer(self, state: State, question: Question, form: Form) -> dict[str, Any]:
        plays = _fortune(form, "defender")
        return {**question.action, "fortunes": [*question.action["fortunes"], *plays]}


def _fortune(form: Form, by: str) -> list[dict[str, Any]]:
    """The Fortune a player chose for a battle (none when the field is empty)."""
    fid = form.get("fortune", "").strip()
    if not fid:
        return []
    side = form.get("on", "mine")
    if side not in SIDES:
        raise UsageError("choose the card the Fortune is played on", hint="mine or theirs")
    return [{"by": by, "id": fid, "on": side}]


SCREENS = FoodFightScreens
