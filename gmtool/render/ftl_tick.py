"""The tick for people as plain text (rich is not imported: a second is run often)."""

from __future__ import annotations

from typing import Any

Doc = dict[str, Any]


def tick_text(doc: Doc) -> str:
    """The tick for people as plain text: the story of each second, then a line a ship
    (rich is not imported: a second is run often)."""
    lines = list(doc.get("story", [])) or [f"second {doc['second']}: nothing to tell"]
    for name, ship in doc["ships"].items():
        shields = "●" * ship["shields"]["up"] + "○" * (
            ship["shields"]["max"] - ship["shields"]["up"]
        )
        weapons = ", ".join(weapon_line(w) for w in ship["weapons"]) or "no weapons"
        lines.append(
            f"{name}: hull {ship['hull']}/{ship['hull_max']}, shields {shields or '-'}, "
            f"evasion {ship['evasion']}%, reactor {ship['reactor']['used']}/"
            f"{ship['reactor']['total']}; {weapons}"
        )
    if doc.get("over"):
        winner = doc.get("winner")
        lines.append(f"{doc['over']}: {winner + ' wins' if winner else 'a draw'}")
    return "\n".join(lines)


def weapon_line(weapon: Doc) -> str:
    if not weapon["powered"]:
        return f"{weapon['id']} off"
    aim = f" -> {weapon['target']}" if weapon["target"] else ""
    return f"{weapon['id']} {weapon['charge']}/{weapon['cooldown']}s{aim}"
