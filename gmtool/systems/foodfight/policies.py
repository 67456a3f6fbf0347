"""Simple players for the simulator: ``random`` and ``greedy``.

A policy picks the current player's move and, once the attack is known, the defender's
Fortune. The greedy player uses its own cards, the face-up cards and the Fortunes played,
plus one thing a seat could only estimate at the table: the average salt of each
opponent's face-down cards (the decks are public, but cards discarded face down are not).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from gmtool.dice import Rng
from gmtool.systems.foodfight.battle import (
    SIDES,
    attacker_first,
    battle_values,
    fortune_play,
    losers,
)
from gmtool.systems.foodfight.match import Match
from gmtool.systems.foodfight.pieces import FortuneCard, Play, Seat

Action = dict[str, Any]


class Policy(Protocol):
    def __call__(self, match: Match, rng: Rng) -> Action:
        """The current player's move."""


def random_move(match: Match, rng: Rng) -> Action:
    """Any legal move with equal chance; half the time with a Fortune on a random card."""
    player = match.current
    mine = player.open_piles
    # Every (opponent, open pile), in seating order then pile order, is counted, not listed:
    # all the open piles of the players still in, but the player's own.
    targets = -len(mine)
    for other in match.standing:
        targets += len(other.open_piles)
    pick = rng.below(len(mine) * (1 + targets))
    pile = mine[pick % len(mine)]
    target_index = pick // len(mine) - 1
    if target_index < 0:
        return {"type": "discard", "pile": pile}
    opponent, target_pile = _nth_target(match, player, target_index)
    action: Action = {
        "type": "attack",
        "pile": pile,
        "target": opponent.name,
        "target_pile": target_pile,
    }
    # The coin is tossed even when Fortunes wait for the reveal: a seed plays as it did.
    if player.fortunes and rng.below(2) and not match.rulings.two_step:
        fid = player.fortunes[rng.below(len(player.fortunes))]
        action["fortunes"] = [{"by": "attacker", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}]
    return action


def _nth_target(match: Match, player: Seat, index: int) -> tuple[Seat, int]:
    """The ``index``-th (opponent, open pile) of ``player``, counted as ``random_move``
    counts them."""
    for other in match.standing:
        if other is player:
            continue
        open_piles = other.open_piles
        if index < len(open_piles):
            return other, open_piles[index]
        index -= len(open_piles)
    raise IndexError(index)


def random_defence(match: Match, action: Action, rng: Rng) -> dict[str, Any] | None:
    defender = match.by_name[action["target"]]
    if defender.fortunes and rng.below(2):
        fid = defender.fortunes[rng.below(len(defender.fortunes))]
        return {"by": "defender", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}
    return None


def _expected(player: Seat) -> float:
    """What a face-down top card of ``player`` is worth on average (the true average of
    their face-down cards: a simple player's stand-in for counting cards)."""
    cards = player.hidden_cards
    return player.hidden_salt / cards if cards else 0.0


def greedy_move(match: Match, rng: Rng) -> Action:
    """Attack where the margin looks best, helped by a Fortune when one turns the odds;
    discard the weakest top card when nothing looks winnable and health allows."""
    rulings = match.rulings
    player = match.current
    piles = player.piles
    # The salt of each of the player's top cards, with its pile.
    strengths = [(piles[pile - 1][-1].salt, pile) for pile in player.open_piles]
    guess, target_pile, opponent = _weakest_target(match, player, rng)
    target_known = opponent.top(target_pile).face_up
    # Against a known card, attack with the weakest card that beats it, keeping stronger
    # ones back; against a face-down card, with the strongest.
    salt, pile = max(strengths)
    if target_known:
        salt, pile = min((top for top in strengths if top[0] > guess), default=(salt, pile))
    score = salt - guess
    deltas = [match.fortune_cards[fid].delta for fid in player.fortunes]
    boost, cut = max(deltas, default=0), min(deltas, default=0)
    action: Action = {
        "type": "attack",
        "pile": pile,
        "target": opponent.name,
        "target_pile": target_pile,
    }
    if score < 1.5 and (boost > 0 or cut < 0):
        if rulings.two_step:  # the Fortune waits until the cards are face up
            pass
        elif boost >= -cut:
            fid = _fortune_with(match, player, boost)
            action["fortunes"] = [{"by": "attacker", "id": fid, "on": "mine"}]
        else:
            fid = _fortune_with(match, player, cut)
            action["fortunes"] = [{"by": "attacker", "id": fid, "on": "theirs"}]
        score += max(boost, -cut)
    discard_lands = player.track_position + rulings.discard_steps
    if score <= 0 and discard_lands < rulings.track_length - 2:
        _, weakest = min(strengths, key=lambda top: top[0])  # the first of the weakest
        return {"type": "discard", "pile": weakest}
    return action


