"""What may be done now in Originem, as moves (``engine.system.Move``): the GM's (start a
mission, play a scene, fight, the NOVA counter) and each crew member's (initiative, an
attack or a heal on their turn), with the choices each needs and the dice it rolls.

Originem is refereed: the GM plays every move, so a crew member's moves are the GM's with
the roller already chosen. ``follow`` folds one answer into a move and says what is asked
next, for the choices that depend on an earlier answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmtool.engine.moves import Follow, answer_into, faces, notation
from gmtool.engine.system import Choice, Move, State
from gmtool.games.originem.rules.choices import (
    check_enemies,
    fight_die,
    fight_targets,
    healing_die,
    rollers,
    scene_types_for,
    what_now,
)
from gmtool.games.originem.state import ActionType, typed

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

NO_MISSION = "no mission"
"""The answer to "Which mission?" for a scene or a fight outside any mission."""
NOBODY = "nobody"
FIGHT_SCENE = "combat (fight)"
"""The scene a mission's combat slot offers: it starts a fight."""


def as_played(action: Mapping[str, Any], now: float) -> dict[str, Any]:
    """A move's action as the rules take it: the fields left unanswered dropped, and the
    time it is played at put in (for the NOVA counter)."""
    played = {key: value for key, value in action.items() if value is not None}
    played["now"] = now
    return played


def gm_moves(state: State, content: OriginemContent, now: float | None) -> list[Move]:
    """The GM's moves, in the order the play menu lists them."""
    open_now = what_now(state, content, now)
    moves: list[Move] = []
    fight = open_now["fight"]
    if open_now["clock_out"]:
        return clock_out_moves()
    if open_now["ended"]:
        return moves
    if open_now["engaged"]:
        moves.append(_fight_move(content, "start the fight (the runaway failed)", None))
    elif fight is not None:
        moves += _fight_moves(state, content, fight)
    else:
        moves.append(_scene_move(state, open_now))
        moves.append(_start_fight_move(state, content, open_now))
        if open_now["startable"]:
            titles = tuple(state["missions"][key]["title"] for key in open_now["startable"])
            moves.append(
                Move(
                    "mission_start",
                    "start a mission",
                    action={"type": "mission_start"},
                    choices=(Choice("mission", "Which mission?", titles),),
                )
            )
    step = open_now["nova"]
    moves.append(Move(f"nova_{step}", f"NOVA: {step}", action={"type": f"nova_{step}"}))
    if step != "start":
        moves.append(_adjust_move("NOVA: give or take time"))
    return moves


TIME_ASKED = "How much? (+5m gives time back, -90s takes it; 1:30 is a minute and a half)"


def _adjust_move(label: str) -> Move:
    return Move(
        "nova_adjust",
        label,
        action={"type": "nova_adjust"},
        choices=(Choice("seconds", TIME_ASKED, kind="text"),),
    )


def clock_out_moves() -> list[Move]:
    """The clock reached zero and no entry says so yet: the GM writes the loss, or gives
    time back when the clock ran while nobody played."""
    return [
        Move("nova_out", "NOVA reached zero: the crew has lost", action={"type": "nova_out"}),
        _adjust_move("NOVA ran while nobody played: give time back"),
        Move(
            "nova_set",
            "NOVA: set the time left",
            action={"type": "nova_set"},
            choices=(Choice("seconds", "Time left? (25:00, 10m)", kind="text"),),
        ),
    ]


def seat_moves(state: State, content: OriginemContent, seat: str, now: float | None) -> list[Move]:
    """What crew member ``seat`` may do now: the GM's fight moves that are theirs to roll."""
    own: list[Move] = []
    for move in gm_moves(state, content, now):
        if move.name in SEAT_LABELS and seat in (move.choices[0].values or ()):
            chosen = follow(state, move, move.choices[0], seat, content=content)
            own.append(replace(chosen, label=SEAT_LABELS[move.name], seat=seat))
    return own


SEAT_LABELS = {
    "combat_initiative": "roll initiative",
    "combat_attack": "attack",
    "combat_heal": "heal",
}
"""The fight moves a crew member makes themselves, as their own screen words them."""


def _which_mission(state: State, keys: list[str]) -> Choice:
    """A mission under way, or none: shown by title, chosen by key."""
    titles = tuple(typed(state)["missions"][key]["title"] for key in keys)
    return Choice("mission", "Which mission?", (*keys, "none"), labels=(*titles, NO_MISSION))


def _scene_move(state: State, open_now: dict[str, Any]) -> Move:
    under_way = list(open_now["under_way"])
    first = (_which_mission(state, under_way),) if under_way else ()
    return Move(
        "scene",
        "play a scene",
        action={"type": "scene", "scene": None, "by": [], "mission": "none", "target": None},
        choices=(*first, Choice("scene", "Which scene?", tuple(open_now["scene_types"]))),
    )


def _start_fight_move(state: State, content: OriginemContent, open_now: dict[str, Any]) -> Move:
    """A fight, in a mission that still needs one (asked when there is such a mission)."""
    keys = [key for key, left in open_now["under_way"].items() if "combat" in left]
    move = _fight_move(content, "start a fight", "none")
    if not keys:
        return move
    return replace(move, choices=(_which_mission(state, keys), *move.choices))


def _fight_move(content: OriginemContent, label: str, mission: str | None) -> Move:
    tiers = ", ".join(content.enemies)
    return Move(
        "combat_start",
        label,
        action={"type": "combat_start", "enemies": None, "gm_die": None, "mission": mission},
        choices=(
            Choice("enemies", f"Enemies (tiers: {tiers}; e.g. low:2, high):", kind="text"),
            Choice("gm_die", "The GM's die?", tuple(content.rules.combat.gm_dice)),
        ),
    )


