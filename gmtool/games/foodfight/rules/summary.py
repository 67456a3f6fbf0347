"""One-line summaries of a move for the log: what happened, who went out, who won.

The log is read by the whole table, so a summary holds only what everyone saw: the two
battling cards (both turn face up), the Fortunes played, and a discarded card only if it
was seen (see the ``reveal_discards`` ruling).
"""

from __future__ import annotations

from typing import Any

OUT_REASONS = {"towers": "no towers left", "health": "the end of the track"}


def battle_line(result: dict[str, Any]) -> str:
    """``Ana's Toast 5 +4 (Ana) -2 (Bo) = 7 vs Bo's Soup 6: Ana wins the battle``."""
    fight = f"{_side(result['attacker'])} vs {_side(result['defender'])}"
    if not result["tie"]:
        return f"{fight}: {result['winner']} wins the battle"
    if result["winner"]:
        role = "attacker" if result["winner"] == result["attacker"]["player"] else "defender"
        return f"{fight}: a tie, won by {result['winner']} (the {role})"
    if result["losers"]:
        return f"{fight}: a tie, both cards are lost"
    return f"{fight}: a tie, both cards stay"


def _side(side: dict[str, Any]) -> str:
    card = side["card"]
    text = f"{side['player']}'s {card['food']} {card['salt']}"
    if side["fortunes"]:
        text += "".join(f" {f['delta']:+d} ({f['by']})" for f in side["fortunes"])
        text += f" = {side['value']}"
    return text


def step_line(step: dict[str, Any]) -> str:
    """A step of a two-step battle: the cards turned over, a Fortune played, a pass."""
    if step["type"] == "battle_opened":
        a, d = step["attacker"], step["defender"]
        text = (
            f"{a['player']}'s {a['card']['food']} {a['card']['salt']} vs "
            f"{d['player']}'s {d['card']['food']} {d['card']['salt']}, face up"
        )
    elif step["type"] == "battle_fortune":
        fortune = step["fortune"]
        text = f"{step['by']} plays {fortune['id']} ({fortune['delta']:+d}) on {step['on']}'s card"
    else:
        text = f"{step['by']} passes"
    if step.get("resolved") is False:
        text += f"; {step['to_answer']} may play a Fortune or pass"
    return text


def discard_line(result: dict[str, Any]) -> str:
    """``Banana 1 goes to the box``, or the pile alone for a card nobody saw."""
    card = result["card"]
    if card is None:
        return f"the top card of pile {result['pile']}, face down, goes to the box"
    return f"{card['food']} {card['salt']} goes to the box"


def aftermath(result: dict[str, Any]) -> str:
    """``; Di is out (no towers left); Ana wins the game``, or nothing."""
    text = "".join(
        f"; {move['player']} is out ({OUT_REASONS[move['out']]})"
        for move in result["moves"]
        if move["out"]
    )
    if result["over"]:
        winner = result["game_winner"]
        text += f"; {winner} wins the game" if winner else "; nobody is left standing"
    return text
