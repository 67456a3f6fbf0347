"""Rich views of Originem: the dashboard (NOVA, knowledge, crew HP, missions, the fight),
scene results and fight steps. Pure: result documents in, renderables out. The odds are
drawn in plain text (``originem_odds``), without rich."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gmtool.games.originem.render_odds import OUTCOME_STYLE
from gmtool.games.originem.render_odds import class_odds as class_odds
from gmtool.games.originem.render_odds import odds as odds
from gmtool.render.bars import meter

BAR = 20
STATE_STYLE = {"under_way": "bold cyan", "complete": "green", "not_started": "", "locked": "dim"}


def clock(seconds: int) -> str:
    minutes, secs = divmod(max(0, int(seconds)), 60)
    return f"{minutes:02d}:{secs:02d}"


def status_line(doc: dict[str, Any]) -> Text:
    """One line: NOVA left and whether it runs, knowledge have/need, any ending."""
    nova = doc["nova"]
    text = Text("NOVA ", style="bold")
    text.append(
        clock(nova["remaining_seconds"]),
        style="bold red" if nova["remaining_seconds"] < 300 else "bold",
    )
    text.append(
        " running" if nova["running"] else (" paused" if nova["started"] else " not started"),
        style="dim",
    )
    from gmtool.games.originem.clock import unattended_words

    alone = unattended_words(int(nova.get("unattended_seconds") or 0))
    if alone:
        text.append(f" ({alone})", style="bold yellow")
    knowledge = doc["knowledge"]
    text.append(f"   knowledge {knowledge['have']}/{knowledge['need']}", style="bold")
    if doc.get("final_unlocked"):
        text.append("   final mission unlocked", style="magenta")
    if doc.get("ended") == "won":
        text.append("   THE CREW HAS WON", style="bold green")
    elif doc.get("ended") == "lost":
        text.append(f"   THE CREW HAS LOST ({doc['ended_reason']})", style="bold red")
        if nova.get("loss_unwritten"):
            text.append(
                "   if it ran while nobody played, 'nova adjust +5m' gives time back",
                style="yellow",
            )
    return text


PLAY_MISSIONS = 2
"""The missions under way drawn on ``gmtool play``'s screen (the rest are counted)."""


def status(doc: dict[str, Any], *, play: bool = False) -> RenderableType:
    """The dashboard: NOVA and knowledge, the crew's HP, missions under way, any fight.
    For ``gmtool play`` (``play``), sized for 80×24: a line a mission, the first two."""
    nova = doc["nova"]
    parts: list[RenderableType] = [status_line(doc)]
    left, length = nova["remaining_seconds"], nova["length_seconds"]
    parts.append(meter(left, length or 1, 40, label=f"{clock(left)}/{clock(length)}"))
    parts.append(crew(doc["crew"]))
    active = [m for m in doc["missions"] if m["state"] == "under_way"]
    if not active:
        parts.append(Text("no mission under way ('mission start NAME')", style="dim"))
    elif play:
        parts.extend(mission_lines(active))
    else:
        parts.append(missions(active))
    if doc.get("combat"):
        parts.append(fight(doc["combat"]))
    elif doc.get("engaged"):
        parts.append(Text("the runaway failed: the fight is on ('combat start')", style="bold red"))
    if doc.get("bonus"):
        waiting = ", ".join(f"+{v} ({k.split(':', 1)[-1]})" for k, v in doc["bonus"].items())
        parts.append(Text(f"bonus waiting: {waiting}", style="yellow"))
    return Group(*parts)


def crew(members: list[dict[str, Any]]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False, title_justify="left")
    for column in ("crew", "class", "HP", ""):
        table.add_column(column)
    for member in members:
        style = "dim" if member["hp"] <= 0 else ""
        table.add_row(
            Text(member["name"], style=style or "bold"),
            member["class_title"],
            meter(member["hp"], member["max_hp"], BAR),
            Text("down" if member["hp"] <= 0 else "", style="red"),
        )
    return table


