"""Rich views of Stars & Starships results: the fight's dashboard and attacks (the
odds are drawn in plain text, in ``starships_odds``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gmtool.games.starships.render_odds import odds as odds
from gmtool.render.bars import meter

BAR_WIDTH = 12
MOMENTUM_DOTS = 6
"""Momentum up to this shows as dots, more as a number (so the table keeps to 80 columns)."""
SIDE_STYLE = {"party": "cyan", "enemies": "red"}
EFFECT_STYLE = {"damage": "bold", "reflect": "magenta", "heal": "green", "none": "dim"}


def status(doc: dict[str, Any]) -> RenderableType:
    """The dashboard: mode and round, whose turn, the turns to come, then everyone."""
    parts: list[RenderableType] = [_headline(doc)]
    if doc["order"]:
        order = Text("turns: ", style="dim")
        for index, name in enumerate(doc["order"]):
            order.append(name, style="bold reverse" if index == 0 else "")
            order.append("  ")
        parts.append(order)
    parts.append(_combatant_table(doc))
    return Group(*parts)


def _headline(doc: dict[str, Any]) -> Text:
    mode = doc["mode"]
    if mode == "encounter":
        text = Text(f"Encounter {doc['encounter_number']} · round {doc['round']} · ", style="bold")
        text.append(f"{doc['turn']}'s turn", style=f"bold {SIDE_STYLE.get(doc['side'], '')}")
        return text
    if mode == "game_over":
        return Text("GAME OVER: the whole party is down (undo to go back)", style="bold red")
    last = {"victory": " · last fight won", "ended": " · last fight ended early"}
    return Text("Exploration" + last.get(doc.get("last_outcome") or "", ""), style="bold")


def _combatant_table(doc: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("", "name", "side", "row", "HP", "Def", "Momentum"):
        table.add_column(column, no_wrap=True)
    table.add_column("")  # the notes wrap, never the bars
    for fighter in doc["combatants"]:
        mark = "▶" if fighter["name"] == doc["turn"] else ""
        notes = "unconscious" if fighter["down"] else _lost_turns(fighter["skip_turns"])
        style = "dim" if fighter["down"] else SIDE_STYLE.get(fighter["side"], "")
        table.add_row(
            mark,
            Text(fighter["name"], style=style),
            fighter["side"],
            fighter["row"],
            meter(fighter["hp"], fighter["max_hp"], BAR_WIDTH),
            str(fighter["defense"]),
            _momentum(fighter["momentum"]),
            Text(notes, style="yellow"),
        )
    return table


def _momentum(points: int) -> str:
    return "●" * points if points <= MOMENTUM_DOTS else str(points)


def _lost_turns(count: int) -> str:
    return {0: "", 1: "loses a turn"}.get(count, f"loses {count} turns")


def attack(doc: dict[str, Any]) -> RenderableType:
    """An attack: the d20 against Defense, what the hit did, Momentum, and who is next."""
    roll = Text(f"{doc['attacker']} → {doc['target']} ({doc['weapon']}, {doc['damage_type']}): ")
    bonus = doc["attack_total"] - doc["natural"]
    roll.append(
        f"d20 {doc['natural']} {bonus:+d} = {doc['attack_total']} vs Defense {doc['defense']} "
    )
    roll.append("HIT" if doc["hit"] else "MISS", style="bold green" if doc["hit"] else "bold red")
    lines: list[RenderableType] = [roll, Text("  ".join(doc["rolls"]), style="dim")]
    if doc["hit"]:
        lines.append(_effect_line(doc))
    change, attacker = doc["momentum_change"], doc["attacker"]
    swings = [f"Momentum {change:+d} → {doc['momentum'][attacker]}"] if change else []
    if doc["lost_turn"]:
        swings.append(f"{attacker} loses their next turn")
    if swings:
        lines.append(Text("; ".join(swings), style="cyan" if change > 0 else "yellow"))
    lines += _aftermath(doc)
    return Group(*lines)


def _effect_line(doc: dict[str, Any]) -> Text:
    callout = f"{doc['callout']} " if doc["callout"] else ""
    target, attacker = doc["target"], doc["attacker"]
    amount = f"{doc['damage']} ({doc['working']})" if doc.get("working") else str(doc["damage"])
    words = {
        "damage": f"{target} takes {amount} (HP {doc['hp'][target]})",
        "reflect": f"{amount} reflected onto {attacker} (HP {doc['hp'][attacker]})",
        "heal": f"{target} heals {amount} (HP {doc['hp'][target]})",
        "none": f"{target} takes nothing",
    }[doc["effect"]]
    text = Text(callout, style="bold yellow")
    text.append(words, style=EFFECT_STYLE[doc["effect"]])
    return text


def _aftermath(doc: dict[str, Any], *, names: bool = True) -> list[RenderableType]:
    """Who fell and whose turns went (unless ``names`` is off), how the fight ended, who is
    next."""
    lines: list[RenderableType] = []
    if names:
        for name in doc.get("fallen") or []:
            lines.append(Text(f"{name} falls unconscious", style="bold red"))
        for name in doc.get("skipped") or []:
            lines.append(Text(f"{name} loses a turn", style="yellow"))
    ended = doc.get("ended")
    if ended == "victory":
        lines.append(Text("Victory: every enemy is down; back to exploration", style="bold green"))
    elif ended == "defeat":
        lines.append(Text("Defeat: the whole party is down; the game is over", style="bold red"))
    elif doc.get("next"):
        lines.append(Text(f"next: {doc['next']}", style="bold"))
    return lines


def note(doc: dict[str, Any]) -> RenderableType:
    """Any other action: the log's line (``who``, ``what``, ``outcome``: it already names
    who fell and whose turns went), how the fight ended, and who acts next."""
    line = f"{doc['who']}: {doc['what']}" if doc.get("who") else doc["what"]
    if doc.get("outcome"):
        line += f" → {doc['outcome']}"
    return Group(Text(line), *_aftermath(doc, names=False))
