"""One action: discard, attack, answer a battle, or (before the first move) a tower layout.

A move is checked (``check_action``: the refusals, changing nothing), then played
(``play``: the rules). The referee does both, with the result document (``carry_out``)
and the log's line; the simulator's players only make moves the rules accept, so it
plays them alone, and builds no document nobody would read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, unknown
from gmtool.games.foodfight.rules.battle import ROLES, Moved, attack, check_attack, declared_plays
from gmtool.games.foodfight.rules.battle_steps import (
    answer,
    card_document,
    check_answer,
    check_no_open_battle,
    check_reveal,
    reveal,
)
from gmtool.games.foodfight.rules.layouts import lay_out
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import Play, Seat
from gmtool.games.foodfight.rules.results import (
    answer_step,
    battle_result,
    discard_document,
    finished,
)
from gmtool.games.foodfight.rules.state import check_actor, current_player, find_player, top_card
from gmtool.games.foodfight.rules.summary import aftermath, battle_line, discard_line, step_line
from gmtool.games.foodfight.rules.track import TokenMove, move_token
from gmtool.games.foodfight.state import Move

ACTION_TYPES = ("discard", "attack", "layout", "fortune", "pass")


def apply_action(state: dict[str, Any], action: Mapping[str, Any]) -> Outcome:
    """Check ``action`` against the rules, carry it out on the game stored in ``state``
    (written back into it) and say what happened."""
    match = Match(state)
    if action.get("type") == "layout":
        check_no_open_battle(match)
        return _layout(match, state, action)
    checked = check_action(match, action)
    who = _acting(match)
    result = carry_out(match, checked)
    match.store()
    kind = checked["type"]
    if kind in ("fortune", "pass"):
        step = result if not result["resolved"] else result["step"]
        what = f"fortune {step['fortune']['id']}" if kind == "fortune" else "pass"
        outcome = step_line(step)
        if not result["resolved"]:
            return Outcome(state, result, who=who, what=what, outcome=outcome)
        outcome = f"{outcome}; {battle_line(result)}"
    elif kind == "discard":
        what = f"discard pile {result['pile']}"
        outcome = discard_line(result)
    else:
        battle = result if result["type"] == "attack" else result["battle"]
        defender = battle["defender"]
        # The defender takes part too (they may play a Fortune): ``log --who`` finds both.
        who = f"{who}, {defender['player']}"
        what = f"attack {battle['attacker']['pile']} {defender['player']}:{defender['pile']}"
        outcome = battle_line(result) if result["type"] == "attack" else step_line(result)
        if not result.get("resolved", True):
            return Outcome(state, result, who=who, what=what, outcome=outcome)
    return Outcome(state, result, who=who, what=what, outcome=outcome + aftermath(result))


def check_action(match: Match, action: Mapping[str, Any]) -> Move:
    """The move ``action`` asks for, as ``carry_out`` takes it (piles as numbers, players
    and Fortunes named as dealt); raises the rules' refusal, changing nothing."""
    kind = action.get("type")
    if kind in ("fortune", "pass"):
        return check_answer(match, action)
    if kind not in ACTION_TYPES or kind == "layout":
        raise unknown("Food Fight action", str(kind), ACTION_TYPES)
    check_no_open_battle(match)
    actor = check_actor(match, action.get("player"))
    if kind == "discard":
        top_card(match, actor, action.get("pile"), action.get("card"), "discard")
        return {"type": "discard", "pile": int(action["pile"])}
    if match.rulings.two_step:
        return check_reveal(match, actor, action)
    return check_attack(match, actor, action)


def carry_out(match: Match, move: Move) -> dict[str, Any]:
    """Play a move the rules accept (``check_action``'s) and return its result document:
    what the document needs is noted before the move takes it away, then ``play``."""
    if move["type"] == "discard":
        actor = match.current
        card = actor.top(move["pile"])
        seen = card if card.face_up or match.rulings.reveal_discards else None
        moves = play(match, move)
        assert moves is not None  # a discard never waits
        result = discard_document(actor, move["pile"], seen, moves)
    elif move["type"] == "attack":
        attacker, defender = match.current, match.by_name[move["target"]]
        sides = (
            card_document(attacker, move["pile"]),
            card_document(defender, move["target_pile"]),
        )
        plays: list[Play] = []
        if match.rulings.two_step:
            step: dict[str, Any] | None = {
                "type": "battle_opened",
                "attacker": sides[0],
                "defender": sides[1],
            }
        else:
            step, plays = None, declared_plays(match, move, attacker, defender)
        moves = play(match, move)
        result = battle_result(match, sides, plays, moves, step)
    else:  # an answer in an open battle: a Fortune or a pass
        battle = match.battle
        assert battle is not None
        players = {role: match.by_name[battle.player(role)] for role in ROLES}
        sides = (
            card_document(players["attacker"], battle.pile),
            card_document(players["defender"], battle.target_pile),
        )
        role, plays = battle.to_answer, battle.plays
        moves = play(match, move)
        step = answer_step(players, role, plays[-1] if move["type"] == "fortune" else None)
        result = battle_result(match, sides, plays, moves, step)
    if moves is not None:
        finished(match, result)
    return result


def play(match: Match, move: Move) -> Moved | None:
    """Carry out a move the rules accept (the referee's checked move, or a simulated
    player's, who only makes such moves): the rules themselves, with no document.

    Returns the tokens moved once the move is over (it is counted and the turn passes),
    or None while a two-step battle waits for a Fortune or a pass."""
    if move["type"] == "attack":
        attacker = match.current
        defender = match.by_name[move["target"]]
        if match.rulings.two_step:
            moves = reveal(match, attacker, move["pile"], defender, move["target_pile"])
        else:
            moves = attack(match, attacker, move, defender)
    elif move["type"] == "discard":
        moves = [discard(match, match.current, move["pile"])]
    else:
        moves = answer(match, move)
    if moves is not None:
        match.moves += 1
        match.pass_turn()
    return moves


def discard(match: Match, player: Seat, pile: int) -> TokenMove:
    """Send the top card of ``player``'s pile ``pile`` to the box; their token moves on
    and they draw Fortunes."""
    match.discards.append(match.take_top(player, pile).id)
    rulings = match.rulings
    return move_token(match, player, rulings.discard_steps, base_draws=rulings.discard_draws)


def _acting(match: Match) -> str:
    """Who makes the move about to be played: the player to answer in an open battle."""
    battle = match.battle
    return battle.player(battle.to_answer) if battle else match.current.name


def _layout(match: Match, state: dict[str, Any], action: Mapping[str, Any]) -> Outcome:
    """Re-stack one player's towers; allowed only before the first move of the game."""
    if match.moves > 0:
        raise RulesError("towers are laid out before the first move: the game has begun")
    named = action.get("player")
    player = find_player(match, str(named)) if named else current_player(match)
    assert player is not None
    plan = action.get("piles") if action.get("piles") is not None else action.get("strategy")
    if plan is None:
        raise RulesError("a layout needs 'piles' or a 'strategy'")
    cards = [card for pile in player.piles for card in pile]
    rulings = match.rulings
    piles = lay_out(
        sorted(cards, key=lambda card: card.id),
        plan,
        spots=rulings.spots,
        per_spot=rulings.cards_per_spot,
        pick_below=match.secret_below,
        who=player.name,
    )
    match.restack(player, piles)
    match.store()
    how = plan if isinstance(plan, str) else "by hand"
    result = {"type": "layout", "player": player.name, "layout": how}
    return Outcome(state, result, who=player.name, what="lay out towers", outcome=f"laid out {how}")
