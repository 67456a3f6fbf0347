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
from gmtool.systems.foodfight.battle import SIDES, attacker_first, battle_values, losers
from gmtool.systems.foodfight.battle_steps import is_two_step
from gmtool.systems.foodfight.state import (
    Card,
    OpenPiles,
    Player,
    State,
    current_player,
    player_named,
)

Action = dict[str, Any]


class Policy(Protocol):
    def __call__(self, state: State, rng: Rng, piles: OpenPiles | None = None) -> Action:
        """The current player's move; ``piles`` (kept up to date by the caller, see
        ``OpenPiles``) saves counting every pile again."""


def _tops(player: Player, piles: OpenPiles) -> list[tuple[int, Card]]:
    cards = player["piles"]
    return [(number, cards[number - 1][-1]) for number in piles.of[player["name"]]]


def random_move(state: State, rng: Rng, piles: OpenPiles | None = None) -> Action:
    """Any legal move with equal chance; half the time with a Fortune on a random card."""
    piles = piles or OpenPiles(state)
    player = state["players"][state["turn"]]
    mine = piles.of[player["name"]]
    # Every (opponent, open pile) in seating order, then pile order, counted, not listed.
    opponents = [
        (other, piles.of[other["name"]])
        for other in state["players"]
        if other is not player and other["out"] is None
    ]
    targets = sum(len(open_piles) for _, open_piles in opponents)
    pick = rng.below(len(mine) * (1 + targets))
    pile = mine[pick % len(mine)]
    target_index = pick // len(mine) - 1
    if target_index < 0:
        return {"type": "discard", "pile": pile}
    opponent, target_pile = _nth_target(opponents, target_index)
    action: Action = {
        "type": "attack",
        "pile": pile,
        "target": opponent["name"],
        "target_pile": target_pile,
    }
    if player["fortunes"] and rng.below(2) and not is_two_step(state):
        fid = player["fortunes"][rng.below(len(player["fortunes"]))]
        action["fortunes"] = [{"by": "attacker", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}]
    return action


def _nth_target(opponents: list[tuple[Player, list[int]]], index: int) -> tuple[Player, int]:
    for opponent, open_piles in opponents:
        if index < len(open_piles):
            return opponent, open_piles[index]
        index -= len(open_piles)
    raise IndexError(index)


def random_defence(state: State, action: Action, rng: Rng) -> dict[str, Any] | None:
    defender = player_named(state, action["target"])
    if defender["fortunes"] and rng.below(2):
        fid = defender["fortunes"][rng.below(len(defender["fortunes"]))]
        return {"by": "defender", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}
    return None


def _expected(player: Player) -> float:
    """What a face-down top card of ``player`` is worth on average (the true average of
    their face-down cards: a simple player's stand-in for counting cards)."""
    hidden = [card["salt"] for pile in player["piles"] for card in pile if not card["face_up"]]
    return sum(hidden) / len(hidden) if hidden else 0.0


def greedy_move(state: State, rng: Rng, piles: OpenPiles | None = None) -> Action:
    """Attack where the margin looks best, helped by a Fortune when one turns the odds;
    discard the weakest top card when nothing looks winnable and health allows."""
    piles = piles or OpenPiles(state)
    player = state["players"][state["turn"]]
    rules = state["rules"]
    mine = _tops(player, piles)
    scored: list[tuple[float, float, int, Player]] = []
    lowest = float("inf")
    for opponent in state["players"]:
        if opponent is player or opponent["out"] is not None:
            continue
        expected: float | None = None  # worked out once a face-down card needs it
        # Prefer a clear margin, then the opponent closest to the end of their track.
        nearness = opponent["track_position"] / 100
        cards = opponent["piles"]
        for target_pile in piles.of[opponent["name"]]:
            card = cards[target_pile - 1][-1]
            if card["face_up"]:
                guess = float(card["salt"])
            else:
                expected = _expected(opponent) if expected is None else expected
                guess = expected
            score = guess - nearness
            lowest = min(lowest, score)
            scored.append((score, guess, target_pile, opponent))
    # Ties are broken at random so that no seat is singled out by the seating order.
    best = [entry for entry in scored if entry[0] - lowest < 1e-9]
    _, guess, target_pile, opponent = best[rng.below(len(best))] if len(best) > 1 else best[0]
    target_known = opponent["piles"][target_pile - 1][-1]["face_up"]
    # Against a known card, attack with the weakest card that beats it, keeping stronger
    # ones back; against a face-down card, with the strongest.
    strengths = [(card["salt"], number) for number, card in mine]
    salt, pile = max(strengths)
    if target_known:
        salt, pile = min((top for top in strengths if top[0] > guess), default=(salt, pile))
    score = salt - guess
    deltas = [state["fortune_cards"][fid]["delta"] for fid in player["fortunes"]]
    boost, cut = max(deltas, default=0), min(deltas, default=0)
    action: Action = {
        "type": "attack",
        "pile": pile,
        "target": opponent["name"],
        "target_pile": target_pile,
    }
    if score < 1.5 and (boost > 0 or cut < 0):
        if is_two_step(state):  # the Fortune waits until the cards are face up
            pass
        elif boost >= -cut:
            fid = _fortune_with(state, player, boost)
            action["fortunes"] = [{"by": "attacker", "id": fid, "on": "mine"}]
        else:
            fid = _fortune_with(state, player, cut)
            action["fortunes"] = [{"by": "attacker", "id": fid, "on": "theirs"}]
        score += max(boost, -cut)
    if score <= 0 and player["track_position"] + rules["discard_steps"] < rules["track_length"] - 2:
        weakest = min(mine, key=lambda top: top[1]["salt"])
        return {"type": "discard", "pile": weakest[0]}
    return action


