"""Carrying out one action: discard, attack, or (before the first move) a tower layout."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, unknown
from gmtool.systems.foodfight.battle import attack
from gmtool.systems.foodfight.battle_steps import answer, check_no_open_battle, is_two_step, reveal
from gmtool.systems.foodfight.layouts import lay_out
from gmtool.systems.foodfight.state import (
    Player,
    State,
    check_actor,
    current_player,
    find_player,
    next_turn,
    secret_below,
    top_card,
)
from gmtool.systems.foodfight.summary import aftermath, battle_line, discard_line, step_line
from gmtool.systems.foodfight.track import move_token

ACTION_TYPES = ("discard", "attack", "layout", "fortune", "pass")


def apply_action(state: State, action: Mapping[str, Any], *, narrate: bool = True) -> Outcome:
    """Check ``action`` against the rules and carry it out on ``state``.

    ``narrate=False`` leaves out the log's one-line summary (the simulator reads only the
    result document); the rules applied are the same."""
    kind = action.get("type")
    if kind in ("fortune", "pass"):
        return _answer(state, action, narrate)
    if kind not in ACTION_TYPES:
        raise unknown("Food Fight action", str(kind), ACTION_TYPES)
    check_no_open_battle(state)
    if kind == "layout":
        return _layout(state, action)
    actor = check_actor(state, action.get("player"))
    who = actor["name"]
    if kind == "discard":
        result = _discard(state, actor, action)
    elif is_two_step(state):
        result = reveal(state, actor, action)
    else:
        result = attack(state, actor, action)
    if not narrate:
        return result_only(state, result, who)
    if kind == "discard":
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
    return _conclude(state, result, who, what, outcome)


def _answer(state: State, action: Mapping[str, Any], narrate: bool) -> Outcome:
    """A Fortune played, or a pass, in an open battle; the last answer resolves it."""
    result = answer(state, action)
    step = result if not result["resolved"] else result["step"]
    if not narrate:
        return result_only(state, result, step["by"])
    what = f"fortune {step['fortune']['id']}" if step["type"] == "battle_fortune" else "pass"
    outcome = step_line(step)
    if not result["resolved"]:
        return Outcome(state, result, who=step["by"], what=what, outcome=outcome)
    return _conclude(state, result, step["by"], what, f"{outcome}; {battle_line(result)}")


def result_only(state: State, result: dict[str, Any], who: str) -> Outcome:
    """The simulator's outcome: the move concluded if it is over, no text."""
    if result.get("resolved", True):
        _finish_move(state, result)
    return Outcome(state, result, who=who)


def _conclude(state: State, result: dict[str, Any], who: str, what: str, outcome: str) -> Outcome:
    """A move is over: count it, pass the turn, and say who went out or won."""
    _finish_move(state, result)
    return Outcome(state, result, who=who, what=what, outcome=outcome + aftermath(result))


def _finish_move(state: State, result: dict[str, Any]) -> None:
    eliminated = [m["player"] for m in result["moves"] if m["out"]]
    state["moves"] += 1
    next_turn(state)
    after = current_player(state)
    result.update(
        eliminated=eliminated,
        next=after["name"] if after else None,
        game_winner=state["winner"],
        over=state["over"],
    )


def _discard(state: State, actor: Player, action: Mapping[str, Any]) -> dict[str, Any]:
    card = top_card(state, actor, action.get("pile"), action.get("card"), "discard")
    pile = int(action["pile"])
    actor["piles"][pile - 1].pop()
    state["discards"].append(card["id"])
    rules = state["rules"]
    move = move_token(state, actor, rules["discard_steps"], base_draws=rules["discard_draws"])
    seen = card["face_up"] or rules.get("reveal_discards", False)
    return {
        "type": "discard",
        "player": actor["name"],
        "pile": pile,
        "card": {"id": card["id"], "food": card["food"], "salt": card["salt"]} if seen else None,
        "moves": [move],
    }


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
