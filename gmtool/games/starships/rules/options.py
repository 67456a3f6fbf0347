"""What may be done now in a Stars & Starships encounter, as moves (``engine.system.Move``):
the acting combatant's (attack, gadget, stream, row, Momentum, end the turn) and the GM's
(start or end an encounter, add a combatant, change HP), with their choices and dice.

The GM plays every move; a party member's own moves are those of their turn. ``follow``
folds one answer into a move and says what is asked next, where that hangs on the answer
(the damage dice of the weapon picked, a gadget's roll).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

from gmtool.engine.moves import Follow, Step, answer_into, changed, faces
from gmtool.engine.system import Choice, Move, State
from gmtool.errors import UsageError, unknown
from gmtool.games.starships.rules.choices import what_now
from gmtool.games.starships.rules.content import StarshipsContent
from gmtool.games.starships.rules.roster import weapon_of
from gmtool.games.starships.state import Combatant, typed

ROWS = ("front", "back")
SIDE_NAMES = ("party", "enemies")
STATS = (("hp", 10), ("defense", 10), ("might", 0), ("dex", 0))
"""The numbers of a new combatant's stat block, with the value offered first."""
DEVICES = ("gadget", "stream")
VERDICTS = {"not decided": None, "success": True, "failure": False}
"""The GM's word on a gadget or stream with no total to beat, and the ``success`` it gives."""


def gm_moves(
    state: State, content: StarshipsContent, kinds: Collection[str] | None = None
) -> list[Move]:
    """The GM's moves, in the order the play menu lists them; ``kinds``: just the moves of
    those names (what a forecast plays), the others not even built."""
    open_now = what_now(state, content)
    asked = EVERY_MOVE if kinds is None else kinds
    moves: list[Move] = []
    if open_now["mode"] == "encounter" and open_now["actor"] is not None:
        moves += turn_moves(state, content, open_now, kinds)
        if "encounter_end" in asked:
            reason = Choice("reason", "Why does it end?", kind="text")
            moves.append(
                Move(
                    "encounter_end",
                    "end the encounter (flight, surrender...)",
                    action={"type": "encounter_end", "reason": "the crew withdraws"},
                    choices=(reason,),
                )
            )
    elif open_now["mode"] == "exploration":
        if open_now["can_start"] and "encounter_start" in asked:
            moves.append(_start_move(content, open_now["enemy_table"]))
        if "row" in asked:
            who = Choice("name", "Who?", tuple(open_now["standing"]))
            moves.append(_row_move("switch someone's row", None, None, who))
    if open_now["mode"] != "game_over":
        if "add" in asked:
            moves.append(_add_move())
        if "hp" in asked:
            names = tuple(typed(state)["combatants"])
            moves.append(
                Move(
                    "hp",
                    "change someone's HP",
                    action={"type": "hp", "name": None, "change": None},
                    choices=(
                        Choice("name", "Whose HP?", names),
                        Choice("change", "Change (-4 hurts, +5 heals)?", kind="number"),
                    ),
                )
            )
    return moves


EVERY_MOVE = frozenset(
    ("attack", *DEVICES, "row", "momentum_spend", "end_turn", "encounter_end")
    + ("encounter_start", "add", "hp")
)
"""The names of every move ``gm_moves`` lists: what is asked for when ``kinds`` is None."""


def seat_moves(
    state: State, content: StarshipsContent, seat: str, kinds: Collection[str] | None = None
) -> list[Move]:
    """What party member ``seat`` may do now: their turn's moves, or buying another turn
    right after it."""
    return [move for move in gm_moves(state, content, kinds) if move.seat == seat]


def party_seat(state: State, name: str | None) -> str | None:
    """``name`` when a party member makes the move on their own screen; None (the GM's)
    for an enemy."""
    roster: dict[str, Combatant] = state["combatants"]  # typed(state)'s, without the call
    fighter = roster.get(name or "")
    return name if fighter is not None and fighter["side"] == SIDE_NAMES[0] else None


