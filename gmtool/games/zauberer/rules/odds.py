"""Exact odds: one duel roll, the whole duel from the hit points left, and a dungeon.

A roll's chances come from every face of both teams' dice (2d6 each, one die only when an
effect says so, an extra die for Mysterious Fan) with the modifiers in play: the
elemental advantage, lasting effects, and the attack cards named. Defence cards are
chosen after the roll, so they are left out. Ties follow the table's ``duel_tie`` ruling.
Every figure is a ``Fraction``; the simulator's greedy player asks the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from gmtool.games.zauberer.rules.dungeon import dungeon_outcome
from gmtool.games.zauberer.rules.state import State

Dist = dict[int, Fraction]
SIX = range(1, 7)


@cache
def dice_chances(one_die: bool, single: bool = False) -> tuple[tuple[int, Fraction], ...]:
    """Counted dice: the sum of 2d6, or when only one die counts the higher of two (or,
    ``single``, the one die thrown: the ruling ``one_die: roll_one``)."""
    if one_die and single:
        return tuple((face, Fraction(1, 6)) for face in SIX)
    counts: dict[int, int] = {}
    for a in SIX:
        for b in SIX:
            value = max(a, b) if one_die else a + b
            counts[value] = counts.get(value, 0) + 1
    return tuple((value, Fraction(n, 36)) for value, n in sorted(counts.items()))


@cache
def _beats(
    a: tuple[tuple[int, Fraction], ...], b: tuple[tuple[int, Fraction], ...]
) -> tuple[Fraction, Fraction, Fraction]:
    win = lose = Fraction(0)
    for x, p in a:
        for y, q in b:
            if x > y:
                win += p * q
            elif x < y:
                lose += p * q
    return win, lose, 1 - win - lose


@cache
def side(
    one_die: bool, bonus: int, bands: tuple[tuple[Fraction, int], ...] = (), single: bool = False
) -> tuple[tuple[int, Fraction], ...]:
    """One team's Power Points as (value, chance) pairs."""
    dist: dict[int, Fraction] = {}
    extra = bands or ((Fraction(1), 0),)
    for value, p in dice_chances(one_die, single):
        for q, amount in extra:
            total = value + bonus + amount
            dist[total] = dist.get(total, Fraction(0)) + p * q
    return tuple(sorted(dist.items()))


def roll_chances(
    a: tuple[tuple[int, Fraction], ...], b: tuple[tuple[int, Fraction], ...]
) -> tuple[Fraction, Fraction, Fraction]:
    """(a wins, a loses, a tie) for one roll."""
    return _beats(a, b)


@cache
def duel_win_chance(
    rounds: tuple[tuple[Fraction, Fraction, Fraction], ...],
    hp_a: int,
    hp_b: int,
    tie: str,
    a_calls: bool,
) -> Fraction:
    """The chance that the first team wins the duel from ``hp_a`` against ``hp_b``.

    ``rounds`` gives (win, lose, tie) for the first rolls; the last entry holds for every
    roll after them. ``a_calls``: the first team is the challenger (for the tie rulings)."""
    memo: dict[tuple[int, int, int], Fraction] = {}
    last = len(rounds) - 1

    def chance(x: int, y: int, r: int) -> Fraction:
        if y <= 0:
            return Fraction(1)
        if x <= 0:
            return Fraction(0)
        key = (x, y, r)
        if key in memo:
            return memo[key]
        win, lose, tied = rounds[min(r, last)]
        on_tie = {
            "none": None,
            "both": (x - 1, y - 1) if x > 1 and y > 1 else ((x - 1, y) if y > 1 else (x, y - 1)),
            "challenger": (x - 1, y) if a_calls else (x, y - 1),
            "defender": (x, y - 1) if a_calls else (x - 1, y),
        }[tie]
        if tie == "both" and x == 1 and y == 1:
            on_tie = None
        nxt = r + 1
        value = win * chance(x, y - 1, nxt) + lose * chance(x - 1, y, nxt)
        if on_tie is not None:
            value += tied * chance(on_tie[0], on_tie[1], nxt)
        elif r >= last:
            # From here on every roll is alike: a tie changes nothing, so only the rolls
            # that hurt someone count.
            value = (win * chance(x, y - 1, nxt) + lose * chance(x - 1, y, nxt)) / (win + lose)
        else:
            value += tied * chance(x, y, nxt)
        memo[key] = value
        return value

    return chance(hp_a, hp_b, 0)


