"""Food Fight's answers to the protocol's questions (``engine.declared.Rules``): who sits at
the table, what each player may see, what each may do now and whose answer is awaited.

The moves are the ``Offer`` of ``rules.offers`` (through ``seat_options``), as ``Move``s: a
terminal menu and a phone form are both built from them, and the simulator's players
choose from the very same ``Offer``. Food Fight rolls no die in play (every draw is secret), so
no move names dice.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Choice, Move, Outcome, State
from gmtool.games.foodfight.rules.content import CONTENT as CONTENT
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.moves import apply_action
from gmtool.games.foodfight.rules.pieces import SaltCard, Seat
from gmtool.games.foodfight.rules.setup import new_state as new_state
from gmtool.games.foodfight.rules.state import current_player, find_player, player_names
from gmtool.games.foodfight.rules.view import options_document as options_document
from gmtool.games.foodfight.rules.view import seat_options_of, view
from gmtool.games.foodfight.rules.view import status as status

seen_by = view
"""What ``show --as`` shows (``engine.declared.Rules.seen_by``)."""

STRATEGIES = {
    "strongest_on_top": "strongest on top",
    "weakest_on_top": "weakest on top",
    "shuffled": "shuffled",
}
"""The ways a player may stack their towers, as the menus word them."""
SIDES = {"mine": "on my card", "theirs": "on their card"}


def apply(state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any) -> Outcome:
    # The rulings were frozen into the state when it was dealt, so ``content`` is unused;
    # so are the dice: every draw and shuffle during play is secret (``secret_below``).
    return apply_action(state, action)


def seats(state: State) -> list[str]:
    return player_names(Match(state))


def public_entry(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A log entry as the whole table may read it: how a player stacked their face-down
    towers is theirs alone (it tells where their strong cards lie)."""
    if entry.get("kind") == "action" and entry.get("what") == "lay out towers":
        return {**entry, "outcome": "laid out their towers"}
    return dict(entry)


def seat_name(state: State, seat: str) -> str:
    return find_player(Match(state), seat).name


def to_move(state: State) -> list[str]:
    """The player to move, or in an open battle the one who may answer it."""
    match = Match(state)
    if match.over:
        return []
    battle = match.battle
    if battle is not None:
        return [battle.player(battle.to_answer)]
    player = current_player(match)
    return [] if player is None else [player.name]


def options(state: State, seat: str | None, kinds: Collection[str] | None = None) -> list[Move]:
    """What ``seat`` may do now: answer a battle, or attack and discard on their turn; and,
    before the first move, stack their towers. The GM (None) makes no move of their own.
    ``kinds``: the moves of those names alone."""
    if kinds is not None:
        return [move for move in options(state, seat) if move.name in kinds]
    if seat is None:
        return []
    match = Match(state)
    doc = seat_options_of(match, seat)
    if doc["over"]:
        return []
    name = str(doc["player"])
    moves: list[Move] = []
    if doc["your_turn"] and "battle" in doc:
        moves += _answers(name, doc)
    elif doc["your_turn"]:
        moves += _turn(match, name, doc)
    if doc.get("can_lay_out"):
        strategy = Choice(
            "strategy",
            f"How does {name} stack their towers?",
            values=tuple(STRATEGIES),
            labels=tuple(STRATEGIES.values()),
        )
        action = {"type": "layout", "player": name}
        choices = (strategy, _cards_by_hand(match, name))
        moves.append(Move("layout", f"{name} stacks their towers", name, action, choices))
    return moves


def _cards_by_hand(match: Match, name: str) -> Choice:
    """Instead of a strategy, the player's own cards placed one by one (``piles``: a list
    of spots, each a list of card ids from the bottom up, ``spots`` x ``cards_per_spot``)."""
    rulings = match.rulings
    cards = [card for pile in find_player(match, name).piles for card in pile]
    return Choice(
        "piles",
        f"Stack {rulings.spots} spots of {rulings.cards_per_spot} cards by hand",
        values=tuple(card.id for card in cards),
        labels=tuple(card_label(card) for card in cards),
        optional=True,
    )


def _answers(name: str, doc: dict[str, Any]) -> list[Move]:
    """In an open battle: a Fortune (when they hold one) or pass."""
    moves: list[Move] = []
    if doc["fortunes"]:
        which = _fortune_choice("id", f"{name}, which Fortune?", doc["fortunes"])
        action = {"type": "fortune", "player": name}
        moves.append(Move("fortune", f"{name} reveals a Fortune", name, action, (which, _SIDE)))
    moves.append(Move("pass", f"{name} passes", name, {"type": "pass", "player": name}))
    return moves


def _turn(match: Match, name: str, doc: dict[str, Any]) -> list[Move]:
    """On their turn: attack an open card of another player, or discard."""
    mine = find_player(match, name)
    attack_with = _pile_choice("pile", "Attack with which pile?", mine, doc["attack_with"])
    targets: list[dict[str, Any]] = []
    shown: list[str] = []
    for other in match.standing:
        for number in doc["targets"].get(other.name, []):
            top = other.top(number)
            targets.append({"target": other.name, "target_pile": number})
            seen = card_label(top) if top.face_up else "face down"
            shown.append(f"{other.name}:{number} — {seen}")
    target = Choice("target", "Attack which card?", values=tuple(targets), labels=tuple(shown))
    choices = [attack_with, target]
    if doc["fortunes_with_attack"]:  # blind: asked with the attack, even of an empty hand
        question = f"{name}, play a Fortune in this battle?"
        choices += [_fortune_choice("fortune", question, doc["fortunes"], optional=True), _SIDE]
    discard = _pile_choice("pile", "Discard the top card of which pile?", mine, doc["discard"])
    return [
        Move("attack", f"{name} attacks", name, {"type": "attack", "player": name}, tuple(choices)),
        Move("discard", f"{name} discards", name, {"type": "discard", "player": name}, (discard,)),
    ]


_SIDE = Choice("on", "On which card?", values=tuple(SIDES), labels=tuple(SIDES.values()))


def _pile_choice(key: str, label: str, player: Seat, numbers: list[int]) -> Choice:
    shown = tuple(f"pile {n}: {card_label(player.top(n))}" for n in numbers)
    return Choice(key, label, values=tuple(numbers), labels=shown)


def _fortune_choice(
    key: str, label: str, fortunes: list[dict[str, Any]], *, optional: bool = False
) -> Choice:
    ids = tuple(fortune["id"] for fortune in fortunes)
    shown = tuple(fortune_label(fortune) for fortune in fortunes)
    return Choice(key, label, values=ids, labels=shown, optional=optional)


def card_label(card: SaltCard) -> str:
    return f"{card.food} ({card.salt})"


def fortune_label(fortune: dict[str, Any]) -> str:
    return f"{fortune['id']} {fortune['delta']:+d}: {fortune['text']}"
