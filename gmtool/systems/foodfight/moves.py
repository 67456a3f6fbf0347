"""One action: discard, attack, answer a battle, or (before the first move) a tower layout.

A move is checked (``check_action``: the refusals, changing nothing), then carried out
(``carry_out``: the rules). The referee does both and writes the log's line; the simulator's
players only make moves the rules accept, so it carries them out alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, unknown
from gmtool.systems.foodfight.battle import attack, check_attack
from gmtool.systems.foodfight.battle_steps import (
    answer,
    check_answer,
    check_no_open_battle,
    check_reveal,
    is_two_step,
    reveal,
)
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


def apply_action(state: State, action: Mapping[str, Any]) -> Outcome:
    """Check ``action`` against the rules, carry it out on ``state`` and say what happened."""
    if action.get("type") == "layout":
        check_no_open_battle(state)
        return _layout(state, action)
    checked = check_action(state, action)
    who = _acting(state)
    result = carry_out(state, checked)
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


def carry_out(state: State, move: Mapping[str, Any], *, record: bool = True) -> dict[str, Any]:
    """Play a move the rules accept (``check_action``'s, or a simulated player's, which
    only makes such moves) and return its result document; a move that is over (not a
    battle waiting for a Fortune) is counted and the turn passes.

    ``record=False`` builds no document nobody would read (the simulator's games): the
    result holds only ``resolved`` and, once the move is over, the token ``moves``."""
    kind = move["type"]
    if kind == "fortune" or kind == "pass":
        result = answer(state, move, record=record)
    else:
        actor = state["players"][state["turn"]]
        if kind == "discard":
            result = _discard(state, actor, move["pile"], record=record)
        elif is_two_step(state):
            result = reveal(state, actor, move, record=record)
        else:
            result = attack(state, actor, move, record=record)
    if result.get("resolved", True):
        _finish_move(state, result if record else None)
    return result


def _acting(state: State) -> str:
    """Who makes the move about to be played: the player to answer in an open battle."""
    battle = state["battle"]
    name: str = battle[battle["to_answer"]] if battle else state["players"][state["turn"]]["name"]
    return name


def _finish_move(state: State, result: dict[str, Any] | None) -> None:
    """A move is over: count it, pass the turn, and say who went out or won."""
    state["moves"] += 1
    next_turn(state)
    if result is None:
        return
    after = current_player(state)
    result.update(
        eliminated=[m["player"] for m in result["moves"] if m["out"]],
        next=after["name"] if after else None,
        game_winner=state["winner"],
        over=state["over"],
    )


def _discard(state: State, actor: Player, pile: int, *, record: bool = True) -> dict[str, Any]:
    card = actor["piles"][pile - 1].pop()
    state["discards"].append(card["id"])
    rules = state["rules"]
    move = move_token(state, actor, rules["discard_steps"], base_draws=rules["discard_draws"])
    if not record:
        return {"moves": [move]}
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
