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
        if any(d["powered"] for d in ship.get("drones") or []):
            lines.append(drones_line(ship))
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


DOING = {"wait": "waits", "move": "flies", "launch": "launching", "ready": "on guard"}


def drones_line(ship: Doc) -> str:
    """Each drone: on or off, where it flies and what it does next (in how many seconds)."""
    words = []
    for drone in ship["drones"]:
        state = "on" if drone["powered"] else ("off (out)" if drone["out"] else "off")
        if drone["ion_seconds"]:
            state += f", ionised {drone['ion_seconds']}s"
        if drone["out"] and drone["space"] is not None and drone["kind"] == "offensive":
            state += f", space {drone['space']}"
            doing = DOING.get(str(drone["doing"]))
            if drone["going_to"]:
                state += f" -> {drone['going_to']}"
            if doing and drone["seconds"]:
                state += f", {doing} {drone['seconds']}s"
        words.append(f"{drone['id']} {state}")
    return f"  drones ({ship.get('drone_parts', 0)} parts): " + "; ".join(words)


def weapon_line(weapon: Doc) -> str:
    if not weapon["powered"]:
        return f"{weapon['id']} off"
    aim = f" -> {weapon['target']}" if weapon["target"] else ""
    return f"{weapon['id']} {weapon['charge']}/{weapon['cooldown']}s{aim}"