def turn_moves(
    state: State,
    content: StarshipsContent,
    open_now: dict[str, Any],
    kinds: Collection[str] | None = None,
) -> list[Move]:
    """The acting combatant's moves (and Momentum the last one may still spend)."""
    actor: str = open_now["actor"]
    seat = party_seat(state, actor)
    asked = EVERY_MOVE if kinds is None else kinds
    moves: list[Move] = []
    if open_now["weapons"] and open_now["targets"] and "attack" in asked:
        moves.append(attack_move(state, content, open_now, seat))
    for kind in DEVICES:
        if kind in asked:
            moves.append(_device_move(actor, seat, kind))
    if "row" in asked:
        moves.append(_row_move(f"{actor} switches row", actor, seat))
    for name in open_now["can_spend"] if "momentum_spend" in asked else ():
        moves.append(_spend_move(name, party_seat(state, name)))
    if "end_turn" in asked:
        moves.append(_end_turn_move(actor, seat))
    return moves


# The moves below hang only on the names, words and dice given, so each is built once
# and handed out again (a ``Move`` is never changed: an answer makes a new one), rather
# than built anew at every step of a forecast's thousands of games.


def attack_move(
    state: State, content: StarshipsContent, open_now: dict[str, Any], seat: str | None
) -> Move:
    """An attack by the acting combatant (who plays from ``seat``): the weapon (when they
    have two), the target."""
    actor: str = open_now["actor"]
    weapons: list[str] = open_now["weapons"]
    targets = tuple(open_now["targets"])
    if len(weapons) > 1:
        return _choose_weapon_move(actor, seat, tuple(weapons), targets)
    weapon = weapons[0]
    roster: dict[str, Combatant] = state["combatants"]
    damage = weapon_of(roster[actor], weapon)["dice"]
    return _one_weapon_move(actor, seat, weapon, targets, damage, content.attack.die)


@lru_cache(maxsize=1024)
def _choose_weapon_move(
    actor: str, seat: str | None, weapons: tuple[str, ...], targets: tuple[str, ...]
) -> Move:
    action = {"type": "attack", "attacker": actor, "target": None, "weapon": None}
    which = Choice("weapon", "Weapon?", weapons)
    return Move("attack", f"{actor} attacks", seat, action, (which, _target(targets)))


@lru_cache(maxsize=1024)
def _one_weapon_move(
    actor: str, seat: str | None, weapon: str, targets: tuple[str, ...], damage: str, die: int
) -> Move:
    named, dice = _attack_dice(actor, damage, die)
    action = {"type": "attack", "attacker": actor, "target": None, "weapon": weapon}
    return Move("attack", f"{actor} attacks", seat, action, (_target(targets), named), dice)


def _target(targets: tuple[str, ...]) -> Choice:
    return Choice("target", "Target?", targets)


@lru_cache(maxsize=256)
def _attack_dice(actor: str, damage: str, die: int) -> tuple[Choice, tuple[str, str]]:
    """The attack's dice, once its weapon is known: the d20 to hit, then its damage."""
    named = faces(f"{actor}'s attack d{die}, then on a hit, the damage {damage}")
    return named, (f"1d{die}", damage)


@lru_cache(maxsize=256)
def _spend_move(name: str, seat: str | None) -> Move:
    return Move(
        "momentum_spend",
        f"{name} spends Momentum on an extra turn",
        seat=seat,
        action={"type": "momentum_spend", "name": name},
    )


@lru_cache(maxsize=256)
def _end_turn_move(actor: str, seat: str | None) -> Move:
    return Move(
        "end_turn",
        f"{actor} ends their turn",
        seat=seat,
        action={"type": "end_turn", "name": actor},
    )


@lru_cache(maxsize=256)
def _device_move(actor: str, seat: str | None, kind: str) -> Move:
    return Move(
        kind,
        f"{actor} uses a gadget" if kind == "gadget" else f"{actor} streams",
        seat=seat,
        action={"type": kind, "name": actor, "description": None, "roll": None},
        choices=(
            Choice("description", f"What does the {kind} do?", kind="text"),
            Choice("roll", "Dice to roll for it (blank: none)", kind="text", optional=True),
        ),
    )


def _row_move(label: str, actor: str | None, seat: str | None, *who: Choice) -> Move:
    return Move(
        "row",
        label,
        seat=seat,
        action={"type": "row", "name": actor},
        choices=(*who, Choice("row", "Which row?", ROWS)),
    )


def _start_move(content: StarshipsContent, table: list[str]) -> Move:
    die = f"d{content.initiative.die}"
    return Move(
        "encounter_start",
        "start an encounter",
        action={"type": "encounter_start"},
        choices=(
            Choice(
                "enemies",
                f"Enemies, separated by commas ({', '.join(table)}; blank: those already added)",
                kind="text",
                optional=True,
            ),
            faces(f"the party's initiative {die}, then the enemies' {die} (again on a tie)"),
        ),
        dice=(f"1{die}", f"1{die}"),
    )


