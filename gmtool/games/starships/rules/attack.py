"""A melee or ranged attack: the d20 against Defense, then the hit's damage, Momentum, turn.

Dice are drawn in this order: the d20, then the weapon's damage dice (only on a hit whose
damage the dice decide: a normal, reflect or drain affinity).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from gmtool.dice import DiceDoor, Roll
from gmtool.engine.system import Action, Outcome, State
from gmtool.errors import DiceError, RulesError, UsageError
from gmtool.games.starships.rules.content import StarshipsContent
from gmtool.games.starships.rules.damage import Strike, affinity_of, is_rolled, strike
from gmtool.games.starships.rules.momentum import Swing, after_attack
from gmtool.games.starships.rules.roster import (
    Combatant,
    find_standing,
    hp_table,
    momentum_table,
    set_hp,
    weapon_of,
)
from gmtool.games.starships.rules.turns import (
    aftermath,
    check_end,
    current,
    finish_turn,
    require_encounter,
    require_turn,
)

WEAPONS = ("melee", "ranged")
AFFINITY_WORDS = {"weak": "weak to", "strong": "strong against", "immune": "immune to"}
"""How the refusal of unused damage faces names an affinity that fixes the damage."""


def is_hit(natural: int, total: int, defense: int, content: StarshipsContent) -> bool:
    """A natural miss always misses, a natural hit always hits, else meet or beat Defense."""
    if natural == content.attack.natural_miss:
        return False
    if natural == content.attack.natural_hit:
        return True
    return total >= defense


def attack_bonus(attacker: Combatant, weapon: str) -> int:
    return int(attacker["might"] if weapon == "melee" else attacker["dex"])


def check_attack(
    state: State, action: Action, content: StarshipsContent
) -> tuple[Combatant, Combatant, str]:
    """The attacker, target and weapon, if the attack is legal (the odds use this too)."""
    weapon = str(action.get("weapon", ""))
    if weapon not in WEAPONS:
        raise UsageError(f"unknown weapon '{weapon}'", hint="valid: melee, ranged")
    attacker = find_standing(state, str(action["attacker"]))
    target = find_standing(state, str(action["target"]))
    if attacker is target:
        raise RulesError(f"{attacker['name']} cannot attack themselves")
    if attacker["side"] == target["side"] and not content.turns.friendly_fire:
        raise RulesError(
            f"{attacker['name']} and {target['name']} are both on the {target['side']} side",
            hint="friendly fire is off in the rules (turns.friendly_fire)",
        )
    if attacker.get(weapon) is None:
        raise RulesError(f"{attacker['name']} has no {weapon} weapon")
    return attacker, target, weapon


class Attack(NamedTuple):
    """What one attack did, as the rules worked it out (``resolve``): everything its
    result document and its log line tell (``told``)."""

    attacker: Combatant
    target: Combatant
    weapon: str
    damage_type: str
    natural: int
    total: int
    hit: bool
    affinity: str
    struck: Strike | None
    swing: Swing
    fallen: list[str]
    ended: str | None
    skipped: list[str]
    unused: list[Roll]


def attack(state: State, action: Action, dice: DiceDoor, content: StarshipsContent) -> Outcome:
    """The attack carried out, and told as its command prints and logs it."""
    return told(resolve(state, action, dice, content), state, dice, content)


def resolve(state: State, action: Action, dice: DiceDoor, content: StarshipsContent) -> Attack:
    """The attack carried out on ``state`` (the rules alone: a forecast, which reads no
    document, stops here)."""
    require_encounter(state, "attack")
    attacker, target, weapon = check_attack(state, action, content)
    require_turn(state, attacker, "attack")
    name = attacker["name"]
    gear = weapon_of(attacker, weapon)
    natural = dice.roll(f"1d{content.attack.die}", who=name, label="attack").total
    total = natural + attack_bonus(attacker, weapon)
    hit = is_hit(natural, total, target["defense"], content)
    affinity = affinity_of(target, gear["type"])
    struck: Strike | None = None
    if hit and is_rolled(affinity):
        rolled = dice.roll(gear["dice"], who=name, label="damage").total
        struck = strike(rolled, attacker=attacker, target=target, weapon=weapon, content=content)
    elif hit:
        # "If they hit then they must roll for damage": the table rolls even when the
        # affinity fixes the amount, so faces entered for those dice are kept, not counted.
        fixed = f"{target['name']} is {AFFINITY_WORDS[affinity]} {gear['type']}"
        dice.offer_unused(gear["dice"], who=name, label="damage", why=f"{fixed}")
        struck = strike(None, attacker=attacker, target=target, weapon=weapon, content=content)
    else:
        _refuse_unused_faces(dice, natural, total, target)
    unused = dice.take_unused()
    if struck:
        _land(struck, attacker, target, content)
    swing = after_attack(attacker, hit=hit, affinity=affinity, content=content)
    fallen = [c["name"] for c in (target, attacker) if c["hp"] <= 0]
    # Both sides stand while an encounter runs: only a fall can end it.
    ended = check_end(state) if fallen else None
    skipped = [] if ended else finish_turn(state, name, acted=True)
    return Attack(
        attacker, target, weapon, gear["type"], natural, total, hit, affinity, struck, swing,
        fallen, ended, skipped, unused,
    )  # fmt: skip


def told(done: Attack, state: State, dice: DiceDoor, content: StarshipsContent) -> Outcome:
    """The attack just carried out (``resolve``), as its command prints and logs it."""
    struck, target, hit = done.struck, done.target, done.hit
    name = done.attacker["name"]
    result: dict[str, Any] = {
        "hit": hit,
        "natural": done.natural,
        "attack_total": done.total,
        "defense": target["defense"],
        "affinity": done.affinity,
        "damage": struck.amount if struck else 0,
        "hp": hp_table(state),
        "momentum": momentum_table(state),
        "next": current(state),
    }
    extra = {
        "attacker": name,
        "target": target["name"],
        "weapon": done.weapon,
        "damage_type": done.damage_type,
        "effect": struck.effect if struck else "miss",
        "working": struck.working if struck else "",
        "callout": content.callouts.of(done.affinity) if hit else "",
        "momentum_change": done.swing.change,
        "lost_turn": done.swing.lost_turn,
        "skipped": done.skipped,
        "fallen": done.fallen,
        "ended": done.ended,
        "rolls": [roll.describe() for roll in dice.rolls],
        "not_counted": [
            {"dice": roll.expression, "faces": roll.faces, "why": roll.not_counted}
            for roll in done.unused
        ],
    }
    return Outcome(
        state,
        result,
        who=name,
        what=f"{done.weapon} attack on {target['name']}",
        outcome=_summary(hit, struck, done.natural, done.total, extra),
        extra=extra,
    )


def _refuse_unused_faces(dice: DiceDoor, natural: int, total: int, target: Combatant) -> None:
    """Faces typed for damage dice after a miss: the rules roll damage only on a hit."""
    if dice.faces_left():
        missed = f"{_sum(natural, total)} against Defense {target['defense']}"
        raise DiceError(
            f"too many faces entered: the attack missed ({missed}), so no damage dice are rolled",
            hint=f"enter only the d20: --dice {natural}",
        )


def _sum(natural: int, total: int) -> str:
    bonus = total - natural
    return f"{natural} {'-' if bonus < 0 else '+'} {abs(bonus)} = {total}"


def _land(
    struck: Strike, attacker: Combatant, target: Combatant, content: StarshipsContent
) -> None:
    if struck.effect == "damage":
        set_hp(target, target["hp"] - struck.amount)
    elif struck.effect == "reflect":
        set_hp(attacker, attacker["hp"] - struck.amount)
    elif struck.effect == "heal":
        set_hp(target, target["hp"] + struck.amount, over_max=content.damage.drain_over_max_hp)


def _summary(
    hit: bool, struck: Strike | None, natural: int, total: int, extra: dict[str, Any]
) -> str:
    """The log's line: the roll, what the hit did, and everything that followed."""
    if not hit or struck is None:
        head = f"miss ({natural} → {total})"
    else:
        words = {
            "damage": f"{struck.amount} damage to {extra['target']}",
            "reflect": f"{struck.amount} reflected onto {extra['attacker']}",
            "heal": f"{extra['target']} heals {struck.amount}",
            "none": f"{extra['target']} is immune",
        }[struck.effect]
        callout = f" {extra['callout']}" if extra["callout"] else ""
        head = f"hit ({natural} → {total}){callout}: {words}"
        for unused in extra["not_counted"]:
            faces = ",".join(map(str, unused["faces"]))
            head += f" (damage dice [{faces}] rolled, not counted: {unused['why']})"
    momentum = [f"Momentum {extra['momentum_change']:+d}"] if extra["momentum_change"] else []
    if extra["lost_turn"]:
        momentum.append(f"{extra['attacker']} loses their next turn")
    after = aftermath(
        fallen=extra["fallen"], momentum=momentum, skipped=extra["skipped"], ended=extra["ended"]
    )
    return "; ".join([head, *after])
