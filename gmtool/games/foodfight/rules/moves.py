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
    is_two_step,
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
from gmtool.games.foodfight.rules.state import (
    State,
    check_actor,
    current_player,
    find_player,
    secret_below,
    top_card,
)
from gmtool.games.foodfight.rules.summary import aftermath, battle_line, discard_line, step_line
from gmtool.games.foodfight.rules.track import TokenMove, move_token

ACTION_TYPES = ("discard", "attack", "layout", "fortune", "pass")


def apply_action(state: State, action: Mapping[str, Any]) -> Outcome:
    """Check ``action`` against the rules, carry it out on ``state`` and say what happened."""
    if action.get("type") == "layout":
        check_no_open_battle(state)
        return _layout(state, action)
    checked = check_action(state, action)
    who = _acting(state)
    match = Match(state)
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


def check_action(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The move ``action`` asks for, as ``carry_out`` takes it (piles as numbers, players
    and Fortunes named as dealt); raises the rules' refusal, changing nothing."""
    kind = action.get("type")
    if kind in ("fortune", "pass"):
        return check_answer(state, action)
    if kind not in ACTION_TYPES or kind == "layout":
        raise unknown("Food Fight action", str(kind), ACTION_TYPES)
    check_no_open_battle(state)
    actor = check_actor(state, action.get("player"))
    if kind == "discard":
        top_card(state, actor, action.get("pile"), action.get("card"), "discard")
        return {"type": "discard", "pile": int(action["pile"])}
    if is_two_step(state):
        return check_reveal(state, actor, action)
    return check_attack(state, actor, action)


def carry_out(match: Match, move: Mapping[str, Any]) -> dict[str, Any]:
    """Play a move the rules accept (``check_action``'s) and return its result document:
    what the document needs is noted before the move takes it away, then ``play``."""
    kind = move["type"]
    if kind == "discard":
        actor = match.current
        card = actor.top(move["pile"])
        seen = card if card.face_up or match.rulings.reveal_discards else None
        moves = play(match, move)
        assert moves is not None  # a discard never waits
        result = discard_document(actor, move["pile"], seen, moves)
    elif kind == "attack":
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
        step = answer_step(players, role, plays[-1] if kind == "fortune" else None)
        result = battle_result(match, sides, plays, moves, step)
    if moves is not None:
        finished(match, result)
    return result


def play(match: Match, move: Mapping[str, Any]) -> Moved | None:
    """Carry out a move the rules accept (the referee's checked move, or a simulated
    player's, who only makes such moves): the rules themselves, with no document.

    Returns the tokens moved once the move is over (it is counted and the turn passes),
    or None while a two-step battle waits for a Fortune or a pass."""
    kind = move["type"]
    if kind == "attack":
        attacker = match.current
        defender = match.by_name[move["target"]]
        if match.rulings.two_step:
            moves = reveal(match, attacker, move["pile"], defender, move["target_pile"])
        else:
            moves = attack(match, attacker, move, defender)
    elif kind == "discard":
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


def _acting(state: State) -> str:
    """Who makes the move about to be played: the player to answer in an open battle."""
    battle = state["battle"]
    name: str = battle[battle["to_answer"]] if battle else state["players"][state["turn"]]["name"]
    return name


def _layout(state: State, action: Mapping[str, Any]) -> Outcome:
    """Re-stack one player's towers; allowed only before the first move of the game."""
    if state["moves"] > 0:
        raise RulesError("towers are laid out before the first move: the game has begun")
    named = action.get("player")
    player = find_player(state, str(named)) if named else current_player(state)
    assert player is not None
    plan = action.get("piles") if action.get("piles") is not None else action.get("strategy")
    if plan is None:
        raise RulesError("a layout needs 'piles' or a 'strategy'")
    cards = [card for pile in player["piles"] for card in pile]
    rules = state["rules"]
    player["piles"] = lay_out(
        sorted(cards, key=lambda card: card["id"]),
        plan,
        spots=rules["spots"],
        per_spot=rules["cards_per_spot"],
        pick_below=lambda count: secret_below(state, count),
        who=player["name"],
    )
    how = plan if isinstance(plan, str) else "by hand"
    result = {"type": "layout", "player": player["name"], "layout": how}
    return Outcome(
        state, result, who=player["name"], what="lay out towers", outcome=f"laid out {how}"
    )
