"""One roll of a duel: each team's Power Points from its dice, its clan and its spells.

Both teams roll 2d6. Attack cards are declared before the roll and defence cards after
it; this module works out what they do, in this order: lasting effects (traps, a ring,
Flames of Fury), the elemental advantage, attack cards (unless cancelled, or taken by
Growing Roots), the dice as counted (one die only: a single die thrown, or by the ruling
``one_die: higher_of_two`` the higher of two), then defence cards.
Every effect is listed with its amount, so the log can tell the whole story.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError
from gmtool.games.zauberer.state import Duel

Card = dict[str, Any]


@dataclass(slots=True)
class Roll:
    """What one duel roll came to for both teams."""

    clans: tuple[str, str]
    faces: dict[str, list[int]] = field(default_factory=dict)
    base: dict[str, int] = field(default_factory=dict)
    mods: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    one_die: dict[str, bool] = field(default_factory=dict)
    extra: dict[str, int] = field(default_factory=dict)
    blocked: set[str] = field(default_factory=set)
    reflects: set[str] = field(default_factory=set)
    ended_by: str | None = None
    switched: bool = False
    """the two teams' dice switched (Whirlpool): each counts the other's"""
    new_lasting: list[dict[str, Any]] = field(default_factory=list)
    stolen: dict[str, str] = field(default_factory=dict)
    """victim clan -> thief clan, for an attack card taken by Growing Roots"""

    def other(self, clan: str) -> str:
        return self.clans[1] if clan == self.clans[0] else self.clans[0]

    def power(self, clan: str) -> int:
        return self.base[clan] + sum(amount for _, amount in self.mods[clan])


def roll_power(
    duel: Duel,
    clans_info: dict[str, Any],
    rules: dict[str, Any],
    attack: dict[str, Card],
    defense: dict[str, Card],
    dice: DiceDoor,
) -> Roll:
    """Work out one roll. ``attack``/``defense`` map a clan to the card it plays (checked
    already: held, the right kind, unused); the dice come through ``dice`` per clan."""
    a, b = duel["challenger"], duel["defender"]
    roll = Roll((a, b), mods={a: [], b: []}, one_die={a: False, b: False})
    for lasting in duel["lasting"]:
        if lasting["kind"] == "one_die":
            roll.one_die[lasting["clan"]] = True
        else:
            roll.mods[lasting["clan"]].append((lasting["source"], lasting["amount"]))
    always = rules["elemental_bonus_when"] == "always"
    for clan, other in ((a, b), (b, a)):
        if clans_info[clan].get("advantage_over") == other and (always or clan == a):
            roll.mods[clan].append((f"{clan} over {other}", rules["elemental_bonus"]))
    first_only = rules.get("one_die", "higher_of_two") == "roll_one"
    may_hold = first_only and bool(attack or duel["lasting"])  # else two dice, as ever
    for clan in (a, b):
        rolled = "1d6" if may_hold and single_die(duel, rules, attack, clan) else "2d6"
        roll.faces[clan] = dice.roll(rolled, who=clan, label="duel").faces
        card = attack.get(clan)
        if card is not None and card["effect"]["kind"] == "extra_die":
            roll.extra[clan] = dice.roll("1d6", who=clan, label=card["name"]).total
    if attack:
        _attack_cards(roll, attack, defense)
    for clan in (a, b):
        faces = roll.faces[clan]
        if len(faces) == 1 and not roll.one_die[clan]:
            # the one-die card was cancelled or taken after the roll: the second die now
            faces.append(dice.roll("1d6", who=clan, label="second die").total)
        if roll.one_die[clan]:
            roll.base[clan] = faces[0] if first_only else max(faces)
        else:
            roll.base[clan] = sum(faces)
    if defense:
        _defense_cards(roll, attack, defense, dice)
    return roll


def single_die(duel: Duel, rules: dict[str, Any], attack: dict[str, Card], clan: str) -> bool:
    """Whether ``clan`` throws one die only in this roll: by the ruling ``one_die:
    roll_one``, a team that "can only use one die" (Shark Swirl's lasting effect, the
    enemy's Unrelenting Shock played before the roll) rolls a single die; by
    ``higher_of_two`` it rolls both and counts the higher."""
    if rules.get("one_die", "higher_of_two") != "roll_one":
        return False
    if any(item["kind"] == "one_die" and item["clan"] == clan for item in duel["lasting"]):
        return True
    enemy = duel["defender"] if clan == duel["challenger"] else duel["challenger"]
    card = attack.get(enemy)
    return card is not None and card["effect"]["kind"] == "one_die"


def second_die_back(
    duel: Duel, rules: dict[str, Any], attack: dict[str, Card], guard: Card | None, clan: str
) -> bool:
    """Whether ``clan``, having thrown one die for the enemy's one-die card, throws its
    second die after the roll: its defence card ``guard`` cancels or takes that card, and
    no lasting effect holds it to one die."""
    if guard is None or guard["effect"]["kind"] not in ("cancel_attack", "steal_attack"):
        return False
    lasting = any(item["kind"] == "one_die" and item["clan"] == clan for item in duel["lasting"])
    return single_die(duel, rules, attack, clan) and not lasting


def _attack_cards(roll: Roll, attack: dict[str, Card], defense: dict[str, Card]) -> None:
    cancelled = set()
    for clan, card in defense.items():
        kind = card["effect"]["kind"]
        enemy = roll.other(clan)
        if kind == "cancel_attack" and enemy in attack:
            cancelled.add(enemy)
        elif kind == "steal_attack" and enemy in attack:
            roll.stolen[enemy] = clan
    for caster, card in attack.items():
        if caster in cancelled:
            continue
        user = roll.stolen.get(caster, caster)
        effect = card["effect"]
        label = card["name"]
        kind = effect["kind"]
        if kind == "power":
            roll.mods[user].append((label, effect["amount"]))
        elif kind == "power_over_rolls":
            roll.mods[user].append((label, effect["amount"]))
            if effect["rolls"] > 1:
                roll.new_lasting.append(
                    {
                        "clan": user,
                        "source": label,
                        "kind": "power",
                        "amount": effect["amount"],
                        "rounds": effect["rolls"] - 1,
                    }
                )
        elif kind == "extra_die":
            face = roll.extra[caster]
            amount = next(band["amount"] for band in effect["bands"] if face in band["faces"])
            roll.mods[user].append((f"{label} ({face})", amount))
        elif kind == "one_die":
            roll.one_die[roll.other(user)] = True
        # hidden_roll changes what the enemy sees, not the numbers: its bonus is against a
        # dungeon enemy, and the rules have none.


def _defense_cards(
    roll: Roll, attack: dict[str, Card], defense: dict[str, Card], dice: DiceDoor
) -> None:
    played = set(attack) | set(defense)
    rolled = dict(roll.base)  # the dice as counted, before any defence card changes them
    for clan, card in defense.items():
        effect = card["effect"]
        kind = effect["kind"]
        enemy = roll.other(clan)
        label = card["name"]
        if kind == "reflect" and not rolled[clan] > rolled[enemy]:
            raise RulesError(
                f"{label} may be played only when {clan}'s dice ({rolled[clan]}) beat "
                f"{enemy}'s ({rolled[enemy]})",
                hint="play the roll without it",
            )
        if kind == "double_one_die":
            face = dice.roll("1d6", who=clan, label=label).total
            roll.extra[clan] = face
            roll.base[clan] = 2 * face
        elif kind == "power":
            target = enemy if effect.get("to") == "enemy" else clan
            roll.mods[target].append((label, effect["amount"]))
        elif kind == "minus_if_enemy_casts" and enemy in played:
            roll.mods[enemy].append((label, -effect["amount"]))
        elif kind == "block":
            roll.blocked.add(clan)
        elif kind == "reflect":
            roll.reflects.add(clan)
        elif kind == "end_duel":
            roll.ended_by = clan
    for card in defense.values():
        if card["effect"]["kind"] == "switch_rolls":
            a, b = roll.clans
            roll.base[a], roll.base[b] = roll.base[b], roll.base[a]
            roll.switched = True


def hit_point_losses(roll: Roll, tie: str, challenger: str) -> list[str]:
    """Who loses a hit point this roll, after blocks and reflections."""
    a, b = roll.clans
    power_a, power_b = roll.power(a), roll.power(b)
    if power_a != power_b:
        losers = [a if power_a < power_b else b]
    else:
        losers = {
            "none": [],
            "both": [a, b],
            "challenger": [challenger],
            "defender": [roll.other(challenger)],
        }[tie]
    hurt = []
    for loser in losers:
        # A reflected hit falls on the enemy, and a block stops it there as any other.
        struck = roll.other(loser) if loser in roll.reflects else loser
        if struck not in roll.blocked:
            hurt.append(struck)
    return hurt
