"""A battle: one top card against an opponent's top card, Fortunes, and the loss.

Both cards turn face up. Each of the two players may play Fortunes (as many as the
ruling allows, one by default) on either card; a card's value is floored at 0 after its
Fortunes are added up, or after each one, by the table's ruling. The lower value loses
its card and moves its token; equal values follow the table's tie ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from gmtool.errors import RulesError, UsageError, unknown
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import FortuneCard, Play, SaltCard, Seat
from gmtool.games.foodfight.rules.state import find_player, is_out, top_card
from gmtool.games.foodfight.rules.track import TokenMove, move_token
from gmtool.games.foodfight.state import Attack, Role, Side

SIDES: Final[tuple[Side, Side]] = ("mine", "theirs")
ROLES: Final[tuple[Role, Role]] = ("attacker", "defender")
OTHER_ROLE: Final[dict[Role, Role]] = {"attacker": "defender", "defender": "attacker"}

Moved = list[TokenMove]
"""The tokens a move moved, in order (a battle moves a loser's, a discard the player's)."""


def check_attack(match: Match, attacker: Seat, action: Mapping[str, Any]) -> Attack:
    """The attack as ``attack`` carries it out (the target and Fortunes named as dealt),
    Fortunes declared with it (the ``blind`` timing); raises if the rules refuse it."""
    _, defender, _ = battle_cards(match, attacker, action)
    plays = check_fortune_plays(match, action.get("fortunes"), attacker, defender)
    checked = target_of(action, defender)
    if plays:
        checked["fortunes"] = [
            {"by": play.role, "id": play.id, "on": play.side()} for play in plays
        ]
    return checked


def target_of(action: Mapping[str, Any], defender: Seat) -> Attack:
    """An attack checked: its piles, and its target by the name it was dealt."""
    return {
        "type": "attack",
        "pile": int(action["pile"]),
        "target": defender.name,
        "target_pile": int(action["target_pile"]),
    }


def attack(match: Match, attacker: Seat, move: Attack, defender: Seat) -> Moved:
    """Fight one battle whose Fortunes were declared with the attack (the ``blind``
    timing), the attack already checked (``check_attack``): the Fortunes leave their
    owners' hands, then the cards fight."""
    pile, target_pile = move["pile"], move["target_pile"]
    match.turn_face_up(attacker, pile)
    match.turn_face_up(defender, target_pile)
    plays = declared_plays(match, move, attacker, defender)
    for play in plays:
        (attacker if play.role == "attacker" else defender).fortunes.remove(play.id)
    return fight(match, attacker, pile, defender, target_pile, plays)


def declared_plays(match: Match, move: Attack, attacker: Seat, defender: Seat) -> list[Play]:
    """The Fortunes declared with a blind attack, as the battle rules keep them."""
    return [
        fortune_play(
            play["id"],
            match.fortune_cards[play["id"]],
            play["by"],
            play["on"],
            (attacker if play["by"] == "attacker" else defender).name,
        )
        for play in move.get("fortunes", ())
    ]


def battle_cards(
    match: Match, attacker: Seat, action: Mapping[str, Any]
) -> tuple[SaltCard, Seat, SaltCard]:
    """The attacking card, the defender and the defending card, if the attack is legal."""
    mine = top_card(match, attacker, action.get("pile"), action.get("card"), "attack with")
    defender = _target(match, attacker, action.get("target"))
    theirs = top_card(
        match, defender, action.get("target_pile"), action.get("target_card"), "attack"
    )
    return mine, defender, theirs


def fight(
    match: Match,
    attacker: Seat,
    pile: int,
    defender: Seat,
    target_pile: int,
    plays: list[Play],
) -> Moved:
    """Resolve a battle between the top cards of ``attacker``'s pile ``pile`` and
    ``defender``'s ``target_pile``, both face up, with the Fortunes ``plays`` (already out
    of their owners' hands): the lower value loses its card and moves its token."""
    rulings = match.rulings
    mine = attacker.top(pile).salt
    theirs = defender.top(target_pile).salt
    if plays:
        plays = attacker_first(plays)
        match.fortune_discards.extend(play.id for play in plays)
    values = battle_values(mine, theirs, plays, floor_each=rulings.floor_each)
    moves: list[TokenMove] = []
    for role in losers(values[0], values[1], rulings.tie):
        if role == "attacker":
            match.discards.append(match.take_top(attacker, pile).id)
            moves.append(move_token(match, attacker, rulings.battle_loss_steps))
        else:
            match.discards.append(match.take_top(defender, target_pile).id)
            moves.append(move_token(match, defender, rulings.battle_loss_steps))
    return moves


