"""Zauberer's odds in plain text: a duel's next roll and the whole duel, and what entering
a dungeon brings (no rich: ``zauberer odds`` pays for its answer only)."""

from __future__ import annotations

from typing import Any

from gmtool.render.plain import Lines, table


def duel_odds(doc: dict[str, Any]) -> Lines:
    """Each side's chance to win the next roll and the whole duel."""
    a, b = doc["teams"]
    one, whole = doc["round"], doc["duel"]
    rows = [
        ("next roll", _pc(one["win"]), _pc(one["lose"]), _pc(one["tie"])),
        (
            f"the duel ({doc['hp'][a]} HP vs {doc['hp'][b]} HP)",
            _pc(whole["win"]),
            _pc(whole["lose"]),
        ),
    ]
    header = ("", f"{a} wins", f"{b} wins", "tie")
    return Lines([[f"{a} against {b}"]]).extend(table(header, rows, right=(1, 2, 3)))


def dungeon_odds(doc: dict[str, Any]) -> Lines:
    """The chance of each outcome of entering a dungeon, with the exact fraction."""
    rows = [
        (outcome, _pc(chance), chance["fraction"]) for outcome, chance in doc["outcomes"].items()
    ]
    chart = Lines([["entering a dungeon (2d6)"]])
    return chart.extend(table(("outcome", "chance", "exact"), rows, right=(1, 2)))


def _pc(chance: dict[str, Any]) -> str:
    return f"{chance['probability'] * 100:.1f}%"
