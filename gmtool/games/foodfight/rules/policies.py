"""Simple players for the simulator: ``random`` and ``greedy``.

A policy picks the current player's move and, once the attack is known, the defender's
Fortune, choosing only from what the rules offer them (``offers.Offer``, the very answer
the declaration's ``options`` lists as moves, and ``offers.defence``). The greedy player
uses its own cards, the face-up cards and the Fortunes played,
plus one thing a seat could only estimate at the table: the average salt of each
opponent's face-down cards (the decks are public, but cards discarded face down are not).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

from gmtool.dice import Rng
from gmtool.games.foodfight.rules.battle import (
    SIDES,
    attacker_first,
    battle_values,
    declared_plays,
    fortune_play,
    losers,
)
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.offers import Offer
from gmtool.games.foodfight.rules.pieces import Play, Seat
from gmtool.games.foodfight.state import (
    Attack,
    DeclaredFortune,
    Discard,
    Pass,
    PlayFortune,
    Role,
    Side,
)

Action = Discard | Attack
"""What a policy does on its turn."""

Answer = PlayFortune | Pass
"""What a policy does when an open battle asks its player."""


class Policy(Protocol):
    def __call__(self, match: Match, offer: Offer, rng: Rng) -> Action:
        """The current player's move, from what ``offer`` holds."""


def random_move(match: Match, offer: Offer, rng: Rng) -> Action:
    """Any move on offer with equal chance; half the time with a Fortune on a random card."""
    mine = offer.piles
    # Every (opponent, open pile), in seating order then pile order, is counted, not listed.
    targets = 0
    for other in offer.opponents:
        targets += len(other.open_piles)
    pick = rng.below(len(mine) * (1 + targets))
    pile = mine[pick % len(mine)]
    target_index = pick // len(mine) - 1
    if target_index < 0:
        return {"type": "discard", "pile": pile}
    opponent, target_pile = _nth_target(offer, target_index)
    action: Attack = {
        "type": "attack",
        "pile": pile,
        "target": opponent.name,
        "target_pile": target_pile,
    }
    # The coin is tossed even when Fortunes wait for the reveal: a seed plays as it did.
    fortunes = offer.fortunes
    if fortunes and rng.below(2) and offer.with_attack:
        fid = fortunes[rng.below(len(fortunes))]
        action["fortunes"] = [{"by": "attacker", "id": fid, "on": SIDES[rng.below(2)]}]
    return action


def _nth_target(offer: Offer, index: int) -> tuple[Seat, int]:
    """The ``index``-th (opponent, open pile) on offer, counted as ``random_move`` counts
    them."""
    for other in offer.opponents:
        open_piles = other.open_piles
        if index < len(open_piles):
            return other, open_piles[index]
        index -= len(open_piles)
    raise IndexError(index)


def random_defence(
    match: Match, action: Attack, fortunes: list[str], rng: Rng
) -> DeclaredFortune | None:
    if fortunes and rng.below(2):
        fid = fortunes[rng.below(len(fortunes))]
        return {"by": "defender", "id": fid, "on": SIDES[rng.below(2)]}
    return None


def _expected(player: Seat) -> float:
    """What a face-down top card of ``player`` is worth on average (the true average of
    their face-down cards: a simple player's stand-in for counting cards)."""
    cards = player.hidden_cards
    return player.hidden_salt / cards if cards else 0.0


def greedy_move(match: Match, offer: Offer, rng: Rng) -> Action:
    """Attack where the margin looks best, helped by a Fortune when one turns the odds;
    discard the weakest top card when nothing looks winnable and health allows."""
    rulings = match.rulings
    player = offer.player
    guess, target_pile, opponent = _weakest_target(offer, rng)
    # Against a known card, attack with the weakest card that beats it, keeping stronger
    # ones back; against a face-down card (or a known one nothing beats), the strongest.
    pile = _strongest_pile(player, offer.piles)
    if opponent.top(target_pile).face_up:
        pile = _weakest_pile_above(player, offer.piles, guess, pile)
    score = player.top(pile).salt - guess
    boost, cut = _fortune_range(match, offer.fortunes)
    fortune: DeclaredFortune | None = None
    if score < 1.5 and (boost > 0 or cut < 0):
        if not offer.with_attack:  # the Fortune waits until the cards are face up
            pass
        elif boost >= -cut:
            fid = _fortune_with(match, offer.fortunes, boost)
            fortune = {"by": "attacker", "id": fid, "on": "mine"}
        else:
            fid = _fortune_with(match, offer.fortunes, cut)
            fortune = {"by": "attacker", "id": fid, "on": "theirs"}
        score += boost if boost >= -cut else -cut
    discard_lands = player.track_position + rulings.discard_steps
    if score <= 0 and discard_lands < rulings.track_length - 2:
        return {"type": "discard", "pile": _weakest_pile(player, offer.piles)}
    action: Attack = {
        "type": "attack",
        "pile": pile,
        "target": opponent.name,
        "target_pile": target_pile,
    }
    if fortune is not None:
        action["fortunes"] = [fortune]
    return action


