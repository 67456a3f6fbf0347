"""Rich views of Astral results: the dashboard, a resolved tick, and single actions
(the odds are drawn in plain text, in ``astral_odds``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gmtool.games.astral.render_odds import odds as odds
from gmtool.render.bars import meter

BAR_WIDTH = 12
DISTANCE_STYLE = {"touching": "bold red", "near": "yellow", "far": "cyan", "away": "dim"}
KIND_LABEL = {"pc": "PC", "npc": "NPC", "object": "object"}
TASK_STYLE = {"open": "", "succeeded": "green", "partial": "yellow", "failed": "red"}


def status(doc: dict[str, Any]) -> RenderableType:
    """Everyone's Aura and Knowledge, the distance matrix, timers and tasks."""
    head = Text(f"Astral · tick {doc['tick']}", style="bold")
    if doc["fight_on"]:
        head.append("  · fight under way (mark its end: astral final-attack)", style="yellow")
    parts: list[RenderableType] = [head, entity_table(doc["entities"])]
    names = [e["name"] for e in doc["entities"]]
    if len(names) > 1:
        parts.append(distance_matrix(names, doc["distances"]))
    for timer in doc["timers"]:
        parts.append(Text(f"⏳ {timer['text']}", style="magenta"))
    if doc["tasks"]:
        parts.append(task_table(doc["tasks"]))
    if not names:
        parts.append(Text("nobody here yet: gmtool astral add NAME [--npc] [--object]", "dim"))
    return Group(*parts)


def screen(doc: dict[str, Any]) -> RenderableType:
    """The dashboard of ``gmtool play``, sized for 80×24: everyone, timers and tasks still
    open, a line each; the distance matrix is one menu entry away."""
    head = Text(f"Astral · tick {doc['tick']}", style="bold")
    if doc["fight_on"]:
        head.append("  · fight under way", style="yellow")
    if len(doc["entities"]) > 1:
        head.append("   more: 'show the distances'", style="dim")
    parts: list[RenderableType] = [head, entity_table(doc["entities"])]
    for timer in doc["timers"]:
        parts.append(Text(f"⏳ {timer['text']}", style="magenta"))
    for task in doc["tasks"]:
        if task["status"] == "open":
            parts.append(task_line(task))
    return Group(*parts)


def task_line(task: dict[str, Any]) -> Text:
    """``task Unseal (Ana): 0/3, TN 8, runes``."""
    text = Text(f"task {task['name']} ({task['by']}): {task['done']}/{task['ticks']}")
    if task["tn"] is not None:
        text.append(f", TN {task['tn']}")
    if task["knowledge"]:
        text.append(f", {task['knowledge']}")
    return text


def distances(doc: dict[str, Any]) -> RenderableType:
    """The distance matrix alone."""
    return distance_matrix([e["name"] for e in doc["entities"]], doc["distances"])