def missions(items: list[dict[str, Any]]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("mission", "kind", "KP", "state", "scenes left"):
        table.add_column(column)
    for item in items:
        kind = item["kind"]
        if item.get("class"):
            kind = str(item["class"]).replace("_", " ").title()
        state = Text(item["state"].replace("_", " "), style=STATE_STYLE.get(item["state"], ""))
        table.add_row(
            item["name"], kind, str(item["knowledge"]), state, _compact(item["scenes_left"])
        )
    return table


def mission_lines(items: list[dict[str, Any]]) -> list[Text]:
    """A line a mission under way, the first ``PLAY_MISSIONS``; then how many more."""
    lines = []
    for item in items[:PLAY_MISSIONS]:
        line = Text(item["name"], style="bold")
        line.append(f" · {item['knowledge']} KP · scenes left: {_compact(item['scenes_left'])}")
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    if len(items) > PLAY_MISSIONS:
        more = len(items) - PLAY_MISSIONS
        lines.append(Text(f"more: {more} more under way ('gmtool status' lists them)", "dim"))
    return lines


def _compact(scenes: list[str]) -> str:
    """``["combat", "general", "combat"]`` -> ``combat x2, general``."""
    counts: dict[str, int] = {}
    for scene_type in scenes:
        counts[scene_type] = counts.get(scene_type, 0) + 1
    return ", ".join(f"{k} x{n}" if n > 1 else k for k, n in counts.items()) or "-"


def mission(result: dict[str, Any]) -> Text:
    item = result["mission"]
    text = Text(f"{item['name']} is under way", style="bold cyan")
    text.append(f"  scenes: {', '.join(item['scenes'])}  ({item['knowledge']} KP)")
    return text


ENTERED_MARK = "*"
LEGEND = f"{ENTERED_MARK} entered from physical dice"


def _rolls(rolls: list[dict[str, Any]], joiner: str = " + ") -> Text:
    text = Text()
    for index, roll in enumerate(rolls):
        if index:
            text.append(joiner)
        text.append(f"{roll['by']} {roll['die']}:")
        text.append(str(roll["face"]), style="bold")
        text.append(_mark(roll), style="dim")
    return text


def _mark(roll: dict[str, Any]) -> str:
    return ENTERED_MARK if roll.get("source") == "entered" else ""


def _legend(rolls: list[dict[str, Any]]) -> list[Text]:
    """The line saying what the mark means, when a face was entered."""
    return [Text(LEGEND, style="dim")] if any(_mark(roll) for roll in rolls) else []


def scene(result: dict[str, Any]) -> RenderableType:
    """A scene: the rolls, the total, the band, and what it did to the mission."""
    head = Text(f"{result['scene']} scene", style="bold")
    if result.get("mission"):
        head.append(f" · {result['mission']}")
    line = _rolls(result["rolls"])
    if result.get("bonus"):
        line.append(f" + bonus {result['bonus']}", style="yellow")
    line.append(" = ")
    line.append(str(result["total"]), style="bold")
    line.append("  → ")
    line.append(result["outcome"], style=OUTCOME_STYLE.get(result["outcome"], "bold"))
    parts: list[RenderableType] = [head, line, Text(result.get("title", ""), style="italic")]
    parts += _legend(result["rolls"])
    notes = _scene_notes(result)
    if notes:
        parts.append(Text("  ".join(notes), style="cyan"))
    return Group(*parts)


def _scene_notes(result: dict[str, Any]) -> list[str]:
    notes = []
    effects = result.get("effects", {})
    if effects.get("nova_seconds"):
        notes.append(f"NOVA {effects['nova_seconds']:+d} s")
    if result.get("bonus_waiting"):
        notes.append(f"+{result['bonus_waiting']} waits for the next roll")
    if result.get("healed"):
        healed = result["healed"]
        notes.append(f"{healed['name']} +{healed['amount']} HP ({healed['hp']})")
    if result.get("engage"):
        notes.append("the fight is on: 'combat start'")
    progress = result.get("mission_progress")
    if result.get("mission_complete") and progress:
        notes.append(f"{progress['name']} complete: +{result['knowledge_gained']} knowledge")
    elif progress:
        notes.append(f"scenes left: {', '.join(progress['scenes_left'])}")
    if result.get("final_unlocked"):
        notes.append(f"{result['final_unlocked']} is unlocked!")
    if result.get("won"):
        notes.append("THE CREW HAS WON")
    if result.get("note"):
        notes.append(result["note"])
    return notes


def fight(combat: dict[str, Any]) -> RenderableType:
    turn = {
        "initiative": "roll initiative",
        "crew": "the crew attacks",
        "enemies": "the enemies attack",
        "heal": "healing phase",
    }[combat["turn"]]
    head = Text(
        f"Fight · round {combat['round']} · {turn} · GM {combat['gm_die']}", style="bold red"
    )
    if combat["to_act"]:
        head.append(f" · to act: {', '.join(combat['to_act'])}", style="")
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("enemy")
    table.add_column("tier")
    table.add_column("HP")
    for enemy in combat["enemies"]:
        style = "dim" if enemy["hp"] <= 0 else "red"
        table.add_row(
            Text(enemy["name"], style=style),
            enemy["tier_title"],
            meter(enemy["hp"], enemy["max_hp"], 12),
        )
    return Group(head, table)


def combat(result: dict[str, Any]) -> RenderableType:
    """One step of a fight: the rolls, what happened, and the fight as it stands."""
    parts: list[RenderableType] = []
    if "crew_roll" in result:
        rolls = [result["crew_roll"], result["gm_roll"]]
        line = _rolls(rolls, " vs ")
        verdict = "tie: roll again" if result["first"] is None else f"{result['first']} first"
        line.append(f"  → {verdict}", style="bold")
        parts += [line, *_legend(rolls)]
    elif "attacker" in result:
        hit, block = result["rolls"]
        needs = f", needs {result['block_needs']}+" if "block_needs" in result else ""
        line = Text(
            f"{result['attacker']} → {result['target']}: damage {hit['face']}{_mark(hit)} "
            f"({hit['die']}), block {block['face']}{_mark(block)} ({block['die']}{needs}) "
        )
        line.append(
            "blocked" if result["blocked"] else f"-{result['damage']} HP",
            style="yellow" if result["blocked"] else "bold red",
        )
        if result["target_down"]:
            line.append(f"  {result['target']} is down", style="bold")
        parts += [line, *_legend(result["rolls"])]
    elif "healer" in result:
        line = _rolls(result["rolls"])
        line.append(f"  → {result['outcome']}", style=OUTCOME_STYLE.get(result["outcome"], ""))
        if result["healed"]["amount"]:
            line.append(f"  {result['target']} +{result['healed']['amount']} HP")
        parts += [line, *_legend(result["rolls"])]
    if result.get("combat_over"):
        style = {"won": "bold green", "lost": "bold red"}.get(result["combat_over"], "bold")
        parts.append(Text(f"the fight is over: {result['combat_over']}", style=style))
        parts.extend(Text(n, style="cyan") for n in _scene_notes(result))
    elif result.get("combat"):
        parts.append(fight(result["combat"]))
    return Group(*parts)


def nova(result: dict[str, Any]) -> Text:
    clock_doc = result["nova"]
    text = Text(f"NOVA {clock(clock_doc['remaining_seconds'])} ", style="bold")
    if result.get("ended") == "lost" and "zero_at" in result:
        text.append("reached zero: THE CREW HAS LOST (written in the log; 'undo' takes it back)")
        return text
    text.append("running" if clock_doc["running"] else "paused")
    if result.get("seconds"):
        text.append(f"  (-{result['seconds']:g} s)", style="red")
    if "before_seconds" in result:
        text.append(f"  (was {clock(result['before_seconds'])})", style="cyan")
    return text


def note(result: dict[str, Any]) -> Text:
    """Anything else: a short line of what changed."""
    if "added" in result:
        return Text(f"{result['added']['name']} joins the crew ({result['added']['class_title']})")
    if "removed" in result:
        return Text(f"{result['removed']['name']} leaves the crew")
    return Text(", ".join(f"{k}: {v}" for k, v in result.items()))