def greedy_defence(state: State, action: Action, rng: Rng) -> dict[str, Any] | None:
    """Play the smallest Fortune that saves the defender's card, if one does."""
    attacker = current_player(state)
    assert attacker is not None
    defender = player_named(state, action["target"])
    if not defender["fortunes"]:
        return None
    salts = (
        attacker["piles"][action["pile"] - 1][-1]["salt"],
        defender["piles"][action["target_pile"] - 1][-1]["salt"],
    )
    plays = [
        _play("attacker", play["on"], state["fortune_cards"][play["id"]]["delta"])
        for play in action.get("fortunes", [])
    ]
    if "defender" not in _judge(state, salts, plays):
        return None
    saves = []
    for fid in defender["fortunes"]:
        delta = state["fortune_cards"][fid]["delta"]
        for on in SIDES:
            if "defender" not in _judge(state, salts, [*plays, _play("defender", on, delta)]):
                saves.append((abs(delta), fid, on))
                break
    if not saves:
        return None
    _, fid, on = min(saves)
    return {"by": "defender", "id": fid, "on": on}


def _fortune_with(state: State, player: Player, delta: int) -> str:
    held: list[str] = player["fortunes"]
    return next(f for f in held if state["fortune_cards"][f]["delta"] == delta)


def random_answer(state: State, rng: Rng) -> Action:
    """In an open battle: half the time a random Fortune on a random card, else pass."""
    battle = state["battle"]
    player = player_named(state, battle[battle["to_answer"]])
    if rng.below(2):
        fid = player["fortunes"][rng.below(len(player["fortunes"]))]
        return {"type": "fortune", "id": fid, "on": ("mine", "theirs")[rng.below(2)]}
    return {"type": "pass"}


def greedy_answer(state: State, rng: Rng) -> Action:
    """In an open battle, with both cards face up: play the smallest Fortune that turns a
    battle not won (the other card falls, not one's own) into a won one, else pass."""
    battle = state["battle"]
    role = battle["to_answer"]
    attacker, defender = (
        player_named(state, battle["attacker"]),
        player_named(state, battle["defender"]),
    )
    player = attacker if role == "attacker" else defender
    salts = (
        attacker["piles"][battle["pile"] - 1][-1]["salt"],
        defender["piles"][battle["target_pile"] - 1][-1]["salt"],
    )
    plays = battle["plays"]
    if _wins(role, _judge(state, salts, plays)):
        return {"type": "pass"}
    saves = []
    for fid in player["fortunes"]:
        delta = state["fortune_cards"][fid]["delta"]
        for on in SIDES:
            if _wins(role, _judge(state, salts, [*plays, _play(role, on, delta)])):
                saves.append((abs(delta), fid, on))
                break
    if not saves:
        return {"type": "pass"}
    _, fid, on = min(saves)
    return {"type": "fortune", "id": fid, "on": on}


def _play(role: str, on: str, delta: int) -> dict[str, Any]:
    """A Fortune as the battle rules read it: who plays it, the card it is on, its delta."""
    card = role if on == "mine" else ("defender" if role == "attacker" else "attacker")
    return {"role": role, "card": card, "delta": delta}


def _judge(state: State, salts: tuple[int, int], plays: list[dict[str, Any]]) -> list[str]:
    """The roles that would lose their card, judged by the battle rules themselves (the
    table's ``fortune_floor`` and ``tie`` rulings included)."""
    values = battle_values(salts[0], salts[1], attacker_first(plays), state["rules"])
    return losers(values["attacker"], values["defender"], state["rules"]["tie"])


def _wins(role: str, lost: list[str]) -> bool:
    return role not in lost and len(lost) == 1


ANSWERS: dict[str, Callable[[State, Rng], Action]] = {
    "random": random_answer,
    "greedy": greedy_answer,
}
"""What each policy does when a two-step battle asks its player for a Fortune or a pass."""

POLICIES: dict[str, tuple[Policy, Callable[[State, Action, Rng], dict[str, Any] | None]]] = {
    "random": (random_move, random_defence),
    "greedy": (greedy_move, greedy_defence),
}