def _fight_moves(state: State, content: OriginemContent, fight: dict[str, Any]) -> list[Move]:
    standing = fight_targets(state)
    turn = fight["turn"]
    to_act = tuple(fight["to_act"])
    moves: list[Move] = []
    if turn == "initiative":
        who = Choice("by", "Who rolls initiative against the GM?", tuple(standing["crew"]))
        moves.append(_roll_move("combat_initiative", "roll initiative", who))
    elif turn == "crew":
        who = Choice("by", "Who attacks?", to_act)
        target = Choice("target", "Which enemy?", tuple(standing["enemies"]))
        moves.append(_roll_move("combat_attack", "a crew member attacks", who, target))
    elif turn == "enemies":
        who = Choice("enemy", "Which enemy attacks?", to_act)
        target = Choice("target", "Whom?", tuple(standing["crew"]))
        moves.append(_roll_move("combat_enemy_attack", "an enemy attacks", who, target))
    elif turn == "heal":
        hurt = tuple(standing["hurt"])
        who = Choice("by", "Who heals?", to_act)
        move = _roll_move("combat_heal", "heal", who, Choice("target", "Whom?", hurt))
        moves.append(move if hurt else _no_one_hurt(move))
    if turn != "initiative":
        moves.append(Move("combat_end_turn", "end this turn", action={"type": "combat_end_turn"}))
    moves.append(Move("combat_end", "call the fight off", action={"type": "combat_end"}))
    return moves


def _roll_move(name: ActionType, label: str, *choices: Choice) -> Move:
    return Move(name, label, action={"type": name}, choices=choices)


def _no_one_hurt(move: Move) -> Move:
    return replace(move, reason="no one in the fight is hurt (end this turn)")


# -- answers that decide what comes next -------------------------------------------------


def _scene_mission(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    """A mission's scenes: the tables that fill the slots it still needs (and a fight)."""
    mission = str(answer)
    if mission == "none":
        return answer_into(move, {"mission": "none"})
    left = what_now(state, content, None)["under_way"][mission]
    kinds = [kind for slot in left for kind in scene_types_for(content, slot)]
    kinds += [FIGHT_SCENE] if "combat" in left else []
    asked = answer_into(move, {"mission": mission})
    scene = Choice("scene", "Which scene?", tuple(kinds))
    return replace(asked, choices=(scene,))


def _scene_kind(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    """Who rolls (one question a roll of the table), then whom a healing scene heals."""
    if answer == FIGHT_SCENE:
        return _fight_move(content, move.label, str(move.action["mission"]))
    table = content.scenes[answer]
    able = rollers(state, content, answer)
    names = tuple(name for name, _ in able)
    shown = tuple(f"{name} ({die})" for name, die in able)
    rolls = [
        Choice("by", f"Roll {number} of {table.rolls}: who rolls?", names, labels=shown)
        for number in range(1, table.rolls + 1)
    ]
    return answer_into(move, {"scene": answer}, rolls)


def _scene_roller(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    """Once the last roller is chosen: whom a healing table heals, then the dice."""
    kind = str(move.action["scene"])
    by = [*move.action["by"], answer]
    if any(choice.key == "by" for choice in move.choices[1:]):
        return answer_into(move, {"by": by})
    die_of = dict(rollers(state, content, kind))
    then: list[Choice] = []
    if any(band.effects.heal for band in content.scenes[kind].bands.values()):
        names = tuple(member["name"] for member in typed(state)["crew"])
        then.append(Choice("target", "Who is healed?", (*names, None), labels=(*names, NOBODY)))
    then.append(faces(", then ".join(f"{name} {die_of[name]}" for name in by)))
    return answer_into(move, {"by": by}, then, dice=[notation(die_of[name]) for name in by])


def _enemies(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    """Refused at once when a tier is unknown, so the GM's die is asked only after."""
    check_enemies(state, content, answer)
    return answer_into(move, {"enemies": [item.strip() for item in str(answer).split(",")]})


def _initiative(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    fight = typed(state)["combat"]
    assert fight is not None  # initiative is rolled in a fight only
    gm_die = fight["gm_die"]
    die = fight_die(state, content, answer)
    named = faces(f"{answer}'s {die}, then the GM's {gm_die}")
    return answer_into(move, {"by": answer}, [named], dice=[notation(die), notation(gm_die)])


def _defender(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    """The dice of an attack, in the order they are entered: damage, then block."""
    attacker = str(move.action.get("by") or move.action.get("enemy"))
    hit = fight_die(state, content, attacker)
    block = fight_die(state, content, answer)
    named = faces(f"{attacker}'s damage {hit}, then {answer}'s block {block}")
    return answer_into(move, {"target": answer}, [named], dice=[notation(hit), notation(block)])


def _patient(state: State, content: OriginemContent, move: Move, answer: Any) -> Move:
    healer = str(move.action["by"])
    die = healing_die(state, content, healer)
    named = faces(f"{healer}'s healing {die}")
    return answer_into(move, {"target": answer}, [named], dice=[notation(die)])


follow: Follow[OriginemContent] = Follow(
    {
        "scene": {"mission": _scene_mission, "scene": _scene_kind, "by": _scene_roller},
        "combat_start": {"enemies": _enemies},
        "combat_initiative": {"by": _initiative},
        "combat_attack": {"target": _defender},
        "combat_enemy_attack": {"target": _defender},
        "combat_heal": {"target": _patient},
    }
)
"""The answers that shape what is asked next, by the move, then the choice."""