def _weakest_target(match: Match, player: Seat, rng: Rng) -> tuple[float, int, Seat]:
    """The opponent's top card that looks weakest (its salt, or the average of the
    opponent's face-down cards), nearly equal ones going to the opponent closest to the
    end of their track: its guessed salt, its pile and its owner.

    Every target scoring within 1e-9 of the lowest score is a candidate. An opponent's
    face-down tops all share one guess, so each opponent's lowest score is found first,
    and only the piles of opponents within reach of the lowest are looked at."""
    reach: list[tuple[float, Seat, float, float]] = []
    lowest = float("inf")
    for opponent in match.standing:
        if opponent is player:
            continue
        face_up = opponent.face_up_salt
        expected = _expected(opponent)
        low = min(face_up.values()) if face_up else expected
        if len(opponent.open_piles) > len(face_up) and expected < low:
            low = expected  # a face-down top
        # Prefer a clear margin, then the opponent closest to the end of their track.
        nearness = opponent.track_position / 100
        score = low - nearness
        if score < lowest:
            lowest = score
        reach.append((score, opponent, expected, nearness))
    candidates: list[tuple[Seat, float, list[int]]] = []
    count = 0
    for low, opponent, expected, nearness in reach:
        if not low - lowest < 1e-9:
            continue
        face_up = opponent.face_up_salt
        piles = [
            target_pile
            for target_pile in opponent.open_piles
            if face_up.get(target_pile, expected) - nearness - lowest < 1e-9
        ]
        candidates.append((opponent, expected, piles))
        count += len(piles)
    # Ties are broken at random so that no seat is singled out by the seating order.
    pick = rng.below(count) if count > 1 else 0
    for opponent, expected, piles in candidates:
        if pick < len(piles):
            guess = float(opponent.face_up_salt.get(piles[pick], expected))
            return guess, piles[pick], opponent
        pick -= len(piles)
    raise AssertionError("an opponent still in always has a target")


def greedy_defence(match: Match, action: Action, rng: Rng) -> dict[str, Any] | None:
    """Play the smallest Fortune that saves the defender's card, if one does."""
    attacker = match.current
    defender = match.by_name[action["target"]]
    if not defender.fortunes:
        return None
    fortunes = match.fortune_cards
    salts = attacker.top(action["pile"]).salt, defender.top(action["target_pile"]).salt
    plays = [
        _play("attacker", play["on"], fortunes[play["id"]].delta)
        for play in action.get("fortunes", [])
    ]
    if "defender" not in _judge(match, salts, plays):
        return None
    saves = []
    for fid in defender.fortunes:
        delta = fortunes[fid].delta
        for on in SIDES:
            if "defender" not in _judge(match, salts, [*plays, _play("defender", on, delta)]):
                saves.append((abs(delta), fid, on))
                break
    if not saves:
        return None
    _, fid, on = min(saves)
    return {"by": "defender", "id": fid, "on": on}


def _fortune_with(match: Match, player: Seat, delta: int) -> str:
    return next(f for f in player.fortunes if match.fortune_cards[f].delta == delta)


def random_answer(match: Match, rng: Rng) -> Action:
    """In an open battle: half the time a random Fortune on a random card, else pass."""
    battle = match.battle
    assert battle is not None
    player = match.by_name[battle.player(battle.to_answer)]
    if rng.below(2):
        fid = player.fortunes[rng.below(len(player.fortunes))]
        return {"type": "fortune", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}
    return {"type": "pass"}


def greedy_answer(match: Match, rng: Rng) -> Action:
    """In an open battle, with both cards face up: play the smallest Fortune that turns a
    battle not won (the other card falls, not one's own) into a won one, else pass."""
    battle = match.battle
    assert battle is not None
    role = battle.to_answer
    attacker, defender = match.by_name[battle.attacker], match.by_name[battle.defender]
    player = attacker if role == "attacker" else defender
    salts = attacker.top(battle.pile).salt, defender.top(battle.target_pile).salt
    plays = battle.plays
    if _wins(role, _judge(match, salts, plays)):
        return {"type": "pass"}
    saves = []
    for fid in player.fortunes:
        delta = match.fortune_cards[fid].delta
        for on in SIDES:
            if _wins(role, _judge(match, salts, [*plays, _play(role, on, delta)])):
                saves.append((abs(delta), fid, on))
                break
    if not saves:
        return {"type": "pass"}
    _, fid, on = min(saves)
    return {"type": "fortune", "id": fid, "on": on}


def _play(role: str, on: str, delta: int) -> Play:
    """A Fortune as the battle rules read it: who plays it, the card it is on, its delta
    (a player weighing a Fortune needs no name or text)."""
    return fortune_play("", FortuneCard("", delta), role, on, "")


def _judge(match: Match, salts: tuple[int, int], plays: list[Play]) -> tuple[str, ...]:
    """The roles that would lose their card, judged by the battle rules themselves (the
    table's ``fortune_floor`` and ``tie`` rulings included)."""
    rulings = match.rulings
    values = battle_values(salts[0], salts[1], attacker_first(plays), floor_each=rulings.floor_each)
    return losers(values[0], values[1], rulings.tie)


def _wins(role: str, lost: tuple[str, ...]) -> bool:
    return role not in lost and len(lost) == 1


ANSWERS: dict[str, Callable[[Match, Rng], Action]] = {
    "random": random_answer,
    "greedy": greedy_answer,
}
"""What each policy does when a two-step battle asks its player for a Fortune or a pass."""

Defence = Callable[[Match, Action, Rng], dict[str, Any] | None]
"""What a policy's defender declares against a blind attack: a Fortune play, or None."""

POLICIES: dict[str, tuple[Policy, Defence]] = {
    "random": (random_move, random_defence),
    "greedy": (greedy_move, greedy_defence),
}