def attacker_first(plays: list[Play]) -> list[Play]:
    """The Fortunes of a battle in the order they count: the attacker's, then the
    defender's (each side's in the order played)."""
    if len(plays) < 2:
        return plays
    return [play for play in plays if play.role == "attacker"] + [
        play for play in plays if play.role != "attacker"
    ]


def battle_values(
    mine: int, theirs: int, plays: list[Play], *, floor_each: bool
) -> tuple[int, int]:
    """The attacker's and the defender's card's salt with their Fortunes (``plays``, the
    attacker's first, each naming the ``card`` it is on and its ``delta``), never below 0:
    floored once, after the total, or after each Fortune in the order played
    (``floor_each``, the ``fortune_floor: each`` ruling)."""
    for play in plays:
        if play.card == "attacker":
            mine += play.delta
            if floor_each and mine < 0:
                mine = 0
        else:
            theirs += play.delta
            if floor_each and theirs < 0:
                theirs = 0
    return (mine if mine > 0 else 0, theirs if theirs > 0 else 0)


def _target(match: Match, attacker: Seat, target: object) -> Seat:
    if target is None or target == "":
        raise UsageError("an attack needs a target player", hint="e.g. attack 3 Bo:5")
    defender = find_player(match, str(target))
    if defender is attacker:
        raise RulesError(
            f"{attacker.name} cannot attack their own card: pick an opponent's top card"
        )
    if is_out(defender):
        raise RulesError(
            f"{defender.name} is out of the game ({defender.out}): "
            "only players still standing can be attacked"
        )
    return defender


def check_fortune_plays(match: Match, plays: object, attacker: Seat, defender: Seat) -> list[Play]:
    """Check every Fortune played in the battle; returns them with the card each targets."""
    if plays is None:
        return []
    if not isinstance(plays, list):
        raise UsageError("'fortunes' must be a list of {by, id, on}")
    _check_fortune_count(match, plays, attacker, defender)
    cards = match.fortune_cards
    checked: list[Play] = []
    for play in plays:
        by: Role = "attacker" if str(play.get("by", "attacker")) == "attacker" else "defender"
        player = attacker if by == "attacker" else defender
        on = str(play.get("on", "mine"))
        if on not in SIDES:
            raise unknown("card for a Fortune", on, SIDES)
        typed = str(play.get("id", "")).strip()
        fid = typed
        if typed not in cards:  # typed in another case?
            fid = next((known for known in cards if known.casefold() == typed.casefold()), typed)
        # Neither refusal lists a hand: the screen is shared and Fortunes are secret.
        peek = f"gmtool foodfight peek --player {player.name} shows their Fortunes"
        if fid not in cards:
            raise UsageError(f"unknown Fortune '{fid}'", hint=peek)
        held = player.fortunes.count(fid) - sum(1 for p in checked if p.id == fid)
        if held < 1:
            raise RulesError(
                f"{player.name} does not hold Fortune {fid}: "
                "a player may play only a Fortune from their own hand",
                hint=peek,
            )
        side: Side = "mine" if on == "mine" else "theirs"
        checked.append(fortune_play(fid, cards[fid], by, side, player.name))
    return checked


def fortune_play(fid: str, card: FortuneCard, role: Role, on: Side, by: str) -> Play:
    """The Fortune ``fid`` played by ``by`` (the attacker or defender, ``role``) on their
    own card (``on`` mine) or the other, as the battle rules keep it."""
    return Play(fid, by, role, role if on == "mine" else OTHER_ROLE[role], card.delta, card.text)


def _check_fortune_count(match: Match, plays: list[Any], attacker: Seat, defender: Seat) -> None:
    """One Fortune per player per battle (by default), checked before anything else."""
    limit = match.rulings.fortunes_per_battle
    counted = {"attacker": 0, "defender": 0}
    for play in plays:
        if not isinstance(play, dict):
            raise UsageError("each Fortune play must be {by, id, on}")
        by = str(play.get("by", "attacker"))
        if by not in ROLES:
            raise unknown("Fortune player", by, ROLES)
        counted[by] += 1
        if counted[by] > limit:
            name = (attacker if by == "attacker" else defender).name
            raise RulesError(
                f"{name} cannot play another Fortune ({play.get('id')}) in this battle: "
                f"each player may play {limit} per battle"
            )


_TIE_LOSERS: Final[dict[str, tuple[Role, ...]]] = {
    "neither": (),
    "defender": ("attacker",),
    "attacker": ("defender",),
}
"""Whose card a tie takes, by the tie ruling (``both``: the two)."""


def losers(attacker_value: int, defender_value: int, tie: str) -> tuple[Role, ...]:
    """The roles whose card is lost, by the two values and the table's tie ruling."""
    if attacker_value > defender_value:
        return ("defender",)
    if defender_value > attacker_value:
        return ("attacker",)
    return _TIE_LOSERS.get(tie, ROLES)