def _add_move() -> Move:
    numbers = tuple(Choice(key, f"{key}?", kind="number") for key, _ in STATS)
    return Move(
        "add",
        "add a combatant",
        action={"type": "add", "name": None, "side": None, **dict(STATS)},
        choices=(
            Choice("name", "Name?", kind="text"),
            Choice("side", "Side?", SIDE_NAMES),
            *numbers,
            Choice("melee", "Melee weapon as DICE:TYPE (blank: none)", kind="text", optional=True),
            Choice(
                "ranged", "Ranged weapon as DICE:TYPE (blank: none)", kind="text", optional=True
            ),
            Choice(
                "affinities",
                "Affinities as TYPE=AFFINITY, comma-separated (blank: none)",
                kind="text",
                optional=True,
            ),
            Choice("row", "Row?", ROWS),
        ),
    )


# -- answers that decide what comes next -------------------------------------------------


def _weapon(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    """The weapon chosen: its dice are rolled after the target is chosen."""
    actor = str(move.action["attacker"])
    damage = weapon_of(typed(state)["combatants"][actor], str(answer))["dice"]
    named, dice = _attack_dice(actor, damage, content.attack.die)
    action = {**move.action, "weapon": answer}
    return changed(move, action=action, choices=(*move.choices[1:], named), dice=dice)


def _device_roll(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    """Dice to roll are checked at once; with them, a total to beat, else the GM's word."""
    from gmtool.dice import parse

    roll = str(answer).strip() or None
    if roll is None:
        return answer_into(move, {"roll": None}, [_verdict()])
    parse(roll)
    total = Choice("vs", "Total to meet or beat (blank: you call it)", kind="number", optional=True)
    return answer_into(move, {"roll": roll}, [total, _device_faces(move, roll)], dice=[roll])


def _device_faces(move: Move, roll: str) -> Choice:
    return faces(f"{move.action['name']}'s {move.action['type']} {roll}")


def _verdict() -> Choice:
    return Choice("success", "Did it work?", tuple(VERDICTS.values()), labels=tuple(VERDICTS))


def _device_total(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    if answer is None:
        return answer_into(move, {}, [_verdict()])
    return answer_into(move, {"vs": answer})


def _enemies(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    """Every name must be on the enemy table (in any case), checked while still asked."""
    table = sorted(content.enemies)
    lower = {name.lower() for name in table}
    names = _names(str(answer))
    for name in names:
        if name.lower() not in lower:
            raise unknown("enemy", name, table)
    waiting = [c for c in state["combatants"].values() if c["side"] == "enemies"]
    if not names and not any(int(c["hp"]) > 0 for c in waiting):
        raise UsageError("an encounter needs enemies: name at least one")
    return answer_into(move, {"enemies": names})


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _weapon_text(key: str) -> Step[StarshipsContent]:
    def parsed(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
        from gmtool.games.starships.rules.statblock import parse_weapon

        text = str(answer).strip()
        return answer_into(move, {key: parse_weapon(text) if text else None})

    return parsed


def _affinities(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    from gmtool.games.starships.rules.statblock import parse_affinity

    items = [item for item in str(answer).split(",") if item.strip()]
    return answer_into(move, {"affinities": dict(parse_affinity(item) for item in items)})


def _new_name(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    """A new combatant's name is refused as it is typed (blank, taken), not after the rest."""
    from gmtool.games.starships.rules.statblock import check_name

    return answer_into(move, {"name": check_name(str(answer), state["combatants"])})


def _description(state: State, content: StarshipsContent, move: Move, answer: Any) -> Move:
    """A gadget's or a stream's description is refused blank as it is typed."""
    text = str(answer).strip()
    if not text:
        raise UsageError(f"a {move.name} needs a description of what it does")
    return answer_into(move, {"description": text})


follow: Follow[StarshipsContent] = Follow(
    {
        "attack": {"weapon": _weapon},
        "gadget": {"description": _description, "roll": _device_roll, "vs": _device_total},
        "stream": {"description": _description, "roll": _device_roll, "vs": _device_total},
        "encounter_start": {"enemies": _enemies},
        "add": {
            "name": _new_name,
            "melee": _weapon_text("melee"),
            "ranged": _weapon_text("ranged"),
            "affinities": _affinities,
        },
    }
)
"""The answers that shape what is asked next, by the move, then the choice."""
