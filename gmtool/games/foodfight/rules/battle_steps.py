"""The battle in the rules' order: the cards turn face up, then Fortunes, then the result.

"If either you or your opponent's cards are face down, flip them face up", and then "to use
one, just reveal the Fortune". So with ``fortune_timing: after_reveal`` (the default) an
attack only turns the two cards over and opens the battle; the attacker, then the
defender, may each play a Fortune (``fortune``) or ``pass``; once both have answered the
battle resolves. A player who holds no Fortune, or has played all the ruling allows, is
not asked. ``blind`` keeps the older way: Fortunes are declared with the attack.

The open battle is the match's ``battle`` (``pieces.OpenBattle``), stored as
``state["battle"]``::

    {"attacker", "pile", "defender", "target_pile", "plays": [...], "answered": [roles],
     "to_answer": role}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.errors import RulesError
from gmtool.games.foodfight.rules.battle import (
    ROLES,
    Moved,
    battle_cards,
    check_fortune_plays,
    fight,
    fortune_play,
    target_of,
)
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import OpenBattle, Play, Seat
from gmtool.games.foodfight.rules.state import check_game_not_over, find_player
from gmtool.games.foodfight.state import Attack, Pass, PlayFortune, Role


def check_no_open_battle(match: Match) -> None:
    battle = match.battle
    if battle is not None:
        who = battle.player(battle.to_answer)
        raise RulesError(
            f"a battle is under way: {who} may play a Fortune or pass first",
            hint="gmtool foodfight fortune ID [--on mine|theirs], or gmtool foodfight pass",
        )


def check_reveal(match: Match, attacker: Seat, action: Mapping[str, Any]) -> Attack:
    """The attack as ``reveal`` carries it out; raises if the rules refuse it."""
    if action.get("fortunes"):
        raise RulesError(
            "Fortunes are played after the cards are turned over, not with the attack",
            hint="attack first, then gmtool foodfight fortune ID (or pass)",
        )
    _, defender, _ = battle_cards(match, attacker, action)
    return target_of(action, defender)


def reveal(
    match: Match, attacker: Seat, pile: int, defender: Seat, target_pile: int
) -> Moved | None:
    """Step one of a checked attack (``check_reveal``): turn both cards face up and open
    the battle, or resolve it at once when neither side can play a Fortune. Returns the
    tokens moved, or None while the battle waits for an answer."""
    match.turn_face_up(attacker, pile)
    match.turn_face_up(defender, target_pile)
    first = _next_to_answer(match, attacker, defender, [], [])
    if first is None:
        return fight(match, attacker, pile, defender, target_pile, [])
    match.battle = OpenBattle(attacker.name, pile, defender.name, target_pile, [], [], first)
    return None


def check_answer(match: Match, action: Mapping[str, Any]) -> PlayFortune | Pass:
    """Step two, checked: the answer as ``answer`` carries it out (a Fortune named as
    dealt); raises if it is not this player's to give or the rules refuse the Fortune."""
    check_game_not_over(match)
    battle = match.battle
    if battle is None:
        raise RulesError(
            "no battle is waiting for a Fortune",
            hint="Fortunes are played after an attack turns the cards over",
        )
    role = battle.to_answer
    player = match.by_name[battle.player(role)]
    named = action.get("player")
    if named not in (None, "") and find_player(match, str(named)) is not player:
        raise RulesError(
            f"it is {player.name}'s answer in this battle (the {role}), not {named}'s: "
            "the attacker answers first, then the defender"
        )
    if action.get("type") == "pass":
        return {"type": "pass"}
    attacker = match.by_name[battle.attacker]
    defender = match.by_name[battle.defender]
    wanted = {"by": role, "id": action.get("id"), "on": action.get("on") or "mine"}
    (play,) = check_fortune_plays(match, [wanted], attacker, defender)
    return {"type": "fortune", "id": play.id, "on": play.side()}


def answer(match: Match, move: PlayFortune | Pass) -> Moved | None:
    """Step two of a battle, checked (``check_answer``): the player to answer plays one
    Fortune (``type: fortune``) or passes; then the next player who may play a Fortune
    is asked, or the battle resolves (see ``reveal`` for what is returned)."""
    battle = match.battle
    assert battle is not None
    role = battle.to_answer
    attacker = match.by_name[battle.attacker]
    defender = match.by_name[battle.defender]
    if move["type"] == "pass":
        battle.answered.append(role)
    else:
        player = attacker if role == "attacker" else defender
        fid = move["id"]
        play = fortune_play(fid, match.fortune_cards[fid], role, move["on"], player.name)
        player.fortunes.remove(fid)
        battle.plays.append(play)
    plays = battle.plays
    asked = _next_to_answer(match, attacker, defender, plays, battle.answered)
    if asked is not None:
        battle.to_answer = asked
        return None
    match.battle = None
    return fight(match, attacker, battle.pile, defender, battle.target_pile, plays)


def _next_to_answer(
    match: Match, attacker: Seat, defender: Seat, plays: list[Play], answered: list[Role]
) -> Role | None:
    """The role asked next in an open battle: the attacker, then the defender, each while
    they hold a Fortune, have not passed, and have played fewer than the ruling allows."""
    limit = match.rulings.fortunes_per_battle
    if attacker.fortunes and "attacker" not in answered and _played(plays, "attacker") < limit:
        return "attacker"
    if defender.fortunes and "defender" not in answered and _played(plays, "defender") < limit:
        return "defender"
    return None


def _played(plays: list[Play], role: Role) -> int:
    """How many Fortunes ``role`` has played in the battle."""
    count = 0
    for play in plays:
        if play.role == role:
            count += 1
    return count


def public_battle(match: Match) -> dict[str, Any] | None:
    """The open battle as everyone at the table sees it (None when there is none): both
    cards are face up and every Fortune played was revealed."""
    battle = match.battle
    if battle is None:
        return None
    players = {role: match.by_name[battle.player(role)] for role in ROLES}
    return {
        "attacker": card_document(players["attacker"], battle.pile),
        "defender": card_document(players["defender"], battle.target_pile),
        "fortunes": [
            {
                "id": play.id,
                "text": play.text,
                "delta": play.delta,
                "by": play.by,
                "on": players[play.card].name,
            }
            for play in battle.plays
        ],
        "to_answer": players[battle.to_answer].name,
    }


def card_document(player: Seat, pile: int) -> dict[str, Any]:
    """The top card of ``player``'s pile ``pile``, face up, as a result document names it."""
    return {"player": player.name, "pile": pile, "card": player.top(pile).shown()}
