"""Exact odds of an attack: the chance to hit, and what a hit does after affinity and rows.

Every damage total of the weapon's dice goes through the same ``strike`` as a real
attack, so the odds cannot drift from the rules. icepool (behind ``gmtool.dice.odds``) is
imported only when odds are asked for.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gmtool.engine.system import State
from gmtool.games.starships.rules.attack import attack_bonus, check_attack, is_hit
from gmtool.games.starships.rules.content import StarshipsContent
from gmtool.games.starships.rules.damage import affinity_of, is_rolled, strike
from gmtool.games.starships.rules.roster import weapon_of


def hit_chance(natural_faces: int, bonus: int, defense: int, content: StarshipsContent) -> Fraction:
    hits = sum(
        1 for face in range(1, natural_faces + 1) if is_hit(face, face + bonus, defense, content)
    )
    return Fraction(hits, natural_faces)


def attack_odds(
    state: State, content: StarshipsContent, attacker_name: str, target_name: str, weapon: str
) -> dict[str, Any]:
    """The odds of ``attacker_name`` hitting ``target_name`` with ``weapon`` right now."""
    from gmtool.dice.odds import distribution

    action = {"attacker": attacker_name, "target": target_name, "weapon": weapon}
    attacker, target, weapon = check_attack(state, action, content)
    gear = weapon_of(attacker, weapon)
    bonus = attack_bonus(attacker, weapon)
    hit = hit_chance(content.attack.die, bonus, target["defense"], content)
    affinity = affinity_of(target, gear["type"])
    rolled = distribution(gear["dice"]).chances if is_rolled(affinity) else {0: Fraction(1)}
    amounts: dict[int, Fraction] = {}
    effect = "none"
    for total, chance in rolled.items():
        struck = strike(
            total if is_rolled(affinity) else None,
            attacker=attacker,
            target=target,
            weapon=weapon,
            content=content,
        )
        effect = struck.effect
        amounts[struck.amount] = amounts.get(struck.amount, Fraction(0)) + chance
    mean = sum((amount * p for amount, p in amounts.items()), Fraction(0))
    return {
        "attacker": attacker["name"],
        "target": target["name"],
        "weapon": weapon,
        "dice": gear["dice"],
        "damage_type": gear["type"],
        "bonus": bonus,
        "defense": target["defense"],
        "affinity": affinity,
        "effect": effect,
        "hit": _chance(hit),
        "on_hit": [{"amount": amount, **_chance(p)} for amount, p in sorted(amounts.items())],
        "mean_on_hit": float(mean),
        "mean": float(mean * hit),
    }


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": float(p), "fraction": str(p)}
