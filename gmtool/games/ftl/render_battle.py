"""The FTL battle for people: the story of each second, both ships drawn on their grids,
power and charge bars, shields, hull and the shots in flight."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gmtool.games.ftl.render_battlegrid import DOOR_LEGEND, draw_rooms
from gmtool.games.ftl.render_tick import drones_line, ending_line, shield_pips, weapon_line

Doc = dict[str, Any]


def summary(doc: Doc) -> Table:
    table = Table(title=f"second {doc['second']}", title_justify="left")
    for column in ("ship", "hull", "shields", "evasion", "reactor", "weapons"):
        table.add_column(column)
    for name, ship in doc["ships"].items():
        table.add_row(
            name,
            f"{ship['hull']}/{ship['hull_max']}",
            shield_pips(ship),
            f"{ship['evasion']}%",
            f"{ship['reactor']['used']}/{ship['reactor']['total']}",
            ", ".join(weapon_line(w) for w in ship["weapons"]) or "-",
        )
    table.caption = ending_line(doc)
    return table


def show(doc: Doc) -> Group:
    parts: list[Any] = []
    targets = _targets(doc)
    for name, ship in doc["ships"].items():
        if doc.get("only") not in (None, name):
            continue
        parts.append(Text(f"{name} ({ship['title']})", style="bold"))
        parts.append(draw_rooms(ship, targets.get(name, set())))
        parts.append(Text(DOOR_LEGEND, style="dim"))
        parts.append(_bars(ship))
        parts.append(Text(_state_line(ship)))
        if ship.get("drones"):
            parts.append(Text(drones_line(ship)))
        round_ship = _spaces_round(doc, name)
        if round_ship:
            parts.append(Text(round_ship))
        if ship.get("unmodelled_augments"):
            idle = ", ".join(ship["unmodelled_augments"])
            parts.append(Text(f"  augments not modelled in battle yet: {idle}", style="dim"))
        for augment, note in (ship.get("augments_outside_battle") or {}).items():
            parts.append(Text(f"  {augment}: {note}", style="dim"))
    parts.append(summary(doc))
    parts += _in_flight(doc)
    return Group(*parts)


def _spaces_round(doc: Doc, name: str) -> str:
    """The spaces round ``name``'s ship with the enemy's offensive drones on them (each by
    its slot: D1 sits on 5, D2>7 flies to 7), or "" with none out."""
    nobody: tuple[str, Doc] = ("", {})
    enemy_name, enemy = next(
        ((other, ship) for other, ship in doc["ships"].items() if other != name), nobody
    )
    out = [
        (slot + 1, drone)
        for slot, drone in enumerate(enemy.get("drones") or [])
        if drone["out"] and drone["kind"] == "offensive"
    ]
    if not out:
        return ""
    cells = []
    for space in doc.get("drone_spaces") or []:
        here = [
            f"D{slot}" + (f">{d['going_to']}" if d["going_to"] else "")
            for slot, d in out
            if d["space"] == space
        ]
        cells.append(f"{space}[{' '.join(here)}]" if here else space)
    return f"  {enemy_name}'s drones round it: " + " ".join(cells)


def _targets(doc: Doc) -> dict[str, set[str]]:
    """Rooms each ship has weapons aimed at, by the ship aimed at."""
    names = list(doc["ships"])
    found: dict[str, set[str]] = {}
    for name, ship in doc["ships"].items():
        enemy = next(n for n in names if n != name)
        for weapon in ship["weapons"]:
            if weapon["target"]:
                found.setdefault(enemy, set()).add(weapon["target"])
    return found


def _bars(ship: Doc) -> Text:
    text = Text()
    for system_id, system in ship["systems"].items():
        text.append(f"  {system_id:<15} {power_bar(system)}\n")
    for member in ship["crew"]:
        walking = f" -> {member['walking_to']}" if member["walking_to"] else ""
        stun = f" stunned {member['stunned']}s" if member["stunned"] else ""
        if member.get("controlled_by"):
            stun += f" (mind held by {member['controlled_by']})"
        where = member["room"] or _not_aboard(member)
        text.append(
            f"  {member['name']:<10} {member['race']:<8} {where:<10} "
            f"{member['health']}/{member['max_health']}{walking}{stun}\n"
        )
    return text


def _not_aboard(member: Doc) -> str:
    """Where a crew member with no room is: lost for good, in the clone bay, or dead."""
    if member.get("lost"):
        return "(lost)"
    if member.get("cloning") is not None:
        return f"(cloning, {member['cloning']}s)"
    return "(dead)"


def crew_lines(doc: Doc) -> list[str]:
    """A line for each ship's crew (the play loop's main screen): name, room, health."""
    lines = []
    for name, ship in doc["ships"].items():
        crew = []
        for member in ship["crew"]:
            where = member["room"] or _not_aboard(member)
            if member["health"] <= 0 and member["room"]:
                where = "(dead)"
            health = f" {member['health']}" if member["health"] > 0 else ""
            away = "" if member["owner"] == name else f" [{member['owner']}]"
            crew.append(f"{member['name']}{away} {where}{health}")
        lines.append(f"{name} crew: " + ", ".join(crew))
    return lines


def power_bar(system: Doc) -> str:
    """Z for each bar a Zoltan gives, a filled box for each reactor bar, an empty one for
    each bar the system could still take, x for each damaged bar; then any ion."""
    zoltan, power = int(system.get("zoltan", 0)), int(system["power"])
    used = min(zoltan, power)
    bar = "Z" * used + "■" * (power - used)
    bar += "□" * max(0, int(system["level"]) - int(system["damage"]) - power)
    bar += "x" * int(system["damage"])
    if zoltan > used:  # weapon control: a Zoltan's bar waiting for a weapon
        bar += f" (+{zoltan - used} Zoltan bar unused)"
    ion = f" ion {system['ion']} ({system['ion_seconds']}s)" if system["ion"] else ""
    return bar + ion


def _state_line(ship: Doc) -> str:
    """The drive, and what is switched on or done to the ship."""
    ftl = ship.get("ftl") or {}
    words = [f"  FTL drive {ftl.get('charged', 0):g}/{ftl.get('needed', 0)} s"]
    if ship.get("cloak_seconds"):
        words.append(f"cloaked {ship['cloak_seconds']} s")
    if ship.get("battery_seconds"):
        words.append(f"battery on {ship['battery_seconds']} s")
    if ship.get("hacked"):
        words.append(f"{ship['hacked']} hacked")
    doors = ship.get("doors") or {}
    if doors.get("level"):
        words.append(_doors_words(doors))
    if ship.get("zoltan_shield"):
        words.append(f"Zoltan shield {ship['zoltan_shield']} layers")
    if ship.get("next_asteroid") is not None:
        words.append(f"asteroid field: next asteroid at {ship['next_asteroid']} s")
    return ", ".join(words)


def _doors_words(doors: Doc) -> str:
    """The door level and health, and each door not simply shut."""
    words = f"doors level {doors['level']}" + (
        f" ({doors['health']} health)" if doors["health"] else ""
    )
    odd = []
    for name, door in doors["doors"].items():
        if door["lock_seconds"]:
            odd.append(f"{name} locked {door['lock_seconds']} s")
        elif door["broken_seconds"]:
            odd.append(f"{name} broken {door['broken_seconds']} s")
        elif door["open"]:
            odd.append(f"{name} open")
        elif door["health"] < doors["health"]:
            odd.append(f"{name} {door['health']}/{doors['health']}")
    return words + (": " + ", ".join(odd) if odd else "")


def _in_flight(doc: Doc) -> list[Text]:
    if not doc["in_flight"]:
        return []
    lines = [Text("In flight:", style="bold")]
    for shot in doc["in_flight"]:
        soon = " (next second)" if shot["arrives"] == doc["second"] + 1 else ""
        hacks = f" to hack {shot['system']}" if shot.get("system") else ""
        lines.append(
            Text(
                f"  {shot['from']} {shot['weapon']} -> {shot['to']} {shot['room']}{hacks}, "
                f"arrives at {shot['arrives']}s{soon}"
            )
        )
    return lines