def duel_odds(state: State, first: str, second: str, attack: Mapping[str, str]) -> dict[str, Any]:
    """One roll and the whole duel of ``first`` against ``second`` (the challenger is the
    duel's, or ``first`` when no duel is under way), with the attack cards named."""
    duel = state["duel"]
    if duel is not None and {duel["challenger"], duel["defender"]} != {first, second}:
        duel = None  # another duel: these two start afresh
    challenger = duel["challenger"] if duel else first
    hp = dict(duel["hp"]) if duel else _starting_hp(state, first, second)
    lasting = list(duel["lasting"]) if duel else _lasting_from_effects(state, first, second)
    rounds = _round_table(state, first, second, challenger, lasting, attack)
    one, win, lose = _duel_figures(
        rounds, hp[first], hp[second], state["rules"]["duel_tie"], challenger == first
    )
    return {
        "teams": [first, second],
        "hp": {first: hp[first], second: hp[second]},
        "attack": dict(attack),
        "round": {"win": one[0], "lose": one[1], "tie": one[2]},
        "duel": {"win": win, "lose": lose},
    }


SideKey = tuple[bool, int, tuple[tuple[Fraction, int], ...], bool]
"""``side``'s arguments: one team's dice in one roll, before they become a distribution."""


@cache
def _duel_figures(
    rounds: tuple[tuple[SideKey, SideKey], ...], hp_a: int, hp_b: int, tie: str, a_calls: bool
) -> tuple[tuple[Fraction, Fraction, Fraction], Fraction, Fraction]:
    """The first roll's (win, lose, tie) and the duel's win and lose chances, kept by the
    sides' arguments: the same duel asked again (the greedy player asks before every call)
    costs a look-up of a few small numbers, not the hashing of every chance in the tables,
    nor any arithmetic on fractions."""
    chances = tuple(roll_chances(side(*a), side(*b)) for a, b in rounds)
    win = duel_win_chance(chances, hp_a, hp_b, tie, a_calls)
    return chances[0], win, 1 - win


def _starting_hp(state: State, first: str, second: str) -> dict[str, int]:
    hp = {}
    for clan in (first, second):
        team = next(t for t in state["teams"] if t["clan"] == clan)
        points = state["rules"]["hit_points"]
        points += sum(e["amount"] for e in team["effects"] if e["kind"] == "battle_hp")
        hp[clan] = max(1, points)
    return hp


def _lasting_from_effects(state: State, first: str, second: str) -> list[dict[str, Any]]:
    lasting = []
    for clan in (first, second):
        team = next(t for t in state["teams"] if t["clan"] == clan)
        for effect in team["effects"]:
            if effect["kind"] in ("battle_power", "battle_one_die"):
                lasting.append(
                    {
                        "clan": clan,
                        "kind": "one_die" if effect["kind"] == "battle_one_die" else "power",
                        "amount": effect.get("amount", 0),
                        "rounds": effect.get("rounds"),
                    }
                )
    return lasting


