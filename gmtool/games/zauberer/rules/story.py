"""The log's line for each action: who, what, and what happened, told for the whole table.

A spell drawn from a dungeon is secret, so the log says only that a card was drawn; a
card is named once it is played. Trap cards are public.
"""

from __future__ import annotations

from typing import Any

from gmtool.games.zauberer.rules.state import State

NEXT_WORDS = {
    "move": "the fountain gives another move",
    "blue": "the fountain gives another move, or the turn may end",
    "white": "may call a duel",
    "dungeon": "may enter the dungeon",
    "trap": "must draw a trap card",
    "end": "ends the turn next",
    "duel": "a duel is on",
    "over": "the game is over",
}


def line(state: State, kind: str, doc: dict[str, Any], player: str | None) -> tuple[str, str, str]:
    """``(who, what, outcome)`` for the log."""
    team = doc.get("team") or doc.get("challenger") or ""
    if kind == "duel_round":
        team = f"{state_duellists(doc)}"
    elif kind == "roll_off":
        team = ", ".join(doc["rolls"][0])
    who = f"{team} ({player})" if team and player and kind != "duel_round" else team
    text = TELLERS[kind](state, doc)
    return who, kind.replace("_", " "), text + _aftermath(state, doc)


def state_duellists(doc: dict[str, Any]) -> str:
    return ", ".join(doc["power"])


def _roll_off(state: State, doc: dict[str, Any]) -> str:
    rounds = "; then ".join(
        ", ".join(f"{clan} {total}" for clan, total in totals.items()) for totals in doc["rolls"]
    )
    return f"{rounds}: {doc['first']} plays first"


def _move(state: State, doc: dict[str, Any]) -> str:
    path = " -> ".join([doc["from"], *doc["path"]]) if doc["path"] else f"stays on {doc['from']}"
    stop = ", stopped by the dungeon" if doc["stopped_by"] else ""
    after = NEXT_WORDS[doc["next"]]
    if doc.get("held_by"):
        after = f"no further move this turn ({doc['held_by']}); {after}"
    return (
        f"die {doc['die']}: {doc['steps']} step{'s' * (doc['steps'] != 1)}, {path}{stop} "
        f"({doc['space']}); {after}"
    )


def _dungeon(state: State, doc: dict[str, Any]) -> str:
    a, b = doc["dice"]
    text = f"dice {a}, {b}: "
    if doc["returned"]:
        text = f"puts its spell back; {text}"
    if doc["outcome"] == "spell":
        return text + ("draws a spell card" if doc["card"] else "the spell pile is empty")
    if doc["outcome"] == "back":
        where = doc["back"][-1] if doc["back"] else "the start"
        return text + f"snake eyes, sent back to {where}"
    return text + "a single one, nothing found"


def _trap(state: State, doc: dict[str, Any]) -> str:
    text = f"{doc['name']}: {state['traps'][doc['trap']]['text']}"
    if doc.get("back"):
        text += f" (now on {doc['back'][-1]})"
    return text


def _cast(state: State, doc: dict[str, Any]) -> str:
    parts = [f"casts {doc['name']}"]
    for moved in doc.get("moves", []):
        parts.append(f"{moved['team']} {moved['from']} -> {moved['to']}")
    for swap in doc.get("swaps", []):
        a, b = swap["spaces"]
        parts.append(f"{a} is now {swap['colours'][0]}, {b} {swap['colours'][1]}")
    if doc.get("space"):
        parts.append(f"a ring on {doc['space']}")
    if doc.get("duel"):
        parts.append(f"{doc['duel'][0]} and {doc['duel'][1]} duel")
    return "; ".join(parts)


def _duel_start(state: State, doc: dict[str, Any]) -> str:
    hp = ", ".join(f"{clan} {points} HP" for clan, points in doc["hp"].items())
    text = f"{doc['challenger']} calls out {doc['defender']} ({hp})"
    for lasting in doc["lasting"]:
        text += f"; {lasting['clan']}: {lasting['source']}"
    return text


def _duel_round(state: State, doc: dict[str, Any]) -> str:
    sides = []
    for clan, power in doc["power"].items():
        words = [f"{clan} {_dice_told(state, doc, clan)}"]
        card = doc["attack"].get(clan) or doc["defense"].get(clan)
        if card:
            words.append(f"[{state['cards'][card]['name']}]")
        for source, amount in doc["modifiers"][clan]:
            words.append(f"{amount:+d} {source}" if amount else source)
        sides.append(f"{' '.join(words)} = {power}")
    text = f"round {doc['round']}: " + " vs ".join(sides)
    if doc["ended"]:
        return text + f"; {doc['ended']} calls the duel off"
    if doc["round_loser"]:
        text += f"; {doc['round_loser']} loses a hit point"
    elif doc["hurt"]:
        text += "; both lose a hit point"
    else:
        text += "; no hit point lost"
    for clan in doc["blocked"]:
        text += f" ({clan} blocks)"
    if doc["winner"]:
        loser = next(clan for clan in doc["power"] if clan != doc["winner"])
        text += f"; {doc['winner']} wins the duel, {loser} leaves the game"
    return text


def _dice_told(state: State, doc: dict[str, Any], clan: str) -> str:
    """A duellist's dice as they count: rolled, the higher one only, replaced by Ice
    Mirror's doubled die, or switched with the enemy's (Whirlpool), so that the line adds
    up to the Power Points it shows."""
    faces = doc["dice"][clan]
    told = "+".join(str(face) for face in faces)
    if doc["one_die"][clan] and len(faces) == 1:
        told = f"{told} (one die)"
    elif doc["one_die"][clan]:
        first = state["rules"].get("one_die", "higher_of_two") == "roll_one"
        told = f"{'first' if first else 'best'} of {told}"
    guard = doc["defense"].get(clan)
    if guard is not None and state["cards"][guard]["effect"]["kind"] == "double_one_die":
        told += f" replaced by 2×{doc['extra_die'][clan]}"
    if doc.get("switched"):
        told += f" switched for {doc['counted'][clan]}"
    return told


def _end_turn(state: State, doc: dict[str, Any]) -> str:
    if doc["centre_turns"]:
        return f"holds the centre ({doc['centre_turns']})"
    return "ends its turn"


def _aftermath(state: State, doc: dict[str, Any]) -> str:
    text = ""
    turn = doc.get("turn") or (doc if doc.get("type") == "end_turn" else None)
    if turn and turn.get("centre_turns") and doc.get("type") != "end_turn":
        text += f"; the turn ends, the centre held ({turn['centre_turns']})"
    if turn and turn.get("skipped"):
        text += f"; {', '.join(turn['skipped'])} miss{'es' * (len(turn['skipped']) == 1)} a turn"
    if state["over"]:
        how = "holds the centre" if state["ended_by"] == "centre" else "is the last team left"
        text += f"; {state['winner']} {how} and wins the game"
    return text


TELLERS = {
    "roll_off": _roll_off,
    "move": _move,
    "dungeon": _dungeon,
    "trap": _trap,
    "cast": _cast,
    "duel_start": _duel_start,
    "duel_round": _duel_round,
    "end_turn": _end_turn,
}
