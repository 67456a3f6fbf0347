"""What may be done now on the Astral Plane, as moves (``engine.system.Move``): each
character's declarations for the next tick (a seat's moves), and the GM's (play the tick,
salvage a task, disturb a sleeper, add or change an entity, set a distance, start a task).

A declaration is played as a tick in which everyone else hesitates; the GM's tick gathers
one from every character first. ``follow`` folds one answer into a move and says what is
asked next, where that hangs on the answer.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from gmtool.engine.moves import Follow, Step, answer_into, dropped, faces
from gmtool.engine.system import Choice, Move
from gmtool.errors import GmtoolError, UsageError
from gmtool.games.astral.rules.choices import (
    action_menu,
    actors,
    check_new_name,
    disturbers,
    extras,
    rollers,
)
from gmtool.games.astral.rules.content import DISTANCES, AstralContent
from gmtool.games.astral.rules.declarations import ONE_TARGET
from gmtool.games.astral.rules.lookups import BEINGS, State, by_name
from gmtool.games.astral.state import typed

KINDS = ("pc", "npc", "object")
CHANGEABLE = ("aura", "starting_aura", "tn", "knowledge", "languages")
TYPED_CHANGES = ("knowledge", "languages")
"""The changes typed as text; the others are numbers."""
CONFIRM = ("no", "yes")


def gm_moves(
    state: State, content: AstralContent, kinds: Collection[str] | None = None
) -> list[Move]:
    """The GM's moves, in the order the play menu lists them; ``kinds``: just the moves of
    those names (what a forecast plays), the others not even built."""

    def wanted(name: str) -> bool:
        return kinds is None or name in kinds

    moves: list[Move] = []
    if wanted("tick") and actors(state):
        tick = {"type": "tick", "declarations": []}
        moves.append(Move("tick", "play a tick", action=tick))
    open_now = extras(state) if kinds is None or set(kinds) - {"tick"} else None
    if open_now is None:
        return moves
    if wanted("salvage") and open_now["salvage"]:
        moves.append(_salvage_move(content, open_now["salvage"]))
    if wanted("disturb") and open_now["disturb"]:
        moves.append(_disturb_move(state, content, open_now["disturb"]))
    if wanted("mark_final_attack") and open_now["final_attack"]:
        final = {"type": "mark_final_attack"}
        moves.append(Move("mark_final_attack", "mark the final attack", action=final))
    if wanted("add"):
        moves.append(_add_move())
    if wanted("distance"):
        moves.append(_distance_move(state))
    if wanted("task_new"):
        moves.append(_task_move(state))
    if wanted("set"):
        moves.append(_change_move(state))
    return moves


def declarations(
    state: State,
    content: AstralContent,
    who: str,
    kinds: Collection[str] | None = None,
    *,
    dice: bool = True,
) -> list[Move]:
    """What ``who`` may declare for the next tick, each a move of its own (a tick in
    which the others hesitate); none when ``who`` cannot act. ``kinds``: just the actions
    of those names, the others not even built. ``dice`` False: the moves' dice are left
    out (a forecast rolls through the door and reads none; ``follow_without_dice`` goes
    with them)."""
    being = by_name(state).get(who)
    if being is None or being["kind"] not in BEINGS or being["condition"] != "active":
        return []  # not one of the ``actors``
    seat = who if being["kind"] == "pc" else None
    moves = []
    for action, targets in action_menu(state, content, who, kinds).items():
        declared = {"who": who, "action": action}
        choices: tuple[Choice, ...] = ()
        if action in ("attack", "block", "examine"):
            choices = (Choice("target", f"{who} {action}s whom?", tuple(targets)),)
        elif action == "work" and len(targets) == 1:
            declared["task"] = targets[0]
        elif action == "work":
            choices = (Choice("task", "Which task?", tuple(targets)),)
        elif action == "move":
            others = ", ".join(targets)
            text = f"{who} moves relative to whom? ({others}; comma-separated)"
            choices = (
                Choice("targets", text, kind="text"),
                Choice("to", "To what distance?", DISTANCES),
            )
        tick = {"type": "tick", "declarations": [declared]}
        move = Move(action, action, seat, tick, choices)
        moves.append(move if choices or not dice else _with_dice(state, content, move))
    return moves


def pcs(state: State) -> list[str]:
    return [entity["name"] for entity in typed(state)["entities"] if entity["kind"] == "pc"]


def declared(move: Move) -> dict[str, Any]:
    """The one declaration a seat's move makes."""
    declaration: dict[str, Any] = move.action["declarations"][0]
    return declaration


