"""What a hit does: weapon dice, Might, the target's affinity, then rows.

One function, ``strike``, turns a damage roll into its effect. The attack action and the
odds both go through it, so the odds always describe exactly what an attack would do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from gmtool.games.starships.rules.content import RowRules, StarshipsContent
from gmtool.games.starships.rules.weapons import weapon_range

Effect = Literal["damage", "reflect", "heal", "none"]
ROLLED_AFFINITIES = ("normal", "reflect", "drain")
"""Affinities whose damage depends on the dice; weak, strong and immune fix it."""


class Strike(NamedTuple):
    """A hit's effect: ``amount`` HP lost by the target (damage), by the attacker
    (reflect), or regained by the target (heal). A named tuple: as immutable as a frozen
    dataclass, and quicker to make (a forecast makes one a hit)."""

    affinity: str
    effect: Effect
    amount: int
    working: str = ""
    """How ``amount`` was reached ("5 + Might 3"), when it is more than the dice total."""


def affinity_of(target: Mapping[str, Any], damage_type: str) -> str:
    affinity: str = target["affinities"].get(damage_type, "normal")
    return affinity


def is_rolled(affinity: str) -> bool:
    """Whether a hit on this affinity rolls the weapon's damage dice."""
    return affinity in ROLLED_AFFINITIES


def strike(
    rolled: int | None,
    *,
    attacker: Mapping[str, Any],
    target: Mapping[str, Any],
    weapon: str,
    content: StarshipsContent,
) -> Strike:
    """The effect of a hit by ``attacker``'s ``weapon`` ("melee"/"ranged") on ``target``.

    ``rolled`` is the damage dice total; it is ignored (and may be None) when the target's
    affinity fixes the amount (weak: the dice's maximum; strong: their minimum; immune: 0).
    """
    gear = attacker[weapon]
    affinity = affinity_of(target, gear["type"])
    if affinity == "immune":
        return Strike(affinity, "none", 0)
    rules = content.damage
    if affinity == "weak":
        high = weapon_range(gear["dice"])[1]
        amount, steps = high, [f"{high} (weak: the most)"]
    elif affinity == "strong":
        low = weapon_range(gear["dice"])[0]
        amount, steps = low, [f"{low} (strong: the least)"]
    else:
        if rolled is None:
            raise ValueError("a normal, reflect or drain hit needs the damage roll")
        amount, steps = rolled, [str(rolled)]
    if weapon == "melee" and _adds_might(affinity, content):
        amount += attacker["might"]
        if attacker["might"]:
            steps.append(f"Might {attacker['might']}")
    if amount < rules.minimum_hit:
        amount = rules.minimum_hit
        steps = [f"at least {rules.minimum_hit}"]
    rows = content.rows
    attacker_back = in_back_row(attacker, rows)
    halvings = 1 if weapon == "melee" and attacker_back else 0
    if affinity == "reflect":
        effect: Effect = "reflect"
        if rows.reflect_protects_back_row and attacker_back:
            halvings += 1
    elif affinity == "drain":
        effect = "heal"
        if rows.halve_drain and in_back_row(target, rows):
            halvings += 1
    else:
        effect = "damage"
        if in_back_row(target, rows):
            halvings += 1
    final = halve(amount, halvings, rows)
    working = " + ".join(steps)
    if final != amount:
        working = (
            f"({working}) cut by the back row"
            if len(steps) > 1
            else f"{working} cut by the back row"
        )
    elif len(steps) == 1 and steps[0] == str(final):
        working = ""  # the dice total, nothing to explain
    return Strike(affinity, effect, final, working)


def in_back_row(combatant: Mapping[str, Any], rows: RowRules) -> bool:
    """Whether the back row's effects apply to ``combatant``: the rules speak of
    "characters" (the party) only, unless ``rows.apply_to`` is ``everyone``."""
    if combatant["row"] != "back":
        return False
    return rows.apply_to == "everyone" or combatant["side"] == "party"


def halve(amount: int, halvings: int, rows: RowRules) -> int:
    """``amount`` cut by the row divisor ``halvings`` times (once if rows do not stack)."""
    if halvings == 0:
        return amount
    if not rows.stack:
        halvings = 1
    divisor = int(rows.divisor**halvings)
    result = amount // divisor if rows.rounding == "down" else -(-amount // divisor)
    return max(result, rows.minimum)


def _adds_might(affinity: str, content: StarshipsContent) -> bool:
    if affinity == "weak":
        return content.damage.might_on_weak
    if affinity == "strong":
        return content.damage.might_on_strong
    return True