# The greedy player weighs every top card before every move, so the helpers below walk the
# piles with plain loops: no lists of tuples, generators or key functions. A seat's
# ``open_piles`` are in pile order, so "the first of equal ones" is the lowest pile; salt
# is never below 0, so -1 stands for "none yet".


def _strongest_pile(player: Seat, offered: list[int]) -> int:
    """The pile of ``offered`` with the highest top card (the last of equal ones)."""
    piles = player.piles
    best_pile = 0
    best = -1
    for pile in offered:
        salt = piles[pile - 1][-1].salt
        if salt >= best:
            best, best_pile = salt, pile
    return best_pile


def _weakest_pile_above(player: Seat, offered: list[int], guess: float, otherwise: int) -> int:
    """The pile of ``offered`` with the lowest top card still above ``guess`` (the first of
    equal ones), or ``otherwise`` when none is."""
    piles = player.piles
    best_pile = otherwise
    best = -1
    for pile in offered:
        salt = piles[pile - 1][-1].salt
        if salt > guess and (best < 0 or salt < best):
            best, best_pile = salt, pile
    return best_pile


def _weakest_pile(player: Seat, offered: list[int]) -> int:
    """The pile of ``offered`` with the lowest top card (the first of equal ones)."""
    return _weakest_pile_above(player, offered, -1.0, 0)


def _fortune_range(match: Match, fortunes: list[str]) -> tuple[int, int]:
    """The largest and the smallest delta of ``fortunes`` (0 and 0 for none)."""
    if not fortunes:
        return 0, 0
    cards = match.fortune_cards
    boost = cut = cards[fortunes[0]].delta
    for fid in fortunes:
        delta = cards[fid].delta
        if delta > boost:
            boost = delta
        elif delta < cut:
            cut = delta
    return boost, cut


def _weakest_target(offer: Offer, rng: Rng) -> tuple[float, int, Seat]:
    """The opponent's top card on offer that looks weakest (its salt, or the average of the
    opponent's face-down cards), nearly equal ones going to the opponent closest to the
    end of their track: its guessed salt, its pile and its owner.

    Each top card scores its guess less the owner's nearness to the end of their track
    (a hundredth of a step per step). Every target scoring within 1e-9 of the lowest score
    is a candidate, and one is picked at random so that no seat is singled out by the
    seating order: the candidates are counted, then the picked one is found again. An
    opponent's face-down tops share one guess, so each opponent's lowest score is found
    first, and only the piles of opponents within reach of the lowest are looked at."""
    opponents = offer.opponents
    # Each opponent's lowest score, in seating order.
    scores: list[float] = []
    lowest = math.inf
    for seat in opponents:
        score = _lowest_guess(seat) - seat.track_position / 100
        scores.append(score)
        if score < lowest:
            lowest = score
    count = 0
    for n, seat in enumerate(opponents):
        if scores[n] - lowest < 1e-9:
            count += _count_near(seat, lowest)
    pick = rng.below(count) if count > 1 else 0
    for n, seat in enumerate(opponents):
        if not scores[n] - lowest < 1e-9:
            continue
        expected = _expected(seat)
        nearness = seat.track_position / 100
        piles = seat.piles
        for target_pile in seat.open_piles:
            top = piles[target_pile - 1][-1]
            guess = float(top.salt) if top.face_up else expected
            if guess - nearness - lowest < 1e-9:
                if pick == 0:
                    return guess, target_pile, seat
                pick -= 1
    raise AssertionError("an opponent still in always has a target")


def _lowest_guess(opponent: Seat) -> float:
    """The lowest guess at any of ``opponent``'s top cards: their face-up tops' salt, and
    the average of their face-down cards if a top is face down (or none is face up)."""
    face_up = opponent.face_up_salt
    low = math.inf
    if len(opponent.open_piles) > len(face_up) or not face_up:
        low = _expected(opponent)
    for salt in face_up.values():
        if salt < low:
            low = float(salt)
    return low


def _count_near(opponent: Seat, lowest: float) -> int:
    """How many of ``opponent``'s top cards score within 1e-9 of ``lowest``."""
    expected = _expected(opponent)
    nearness = opponent.track_position / 100
    count = 0
    piles = opponent.piles
    for pile in opponent.open_piles:
        top = piles[pile - 1][-1]
        guess = float(top.salt) if top.face_up else expected
        if guess - nearness - lowest < 1e-9:
            count += 1
    return count