def _with_dice(state: State, content: AstralContent, move: Move) -> Move:
    """The dice a declaration has its character roll (a CV, a task), once it is whole.
    One the rules refuse (a move to where one already is) rolls nothing: the refusal is
    the tick's, once every character has declared."""
    who = declared(move)["who"]
    try:
        rolls = rollers(state, content, [declared(move)]).get(who, [])
    except GmtoolError:
        return move
    return answer_into(move, {}, dice=[roll.split(" for ")[0] for roll in rolls])


def _salvage_move(content: AstralContent, tasks: list[str]) -> Move:
    dice = content.tasks.dice
    return Move(
        "salvage",
        "salvage a partial task",
        action={"type": "salvage"},
        choices=(Choice("task", "Which task?", tuple(tasks)), faces(f"the salvage roll ({dice})")),
        dice=(dice,),
    )


def _disturb_move(state: State, content: AstralContent, sleepers: list[str]) -> Move:
    """Offered while an NPC sleeps; it cannot be made while no PC is close enough to any."""
    reach = content.combat.reach.disturb
    alone = not any(disturbers(state, content, npc) for npc in sleepers)
    return Move(
        "disturb",
        "a PC disturbs an unconscious NPC",
        action={"type": "disturb", "who": None, "target": None},
        choices=(Choice("target", "Which NPC?", tuple(sleepers)),),
        reason=f"no PC is {reach} or closer to an unconscious NPC" if alone else "",
    )


def _add_move() -> Move:
    return Move(
        "add",
        "add an entity",
        action={"type": "add"},
        choices=(
            Choice("name", "Name (one word)?", kind="text"),
            Choice("kind", "What is it?", KINDS),
        ),
    )


def _distance_move(state: State) -> Move:
    names = tuple(entity["name"] for entity in typed(state)["entities"])
    return Move(
        "distance",
        "set a distance",
        action={"type": "distance"},
        choices=(Choice("a", "Between?", names),),
    )


def _beings(state: State) -> tuple[str, ...]:
    return tuple(e["name"] for e in typed(state)["entities"] if e["kind"] != "object")


def _task_move(state: State) -> Move:
    return Move(
        "task_new",
        "start a task",
        action={"type": "task_new"},
        choices=(
            Choice("name", "Task name?", kind="text"),
            Choice("by", "Whose task?", _beings(state)),
            Choice("ticks", "Ticks of work?", kind="number", optional=True),
            Choice("tn", "TN (blank: it cannot fail)?", kind="number", optional=True),
            Choice(
                "knowledge", "Knowledge area that helps (blank: none)?", kind="text", optional=True
            ),
        ),
    )


def _change_move(state: State) -> Move:
    return Move(
        "set",
        "change an entity (Aura, TN, Knowledge)",
        action={"type": "set"},
        choices=(
            Choice("name", "Whom?", _beings(state)),
            Choice("what", "Change what?", CHANGEABLE),
        ),
    )


# -- answers that decide what comes next -------------------------------------------------