def entity_table(entities: list[dict[str, Any]]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("name", "kind", "Aura", "TN", "Knowledge", ""):
        table.add_column(column)
    for entity in entities:
        aura = (
            meter(entity["aura"], entity["starting_aura"], BAR_WIDTH)
            if entity["aura"] is not None
            else Text("—", style="dim")
        )
        condition = entity["condition"]
        note = ""
        if condition == "gone":
            note = f"gone, returns in {_ticks(entity['returns_in'])}"
        elif condition == "unconscious":
            note = "unconscious"
        if entity.get("languages"):
            note = ", ".join(filter(None, [note, "speaks " + ", ".join(entity["languages"])]))
        table.add_row(
            Text(entity["name"], style="dim" if condition != "active" else "bold"),
            KIND_LABEL[entity["kind"]],
            aura,
            "" if entity["tn"] is None else str(entity["tn"]),
            ", ".join(entity["knowledge"]),
            Text(note, style="yellow"),
        )
    return table


def distance_matrix(names: list[str], distances: dict[str, dict[str, str]]) -> Table:
    table = Table(title="distances", box=None, pad_edge=False, show_edge=False)
    table.add_column("")
    for name in names:
        table.add_column(name, justify="center")
    for row in names:
        cells: list[Text] = [Text(row, style="bold")]
        for column in names:
            value = distances.get(row, {}).get(column, "")
            cells.append(Text("·", "dim") if row == column else Text(value, DISTANCE_STYLE[value]))
        table.add_row(*cells)
    return table


def task_table(tasks: list[dict[str, Any]]) -> Table:
    table = Table(title="tasks", box=None, pad_edge=False, show_edge=False)
    for column in ("task", "by", "work", "TN", "Knowledge", "status"):
        table.add_column(column)
    for task in tasks:
        status_text = task["status"] + (" (salvage roll used)" if task["salvaged"] else "")
        table.add_row(
            task["name"],
            task["by"],
            f"{task['done']}/{task['ticks']}",
            "—" if task["tn"] is None else str(task["tn"]),
            task["knowledge"] or "",
            Text(status_text, style=TASK_STYLE.get(task["status"], "")),
        )
    return table


def tick(doc: dict[str, Any]) -> RenderableType:
    """A resolved tick: combat values, attacks, Aura changes, everything else, distances."""
    parts: list[RenderableType] = [Text(f"Tick {doc['tick']}", style="bold")]
    cv_events = [e for e in doc["events"] if e["event"] == "cv"]
    if cv_events:
        parts.append(cv_table(cv_events, doc["cv"]))
    for event in doc["events"]:
        if event["event"] != "cv":
            parts.append(event_line(event))
    changes = aura_changes(doc["aura"])
    if changes.row_count:
        parts.append(changes)
    names = list(doc["distances"])
    moved = any(e["event"] in ("moved", "returned") for e in doc["events"])
    if moved and len(names) > 1:
        parts.append(distance_matrix(names, doc["distances"]))
    return Group(*parts)


def tick_lines(doc: dict[str, Any]) -> RenderableType:
    """A resolved tick for ``gmtool play``'s screen, a line a thing and the most telling
    first (a screen too short for it keeps the head): who lost or gained Aura, the
    attacks and everything else, the speeches, then the combat values."""
    parts: list[RenderableType] = [Text(f"Tick {doc['tick']} · {_aura_words(doc['aura'])}", "bold")]
    said = [e for e in doc["events"] if e["event"] == "speak"]
    for event in doc["events"]:
        if event["event"] not in ("cv", "speak"):
            parts.append(event_line(event))
    parts.extend(event_line(event) for event in said)
    cv_events = [e for e in doc["events"] if e["event"] == "cv"]
    if cv_events:
        values = ", ".join(_cv_words(event, doc["cv"]) for event in cv_events)
        parts.append(Text(f"combat values: {values}", style="dim"))
    return Group(*parts)


def _aura_words(aura: dict[str, dict[str, int]]) -> str:
    changed = [
        f"{name} {change['before']} → {change['after']}"
        for name, change in aura.items()
        if change["before"] != change["after"]
    ]
    return "Aura " + ", ".join(changed) if changed else "no Aura changed"


def _cv_words(event: dict[str, Any], final: dict[str, int]) -> str:
    """``Ana 9 (2d6 4+3, touching +2)``."""
    if "roll" in event:
        faces = "+".join(str(d["face"]) for d in event["roll"]["dice"])
        base = f"2d6 {faces}" + (" entered" if event["roll"]["source"] == "entered" else "")
    else:
        base = f"TN {event['base']}"
    mods = "".join(f", {k} {v:+d}" for k, v in event["modifiers"].items())
    cv = final[event["who"]]
    blocked = f", blocked up from {event['cv']}" if cv != event["cv"] else ""
    return f"{event['who']} {cv} ({base}{mods}{blocked})"


def cv_table(events: list[dict[str, Any]], final: dict[str, int]) -> Table:
    table = Table(title="combat values", box=None, pad_edge=False, show_edge=False)
    for column in ("who", "base", "modifiers", "CV"):
        table.add_column(column)
    for event in events:
        if "roll" in event:
            faces = "+".join(str(d["face"]) for d in event["roll"]["dice"])
            entered = " (entered)" if event["roll"]["source"] == "entered" else ""
            base = f"2d6 {faces} = {event['base']}{entered}"
        else:
            base = f"TN {event['base']}"
        mods = ", ".join(f"{k} {v:+d}" for k, v in event["modifiers"].items())
        cv = str(final[event["who"]])
        if final[event["who"]] != event["cv"]:
            cv += f" (blocked up from {event['cv']})"
        table.add_row(event["who"], base, mods, Text(cv, style="bold"))
    return table


def aura_changes(aura: dict[str, dict[str, int]]) -> Table:
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("Aura")
    table.add_column("")
    for name, change in aura.items():
        if change["before"] != change["after"]:
            delta = change["after"] - change["before"]
            style = "green" if delta > 0 else "red"
            table.add_row(name, Text(f"{change['before']} → {change['after']}", style=style))
    return table


def event_line(event: dict[str, Any]) -> Text:
    """One line for any Astral event."""
    text, style = describe(event)
    return Text(text, style=style)


def _ticks(number: int) -> str:
    return f"{number} tick" if number == 1 else f"{number} ticks"


def _roll(event: dict[str, Any]) -> str:
    roll = event.get("roll")
    if not roll:
        return ""
    faces = "+".join(str(d["face"]) for d in roll["dice"])
    return f" [{roll['expression']} {faces}{' entered' if roll['source'] == 'entered' else ''}]"


def describe(event: dict[str, Any]) -> tuple[str, str]:
    """The words and style for one event."""
    kind, who = event["event"], event.get("who", "")
    if event.get("effect"):
        return f"{who} {kind}s: {event['effect']}", "dim"
    if kind == "attack":
        head = f"{who} attacks {event['target']}: CV {event['attacker_cv']} vs {event['target_cv']}"
        if event.get("both_lose"):
            return f"{head}, equal: both lose {event['loss']}", "yellow"
        if event["outcome"] == "hit":
            return f"{head}: {event['target']} loses {event['loss']} Aura", "bold red"
        if event.get("note"):
            return f"{head}, equal (counted once for the pair)", "dim"
        return f"{head}: no Aura lost", "dim"
    if kind == "block":
        if "target_cv" in event:
            before, after = event["target_cv_before"], event["target_cv"]
            change = f"CV {before} → {after}" if after != before else f"CV stays {before}"
            return (
                f"{who} blocks for {event['target']} with {event['blocker_cv']}: {change}",
                "cyan",
            )
        return f"{who} guards {event['target']}, who is not attacked", "dim"
    if kind == "knocked_out":
        if event.get("unconscious"):
            return f"{who} is knocked out and falls unconscious", "bold red"
        return (
            f"{who} is knocked out and gone for {_ticks(event['gone_for'])}{_roll(event)}",
            "bold red",
        )
    if kind == "lockout":
        wait = " and until the final attack" if event["waits_for_final_attack"] else ""
        away_from = ", ".join(event["away_from"])
        span = f"{who} stays Away from {away_from} for {_ticks(event['ticks'])}{wait}"
        return f"{span}{_roll(event)}", "magenta"
    if kind == "work":
        text = f"{who} works on {event['task']} ({event['done']}/{event['ticks']})"
        if "total" in event:
            bonus = event["knowledge_bonus"]
            rolled = f"{event['roll']['total']} {bonus:+d} Knowledge = " if bonus else ""
            text += f": {rolled}{event['total']} vs TN {event['tn']}"
        if "status" in event:
            return f"{text} → {event['status']}{_roll(event)}", TASK_STYLE[event["status"]]
        return text, ""
    if kind == "salvage":
        return (
            f"{who} salvages {event['task']}: {event['roll']['total']} {event['bonus']:+d} = "
            f"{event['total']} vs TN {event['tn']} → {event['status']}{_roll(event)}"
        ), TASK_STYLE[event["status"]]
    if kind == "disturb":
        result = f"wakes with {event['aura']} Aura" if event["woke"] else "stays unconscious"
        return (
            f"{who} disturbs {event['target']}: {event['roll']['total']} vs TN "
            f"{event['tn']} → {result}{_roll(event)}"
        ), "yellow" if event["woke"] else "green"
    if kind == "rest":
        return f"{who} rests: Aura {event['aura_before']} → {event['aura_after']}", "green"
    if kind == "speak":
        if event.get("effect"):
            return f"{who} was knocked out before speaking", "dim"
        heard = ", ".join(event["heard_by"]) or "nobody"
        language = f" in {event['language']}" if event.get("language") else ""
        lost = event.get("not_understood") or []
        missed = f"; {', '.join(lost)} cannot understand it" if lost else ""
        return f'{who} says{language} "{event["message"]}" (heard by {heard}{missed})', "italic"
    if kind == "not_counted":
        faces = ",".join(str(d["face"]) for d in event["roll"]["dice"])
        return f"{who}'s {event['roll']['label']} dice [{faces}] not counted: {event['why']}", "dim"
    return _plain(event), ""


def _plain(event: dict[str, Any]) -> str:
    kind, who = event["event"], event.get("who", "")
    a, b = event.get("pair") or ("", "")
    entity, task = event.get("entity") or {}, event.get("task") or {}
    if kind == "hesitate":
        return f"{who} hesitates" + (" (declared nothing)" if event.get("implicit") else "")
    if kind == "move":
        return f"{who} moves: {', '.join(event['targets'])} to {event['to']}"
    if kind == "moved":
        return f"{who} and {event['other']} are now {event['after']} ({event['before']} before)"
    if kind == "distance":
        return f"{a} and {b}: {event['before']} → {event['after']}"
    if kind == "changed":
        return f"{event['name']}: " + ", ".join(f"{k} {v}" for k, v in event["changed"].items())
    texts = {
        "defend": f"{who} defends ({event.get('modifier', 0):+d} CV)",
        "examine": f"{who} examines {event.get('target')}: the Referee describes it",
        "returned": f"{who} returns to the Astral with {event.get('aura')} Aura",
        "woke": f"{who} wakes with {event.get('aura')} Aura",
        "lockout_ended": f"{who}'s Away lockout from {', '.join(event.get('away_from', []))} "
        "is over",
        "lockout_lifted": f"the GM lifts the lockout between {a} and {b}",
        "final_attack": "the final attack is marked: the fight is over",
        "added": f"{entity.get('name')} joins, {event.get('distance_to_others')} to everyone",
        "task_new": f"new task {task.get('name')} for {task.get('by')}",
    }
    return texts.get(kind, f"{kind}: {event}")


def events(doc: dict[str, Any]) -> RenderableType:
    """Any single action's result: its events, one line each."""
    found = doc.get("events") or [doc]
    return Group(*(event_line(event) for event in found))