def greedy_defence(
    match: Match, action: Attack, fortunes: list[str], rng: Rng
) -> DeclaredFortune | None:
    """Play the smallest of ``fortunes`` that saves the defender's card, if one does."""
    attacker = match.current
    defender = match.by_name[action["target"]]
    if not fortunes:
        return None
    mine = attacker.top(action["pile"]).salt
    theirs = defender.top(action["target_pile"]).salt
    plays = declared_plays(match, action, attacker, defender)
    if "defender" not in _judge(match, mine, theirs, plays):
        return None
    save = _smallest_save(match, fortunes, "defender", mine, theirs, plays, outright=False)
    if save is None:
        return None
    fid, on = save
    return {"by": "defender", "id": fid, "on": on}


def _fortune_with(match: Match, fortunes: list[str], delta: int) -> str:
    """The first of ``fortunes`` with ``delta`` (one has it)."""
    cards = match.fortune_cards
    for fid in fortunes:
        if cards[fid].delta == delta:
            return fid
    raise ValueError(delta)


def random_answer(match: Match, offer: Offer, rng: Rng) -> Answer:
    """In an open battle: half the time a random Fortune on a random card, else pass."""
    fortunes = offer.fortunes
    if rng.below(2):
        fid = fortunes[rng.below(len(fortunes))]
        return {"type": "fortune", "id": fid, "on": SIDES[rng.below(2)]}
    return {"type": "pass"}


def greedy_answer(match: Match, offer: Offer, rng: Rng) -> Answer:
    """In an open battle, with both cards face up: play the smallest Fortune that turns a
    battle not won (the other card falls, not one's own) into a won one, else pass."""
    battle = match.battle
    assert battle is not None
    role = battle.to_answer
    attacker, defender = match.by_name[battle.attacker], match.by_name[battle.defender]
    mine = attacker.top(battle.pile).salt
    theirs = defender.top(battle.target_pile).salt
    plays = battle.plays
    lost = _judge(match, mine, theirs, plays)
    if role not in lost and len(lost) == 1:
        return {"type": "pass"}
    save = _smallest_save(match, offer.fortunes, role, mine, theirs, plays, outright=True)
    if save is None:
        return {"type": "pass"}
    fid, on = save
    return {"type": "fortune", "id": fid, "on": on}


def _smallest_save(
    match: Match,
    fortunes: list[str],
    role: Role,
    mine: int,
    theirs: int,
    plays: list[Play],
    *,
    outright: bool,
) -> tuple[str, Side] | None:
    """The Fortune of ``fortunes`` that, played by ``role`` after ``plays``, keeps their
    card (``outright``: and takes the other one), and the card it goes on (mine if that
    does it, else theirs); of those that do, the smallest delta either way, then the first
    id in order. None if none does.

    A Fortune that could not be chosen over the one already found is not weighed."""
    best: tuple[str, Side] | None = None
    best_size = 0
    cards = match.fortune_cards
    for fid in fortunes:
        card = cards[fid]
        size = abs(card.delta)
        if best is not None and (size > best_size or (size == best_size and fid >= best[0])):
            continue
        for on in SIDES:
            lost = _judge(match, mine, theirs, [*plays, fortune_play(fid, card, role, on, "")])
            if role not in lost and (len(lost) == 1 or not outright):
                best, best_size = (fid, on), size
                break
    return best


def _judge(match: Match, mine: int, theirs: int, plays: list[Play]) -> tuple[Role, ...]:
    """The roles that would lose their card (the attacker's salt ``mine``, the defender's
    ``theirs``), judged by the battle rules themselves (the table's ``fortune_floor`` and
    ``tie`` rulings included)."""
    rulings = match.rulings
    values = battle_values(mine, theirs, attacker_first(plays), floor_each=rulings.floor_each)
    return losers(values[0], values[1], rulings.tie)


ANSWERS: dict[str, Callable[[Match, Offer, Rng], Answer]] = {
    "random": random_answer,
    "greedy": greedy_answer,
}
"""What each policy does when a two-step battle asks its player for a Fortune or a pass."""

Defence = Callable[[Match, Attack, list[str], Rng], DeclaredFortune | None]
"""What a policy's defender declares against a blind attack, from the Fortunes it may
(``offers.defence``): a Fortune play, or None."""

POLICIES: dict[str, tuple[Policy, Defence]] = {
    "random": (random_move, random_defence),
    "greedy": (greedy_move, greedy_defence),
}