def _declaring(key: str, *, dice: bool = True) -> Step[AstralContent]:
    """An answer goes into the declaration (a move's targets are typed, comma-separated);
    once it is whole, the dice it rolls are known (``dice`` False: not worked out)."""

    def declare(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
        value = answer
        if key == "targets":
            value = [name.strip() for name in str(answer).split(",") if name.strip()]
            if not value:  # refused as typed, not after the whole tick was asked
                raise UsageError(
                    f"{declared(move).get('who', 'who moves')} moves relative to nobody",
                    hint="type one name or more, comma-separated",
                )
        declaration = {**declared(move), key: value}
        answered = answer_into(move, {"declarations": [declaration]})
        if answered.choices or not dice:
            return answered
        return _with_dice(state, content, answered)

    return declare


def _declaring_steps(*, dice: bool) -> dict[str, dict[str, Step[AstralContent]]]:
    """The answers a declaration's moves ask, by the action declared, then the choice."""
    one = {action: {"target": _declaring("target", dice=dice)} for action in ONE_TARGET}
    return {
        **one,
        "work": {"task": _declaring("task", dice=dice)},
        "move": {key: _declaring(key, dice=dice) for key in ("targets", "to")},
    }


def _disturbed(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    """Only a PC close enough may disturb the sleeper: refused when there is none."""
    pcs_near = disturbers(state, content, answer)
    if not pcs_near:
        reach = content.combat.reach.disturb
        raise UsageError(f"no PC is close enough to disturb {answer}", hint=f"{reach} or closer")
    who = Choice("who", "Which PC disturbs it?", tuple(pcs_near))
    return answer_into(move, {"target": answer}, [who])


def _disturber(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    dice = content.combat.dice
    return answer_into(move, {"who": answer}, [faces(f"{answer}'s {dice}")], dice=[dice])


def _new_name(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    check_new_name(state, content, answer)
    return answer_into(move, {"name": answer})


def _kind(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    """A being's Aura, Knowledge and languages (and an NPC's TN), then where it stands."""
    then: list[Choice] = []
    if answer != "object":
        then += [
            Choice("aura", "Starting Aura (blank: the default)?", kind="number", optional=True),
            Choice(
                "knowledge",
                "Knowledge areas, comma-separated (blank: none yet)",
                kind="text",
                optional=True,
            ),
            Choice(
                "languages",
                "Languages, comma-separated (blank: the shared one)",
                kind="text",
                optional=True,
            ),
        ]
    if answer == "npc":
        then.append(Choice("tn", "TN (blank: the default)?", kind="number", optional=True))
    then.append(Choice("at", "Distance to everyone present?", DISTANCES))
    return answer_into(move, {"kind": answer}, then)


def _first_of_pair(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    names = tuple(e["name"] for e in typed(state)["entities"] if e["name"] != answer)
    then = [Choice("b", "And?", names), Choice("distance", "Distance?", DISTANCES)]
    return answer_into(move, {"a": answer}, then)


def _task_knowledge(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    return answer_into(move, {"knowledge": str(answer).strip() or None})


def _what(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    """The new value is asked under the field's own key (it is the action's field)."""
    question = f"New {str(answer).replace('_', ' ')}?"
    asked = (
        Choice(answer, question, kind="text", optional=True)
        if answer in TYPED_CHANGES
        else Choice(answer, question, kind="number", optional=True)
    )
    return answer_into(move, {}, [asked])


def _aura(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    """An Aura beyond what play can bring about is set only if the GM confirms it (the
    menu's ``--force``)."""
    name = str(move.action["name"])
    entity = next(e for e in typed(state)["entities"] if e["name"] == name)
    most = entity["starting_aura"]
    if answer is None or most is None or 1 <= answer <= most:
        return answer_into(move, {"aura": answer})
    why = (
        f"above {name}'s starting Aura of {most}"
        if answer > most
        else "0 or less: a knock-out at the end of the next tick"
    )
    confirm = Choice("force", f"Aura {answer} is {why}. Set it anyway?", CONFIRM)
    return answer_into(move, {"aura": answer}, [confirm])


def _forced(state: State, content: AstralContent, move: Move, answer: Any) -> Move:
    if answer == "no":
        return dropped(move, "the Aura was left as it was")
    return answer_into(move, {"force": True})


OTHER_STEPS: dict[str, dict[str, Step[AstralContent]]] = {
    "disturb": {"target": _disturbed, "who": _disturber},
    "add": {"name": _new_name, "kind": _kind},
    "distance": {"a": _first_of_pair},
    "task_new": {"knowledge": _task_knowledge},
    "set": {"what": _what, "aura": _aura, "force": _forced},
}
"""The answers of the GM's moves that shape what is asked next, by the move, then the choice."""

follow: Follow[AstralContent] = Follow({**_declaring_steps(dice=True), **OTHER_STEPS})
"""The answers that shape what is asked next, by the move, then the choice."""
follow_without_dice: Follow[AstralContent] = Follow({**_declaring_steps(dice=False), **OTHER_STEPS})
"""``follow`` for the moves of ``declarations(..., dice=False)``: the same answers folded
in, a whole declaration's dice not worked out."""
