"""The tick for people as plain text (rich is not imported: a second is run often)."""

from __future__ import annotations

from typing import Any

Doc = dict[str, Any]


def tick_text(doc: Doc) -> str:
    """The tick for people as plain text: the story of each second, then a line a ship
    (rich is not imported: a second is run often)."""
    lines = list(doc.get("story", [])) or [f"second {doc['second']}: nothing to tell"]
    for name, ship in doc["ships"].items():
        weapons = ", ".join(weapon_line(w) for w in ship["weapons"]) or "no weapons"
        lines.append(
            f"{name}: hull {ship['hull']}/{ship['hull_max']}, shields {shield_pips(ship) or '-'}, "
            f"evasion {ship['evasion']}%, reactor {ship['reactor']['used']}/"
            f"{ship['reactor']['total']}; {weapons}"
        )
    ending = ending_line(doc)
    if ending:
        lines.append(ending)
    return "\n".join(lines)


def shield_pips(ship: Doc) -> str:
    """A filled pip for each shield up, an empty one for each down."""
    up = int(ship["shields"]["up"])
    return "●" * up + "○" * (int(ship["shields"]["max"]) - up)


def ending_line(doc: Doc) -> str | None:
    """How the battle ended and who won, or None while it goes on."""
    if not doc.get("over"):
        return None
    winner = doc.get("winner")
    return f"{doc['over']}: {winner + ' wins' if winner else 'a draw'}"


def weapon_line(weapon: Doc) -> str:
    if not weapon["powered"]:
        return f"{weapon['id']} off"
    aim = f" -> {weapon['target']}" if weapon["target"] else ""
    return f"{weapon['id']} {weapon['charge']}/{weapon['cooldown']}s{aim}"
