"""Events told in words: the log's account of the battle, second by second."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Event = dict[str, Any]


def _fire(e: Event) -> str:
    return f"{e['ship']} fires {e['weapon']} at {e['room']}"


def _evade(e: Event) -> str:
    did = "dodges" if e["dodged"] else "fails to dodge"
    return f"{e['ship']} {did} {e['weapon']} (d20 {e['face']}, needs {_nums(e['numbers'])})"


def _nums(numbers: list[int]) -> str:
    return ",".join(map(str, numbers))


def _hit(e: Event) -> str:
    hull = f", hull -{e['hull']}" if e["hull"] else ""
    return f"{e['weapon']} hits {e['ship']} {e['room']}{hull}"


def _chance(e: Event) -> str:
    name = str(e.get("augment") or e["roll"]).removesuffix("_chance")
    face = f" (d100 {e['face']} vs {e['percent']}%)" if "face" in e else ""
    return f"{name} {'yes' if e['happens'] else 'no'}{face}"


def _drone(e: Event) -> str:
    if not e["on"]:
        gone = " (spent)" if e.get("destroyed") else ""
        return f"{e['ship']} switches {e['drone']} off{gone}"
    launched = f", launched ({e['parts']} parts left)" if e.get("launched") else ""
    return f"{e['ship']} switches {e['drone']} on{launched}"


def _drone_fire(e: Event) -> str:
    way = f" toward {e['toward']}" if e.get("toward") else ""
    return f"{e['ship']} {e['drone']} fires at {e['room']}{way}"


def _whose(e: Event) -> str:
    """``Ana of Red``, and ``aboard Blue`` for a boarder: a crew member by its own ship."""
    owner = e.get("owner") or e["ship"]
    return f"{e['crew']} of {owner}" + (f" aboard {e['ship']}" if owner != e["ship"] else "")


def _hurt(e: Event) -> str | None:
    if e["change"] > 0:  # healing is told once, when it is whole
        return f"{_whose(e)} is healed whole ({e['why']})" if e.get("whole") else None
    return f"{_whose(e)} takes {-e['change']} damage ({e['why']}): {e['health']} health left"


def _corners(e: Event) -> str:
    count = len(e["corners"])
    return f" ({count} corners)" if count > 1 else ""


def _power_lost(e: Event) -> str:
    return f"{e['ship']} {e['system']} loses power {e['from']}->{e['to']} ({e['why']})"


TELL: dict[str, Callable[[Event], str | None]] = {
    "second": lambda e: f"[{e['second']}s]",
    "power": lambda e: (
        f"{e['ship']} powers {e['system']} {e['from']}->{e['to']}"
        + (f" (shields {e['shields_up']} up)" if "shields_up" in e else "")
    ),
    "power_lost": _power_lost,
    "weapon_unpowered": lambda e: f"{e['ship']} {e['weapon']} loses power ({e['why']})",
    "shield_up": lambda e: f"{e['ship']}'s shields: {e['up']} up",
    "shields_down": lambda e: f"{e['ship']}'s shields drop to {e['up']} ({e['why']})",
    "ion_cleared": lambda e: (
        f"{e['ship']} {e['system']}: the ion ends"
        if not e["ion"]
        else f"{e['ship']} {e['system']}: ion down to {e['ion']}"
    ),
    "crew_hurt": _hurt,
    "weapon": lambda e: (
        f"{e['ship']} turns {e['weapon']} {'on' if e['on'] else 'off'}"
        + (" (pre-ignited: charged)" if e.get("charged") else "")
    ),
    "aim": lambda e: f"{e['ship']} aims {e['weapon']} at {e['at']} {e['room']}",
    "hold": lambda e: f"{e['ship']} holds {e['weapon']}",
    "autofire": lambda e: f"{e['ship']} autofire {'on' if e['on'] else 'off'}",
    "crew_order": lambda e: (
        f"{e['ship']} sends {e['crew']} to {e['room']}"
        + (f" aboard {e['aboard']}" if e.get("aboard") else "")
    ),
    "doors": lambda e: (
        f"{e['ship']} {'opens' if e['open'] else 'shuts'} "
        + (f"the door {e['room']}" if e.get("inner") else f"{e['room']} to space")
    ),
    "door_lock": lambda e: f"{e['crew']} locks {e['ship']}'s door {e['door']} for {e['seconds']}s",
    "door_unlocked": lambda e: f"{e['ship']}'s door {e['door']} unlocks",
    "door_broken": lambda e: f"boarders break {e['ship']}'s door {e['door']}",
    "door_reset": lambda e: f"{e['ship']}'s door {e['door']} is whole again",
    "doors_shut": lambda e: f"{e['ship']}'s doors shut and lock ({e['why']})",
    "dodge_picks": lambda e: f"{e['ship']} picks dodge numbers {_nums(e['numbers'])}",
    "cloak": lambda e: f"{e['ship']} cloaks for {e['seconds']}s",
    "uncloak": lambda e: f"{e['ship']} uncloaks ({e['why']})",
    "battery": lambda e: f"{e['ship']} battery on: +{e['bars']} bars for {e['seconds']}s",
    "battery_off": lambda e: f"{e['ship']} battery spent",
    "teleport": lambda e: f"{e['ship']} sends {', '.join(e['crew'])} to {e['to']} {e['room']}",
    "retrieve": lambda e: f"{e['ship']} brings back {', '.join(e['crew'])}",
    "mind": lambda e: (
        f"{e['ship']}{' slug ' + e['by'] if e.get('by') else ''} takes {e['crew']}'s mind "
        f"for {e['seconds']}s"
    ),
    "zoltan_shield": lambda e: (
        f"{e['ship']}'s Zoltan shield stops {e['weapon']} (-{e['lost']}, {e['layers']} left)"
    ),
    "vengeance": lambda e: (
        f"{e['ship']}'s crystal vengeance: a shard flies at {e['at']} {e['room']}"
    ),
    "zoltan_power": lambda e: f"{e['ship']} {e['system']}: Zoltan bars {e['from']}->{e['to']}",
    "mind_free": lambda e: f"{e['crew']} comes back to their senses",
    "cloned": lambda e: f"{e['crew']} of {e['ship']} is cloned in {e['room']}",
    "clone_lost": lambda e: (
        f"{e['crew']} of {e['ship']} is lost: the clone bay was down too long to clone them"
    ),
    "hack_launched": lambda e: (
        f"{e['ship']} launches a hacking drone at {e['at']}'s {e['system']} "
        f"(lands at {e['arrives']}s)"
    ),
    "hack": lambda e: f"{e['ship']} hacks {e['at']}'s {e['system']}",
    "hack_ended": lambda e: f"{e['ship']}'s hack ends ({e['why']})",
    "hack_lost": lambda e: (
        f"{e['ship']}'s hacking drone on its way to {e['at']}'s {e['system']} is lost ({e['why']})"
    ),
    "shield_hacked": lambda e: f"hacked: {e['ship']} loses a shield ({e['up']} left)",
    "ftl_ready": lambda e: f"{e['ship']}'s FTL drive is charged",
    "escape": lambda e: f"{e['ship']} jumps away: the battle ends",
    "fire": _fire,
    "asteroid": lambda e: f"an asteroid flies at {e['ship']} {e['room']}",
    "no_missiles": lambda e: f"{e['ship']} has no missile for {e['weapon']}",
    "volley_cut": lambda e: f"{e['ship']} {e['weapon']} loses {e['shots_lost']} shots",
    "evade": _evade,
    "blocked": lambda e: f"{e['ship']} shield stops {e['weapon']} ({e['shields_left']} left)",
    "hit": _hit,
    "beam_blocked": lambda e: f"{e['ship']} shields stop {e['weapon']} in {e['room']}",
    "system_damaged": lambda e: (
        f"{e['ship']} {e['system']} damaged {e['damage']}/{e['level']} ({e['why']})"
    ),
    "ion": lambda e: f"{e['ship']} {e['system']} ionised {e['ion']} for {e['seconds']}s",
    "chance": _chance,
    "stunned": lambda e: f"{', '.join(e['crew'])} stunned {e['seconds']}s",
    "fire_started": lambda e: f"fire breaks out in {e['ship']} {e['room']}{_corners(e)}",
    "breach": lambda e: f"the hull breaches in {e['ship']} {e['room']}{_corners(e)}",
    "fire_spread": lambda e: f"fire spreads to {e['ship']} {e['room']}",
    "fire_out": lambda e: f"fire out in {e['ship']} {e['room']} ({e['why']})",
    "breach_sealed": lambda e: f"breach sealed in {e['ship']} {e['room']}",
    "no_air": lambda e: f"{e['ship']} {e['room']} out of air",
    "lockdown": lambda e: f"{e['ship']} {e['room']} locked down {e['seconds']}s",
    "crew_died": lambda e: f"{_whose(e)} dies in {e['room']}",
    "crew_arrived": lambda e: f"{e['crew']} reaches {e['room']}",
    "repaired": lambda e: f"{e['ship']} {e['system']} repaired to {e['damage']} damage",
    "destroyed": lambda e: f"{e['ship']} is destroyed",
    "drone": _drone,
    "drone_unpowered": lambda e: f"{e['ship']} {e['drone']} loses power ({e['why']})",
    "drone_move": lambda e: (
        f"{e['ship']} {e['drone']} flies {e['from']}->{e['to']} ({e['seconds']}s)"
    ),
    "drone_fire": _drone_fire,
    "drone_holds": lambda e: f"{e['ship']} {e['drone']} holds fire (enemy cloaked)",
    "drone_repair": lambda e: f"{e['ship']} {e['drone']} repairs {e['repaired']} hull",
    "shot_down": lambda e: f"{e['ship']} {e['drone']} shoots down {e['from']}'s {e['weapon']}",
    "drone_ionised": lambda e: f"{e['ship']} {e['drone']} ionised {e['seconds']}s ({e['why']})",
    "drone_out": lambda e: f"{e['ship']} {e['drone']} comes out in {e['room']}",
    "drone_boards": lambda e: f"{e['ship']} {e['drone']} boards {e['at']} {e['room']}",
    "drone_hit": lambda e: (
        f"{e['weapon']} hits {e['ship']}'s {e['drone']}"
        + (" and destroys it" if e.get("destroyed") else "")
    ),
    "drone_missed": lambda e: f"{e['weapon']} misses: {e['ship']}'s {e['drone']} is gone",
    "overcharged": lambda e: f"{e['ship']} {e['drone']}: Zoltan shield up to {e['layers']}",
    "drone_destroyed": lambda e: (
        f"{e['ship']} {e['drone']} is destroyed" + (f" ({e['why']})" if e.get("why") else "")
    ),
    "winner": lambda e: f"{e['winner']} wins" if e["winner"] else "a draw",
}
"""Only these events reach the log line; the rest (charging, walking...) stay in the
tick's JSON."""