def _round_table(
    state: State,
    first: str,
    second: str,
    challenger: str,
    lasting: list[dict[str, Any]],
    attack: Mapping[str, str],
) -> tuple[tuple[SideKey, SideKey], ...]:
    """Each team's Power Points (as ``side``'s arguments) for the first rolls, until nothing
    temporary is left."""
    rules = state["rules"]
    single = rules.get("one_die", "higher_of_two") == "roll_one"
    timed = [item["rounds"] for item in lasting if item["rounds"] is not None]
    for cid in attack.values():
        timed.append(state["cards"][cid]["effect"].get("rolls", 1))
    length = max([1, *timed]) + 1
    table = []
    for r in range(length):
        sides: list[SideKey] = []
        for clan, other in ((first, second), (second, first)):
            bonus = 0
            one_die = False
            if state["clans"][clan].get("advantage_over") == other and (
                rules["elemental_bonus_when"] == "always" or clan == challenger
            ):
                bonus += rules["elemental_bonus"]
            for item in lasting:
                active = item["rounds"] is None or r < item["rounds"]
                if item["clan"] == clan and active:
                    if item["kind"] == "one_die":
                        one_die = True
                    else:
                        bonus += item["amount"]
            bands: tuple[tuple[Fraction, int], ...] = ()
            mine = attack.get(clan)
            if mine is not None:
                effect = state["cards"][mine]["effect"]
                if (
                    effect["kind"] == "power"
                    and r == 0
                    or effect["kind"] == "power_over_rolls"
                    and r < effect["rolls"]
                ):
                    bonus += effect["amount"]
                elif effect["kind"] == "extra_die" and r == 0:
                    bands = tuple(
                        (Fraction(len(band["faces"]), 6), band["amount"])
                        for band in effect["bands"]
                    )
            theirs = attack.get(other)
            if (
                theirs is not None
                and r == 0
                and state["cards"][theirs]["effect"]["kind"] == "one_die"
            ):
                one_die = True
            sides.append((one_die, bonus, bands, single))
        table.append((sides[0], sides[1]))
    return tuple(table)


def dungeon_odds(rules: Mapping[str, Any]) -> dict[str, Fraction]:
    """The chance of each dungeon outcome (spell, nothing, back) on 2d6."""
    counts = {"spell": 0, "nothing": 0, "back": 0}
    for a in SIX:
        for b in SIX:
            counts[dungeon_outcome(dict(rules), [a, b])] += 1
    return {outcome: Fraction(n, 36) for outcome, n in counts.items()}


def chance_json(chance: Fraction) -> dict[str, Any]:
    return {"probability": round(float(chance), 6), "fraction": str(chance)}


def odds_document(
    state: State, first: str, second: str, attack: Mapping[str, str]
) -> dict[str, Any]:
    """``odds duel`` as a JSON-ready document; every name checked first."""
    from gmtool.errors import RulesError
    from gmtool.games.zauberer.rules.state import KIND_WORDS, find_card, find_team

    teams = [find_team(state, first), find_team(state, second)]
    if teams[0] is teams[1]:
        raise RulesError("a duel needs two different teams")
    for team in teams:
        if team["out"] is not None:
            raise RulesError(f"{team['clan']} is out of the game: it fights no more duels")
    clans = [team["clan"] for team in teams]
    cards: dict[str, str] = {}
    for name, text in attack.items():
        team = find_team(state, name)
        if team["clan"] not in clans:
            raise RulesError(f"{team['clan']} is not one of the two teams: {clans[0]}, {clans[1]}")
        cid = find_card(state, text)
        card = state["cards"][cid]
        if card["kind"] != "attack":
            raise RulesError(f"{card['name']} is {KIND_WORDS[card['kind']]}, not an attack card")
        if team["spell"] != cid:
            raise RulesError(
                f"{team['clan']} does not hold {card['name']}: the odds count only the attack "
                "card a team holds"
            )
        duel = state["duel"]
        fighting = duel is not None and {duel["challenger"], duel["defender"]} == set(clans)
        if fighting and duel is not None and cid in duel["used"]:
            raise RulesError(
                f"{card['name']} was played already in this duel: each spell once a duel"
            )
        cards[team["clan"]] = cid
    doc = duel_odds(state, clans[0], clans[1], cards)
    doc["round"] = {key: chance_json(value) for key, value in doc["round"].items()}
    doc["duel"] = {key: chance_json(value) for key, value in doc["duel"].items()}
    return doc


def dungeon_document(state: Mapping[str, Any]) -> dict[str, Any]:
    """The chance of each outcome of entering a dungeon, by the game's own rules."""
    outcomes = dungeon_odds(state["rules"])
    return {"outcomes": {key: chance_json(value) for key, value in outcomes.items()}}
