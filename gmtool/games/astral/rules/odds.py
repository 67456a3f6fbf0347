"""Exact odds of one attack before a tick: how likely the attacker's CV beats the target's."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gmtool.errors import RulesError, unknown
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.declarations import check_target
from gmtool.games.astral.rules.lookups import BEINGS, State, distance, find

Chances = dict[int, Fraction]
TARGET_ACTIONS = ("hesitate", "attack", "block", "defend", "examine", "move", "rest", "work")


def attack_odds(
    state: State,
    content: AstralContent,
    attacker: str,
    target: str,
    *,
    target_action: str = "hesitate",
    blockers: Sequence[str] = (),
) -> dict[str, Any]:
    """The chance that ``attacker``'s attack hits, ties or misses, and the Aura it costs.

    ``target_action`` is what the target declares ("attack" means it attacks back).
    """
    from gmtool.dice.odds import distribution  # icepool loads only for odds

    who = find(state, attacker, kinds=BEINGS)["name"]
    whom = check_target(state, content, who, "attack", target)
    if target_action not in TARGET_ACTIONS:
        raise unknown("action", target_action, TARGET_ACTIONS)
    rolled = distribution(content.combat.dice).chances
    between = distance(state, who, whom)
    attack_mod = getattr(content.combat.attack_modifier, between)
    target_mod = 0
    if target_action == "attack":
        target_mod = attack_mod
    elif target_action in ("move", "defend"):
        target_mod = getattr(content.combat.action_modifier, target_action)
    a = _cv(state, who, rolled, attack_mod)
    t = _cv(state, whom, rolled, target_mod)
    lent: list[str] = []
    for name in blockers:
        blocker = find(state, name, kinds=BEINGS)["name"]
        if blocker in (who, whom):
            raise RulesError(f"{blocker} cannot block in this attack: it attacks or is attacked")
        check_target(state, content, blocker, "block", whom)
        lent.append(blocker)
        t = _highest(t, _cv(state, blocker, rolled, 0))
    mutual = target_action == "attack"
    loss = _loss(a, t, mutual, content.combat.mutual_equal_loss)
    beats = sum((p for (x, y), p in _pairs(a, t) if x > y), Fraction(0))
    ties = sum((p for (x, y), p in _pairs(a, t) if x == y), Fraction(0))
    return {
        "attacker": who,
        "target": whom,
        "distance": between,
        "target_action": target_action,
        "blockers": lent,
        "attacker_cv": _describe(state, who, content.combat.dice, attack_mod),
        "target_cv": _describe(state, whom, content.combat.dice, target_mod),
        "beats": _chance(beats),
        "ties": _chance(ties),
        "misses": _chance(1 - beats - ties),
        "target_loss": _table(loss["target"]),
        "attacker_loss": _table(loss["attacker"]),
        "expected_target_loss": float(sum(k * p for k, p in loss["target"].items())),
    }


def _cv(state: State, name: str, rolled: Chances, modifier: int) -> Chances:
    entity = find(state, name)
    tn = entity["tn"]
    if entity["kind"] == "npc" and tn is not None:
        return {tn + modifier: Fraction(1)}
    return {total + modifier: p for total, p in rolled.items()}


def _highest(x: Chances, y: Chances) -> Chances:
    out: Chances = {}
    for a, p in x.items():
        for b, q in y.items():
            out[max(a, b)] = out.get(max(a, b), Fraction(0)) + p * q
    return out


def _pairs(a: Chances, t: Chances) -> list[tuple[tuple[int, int], Fraction]]:
    return [((x, y), p * q) for x, p in a.items() for y, q in t.items()]


def _loss(a: Chances, t: Chances, mutual: bool, equal_loss: int) -> dict[str, Chances]:
    target: Chances = {}
    attacker: Chances = {}
    for (x, y), p in _pairs(a, t):
        to_target = x - y if x > y else (equal_loss if mutual and x == y else 0)
        to_attacker = (y - x if y > x else equal_loss if x == y else 0) if mutual else 0
        target[to_target] = target.get(to_target, Fraction(0)) + p
        attacker[to_attacker] = attacker.get(to_attacker, Fraction(0)) + p
    return {"target": target, "attacker": attacker}


def _describe(state: State, name: str, dice: str, modifier: int) -> str:
    entity = find(state, name)
    base = f"TN {entity['tn']}" if entity["kind"] == "npc" else dice
    return f"{base}{modifier:+d}" if modifier else base


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": float(p), "fraction": str(p)}


def _table(chances: Chances) -> list[dict[str, Any]]:
    return [{"aura": k, **_chance(p)} for k, p in sorted(chances.items()) if p]