def story(events: Iterable[Event]) -> str:
    """``[3s] Red fires ...; Blue dodges ... [4s] ...``: quiet seconds are left out."""
    return " ".join(story_lines(events))


def event_lines(events: Iterable[Event]) -> list[str]:
    """The story one event a line, each second's lines under its head (``[3s]``) and a
    line told again in the same second counted once (``fire spreads to Blue hall (x2)``);
    quiet seconds are left out."""
    lines: list[str] = []
    seen: dict[str, tuple[int, int]] = {}  # this second's lines: (where, how many times)
    head: str | None = None
    indent = ""
    for event in events:
        tell = TELL.get(event["event"])
        line = None if tell is None else tell(event)
        if line is None:
            continue
        if event["event"] == "second":
            head, seen = line, {}
            continue
        text = indent + line
        if text in seen:
            where, times = seen[text]
            seen[text] = (where, times + 1)
            lines[where] = f"{text} (x{times + 1})"
            continue
        if head is not None:
            lines.append(head)
            head, indent = None, "  "
            text = indent + line
        seen[text] = (len(lines), 1)
        lines.append(text)
    return lines


def story_lines(events: Iterable[Event]) -> list[str]:
    """One line for each second in which something worth telling happened."""
    seconds: list[tuple[str, list[str]]] = [("", [])]
    for event in events:
        tell = TELL.get(event["event"])
        if tell is None:
            continue
        line = tell(event)
        if line is None:
            continue
        if event["event"] == "second":
            seconds.append((line, []))
        else:
            seconds[-1][1].append(line)
    return [(f"{head} " if head else "") + "; ".join(parts) for head, parts in seconds if parts]
