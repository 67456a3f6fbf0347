"""Rich views of the FTL board game: bills, ships, the sector map, jumps, the dashboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gmtool.games.ftl.render_shipgrid import LEGEND, draw
from gmtool.games.ftl.rules.sector import beacon_words

if TYPE_CHECKING:
    from gmtool.render.plain import Lines, Span

GROUP_TITLES = {
    "systems": "Systems",
    "weapons": "Weapons",
    "drones": "Drones",
    "augments": "Augments",
    "crew": "Crew",
    "reactor": "Reactor",
    "supplies": "Supplies",
}


def bill(doc: dict[str, Any], title: str = "") -> RenderableType:
    """The bill grouped by systems, weapons, drones, augments, crew, reactor and supplies."""
    table = Table(title=title or None, show_footer=True, title_justify="left")
    table.add_column("what", footer="total")
    table.add_column("scrap", justify="right", footer=f"{doc['total']:,}")
    for group, heading in GROUP_TITLES.items():
        items = [item for item in doc["items"] if item.get("group") == group]
        if not items:
            continue
        subtotal = sum(item["scrap"] for item in items)
        table.add_row(Text(heading, style="bold"), Text(f"{subtotal:,}", style="bold"))
        for item in items:
            table.add_row(Text(f"  {item['what']}"), f"{item['scrap']:,}")
    return Group(table, budget_line(doc), *problem_lines(doc["problems"]))


def budget_line(doc: dict[str, Any]) -> Text:
    left = doc["left"]
    text = Text(f"budget {doc['budget']:,} + room bonus {doc['bonus']:,}: ")
    if left >= 0:
        text.append(f"{left:,} scrap left", style="green")
    else:
        text.append(f"{-left:,} scrap over", style="bold red")
    return text


def problem_lines(problems: list[str]) -> list[Text]:
    return [Text(f"✗ {problem}", style="red") for problem in problems]


def ship(doc: dict[str, Any], *, width: int | None = None) -> RenderableType:
    """The ship's rooms on the grid, then what it carries. The drawing's rows are never
    folded (a folded row garbles the grid): wider than ``width`` columns, each row is cut
    there and a line says so."""
    rows = draw(doc)
    cut = width is not None and max(map(len, rows)) > width
    if cut:
        rows = [row[:width] for row in rows]
    lines: list[RenderableType] = [
        Text(doc["name"], style="bold"),
        Text("\n".join(rows), no_wrap=True, overflow="crop"),
    ]
    if cut:
        lines.append(
            Text(
                f"(cut at {width} columns: a wider terminal, or 'less -S', shows it whole)",
                style="yellow",
            )
        )
    lines.append(Text(LEGEND, style="dim"))
    loadout = [
        ("slots", doc["slots"]),
        ("weapons", ", ".join(doc.get("weapons", [])) or "none"),
        ("drones", ", ".join(doc.get("drones", [])) or "none"),
        ("augments", ", ".join(doc.get("augments", [])) or "none"),
        ("reactor", str(doc.get("reactor", 0))),
        (
            "supplies",
            f"{doc.get('missiles', 0)} missiles, {doc.get('drone_parts', 0)} drone parts,"
            f" {doc.get('fuel', 0)} fuel",
        ),
    ]
    for key, value in loadout:
        line = Text(f"{key}: ", style="bold")
        line.append(value)
        lines.append(line)
    crew = [_crew_words(member) for member in doc.get("crew", [])]
    if crew:
        lines.append(Text("crew: ", style="bold").append("; ".join(crew)))
    return Group(*lines)


def ship_width(doc: dict[str, Any]) -> int:
    """How many columns ``ship`` needs to draw the rooms whole."""
    return max(map(len, draw(doc)))


def _crew_words(member: dict[str, Any]) -> str:
    words = member.get("name") or "unnamed"
    words += f" ({member['race']}"
    skills = ", ".join(f"{skill} {level}" for skill, level in member.get("skills", {}).items())
    words += f"; {skills})" if skills else ")"
    return words


def sector(doc: dict[str, Any], at: dict[str, list[int] | None] | None = None) -> RenderableType:
    """The map as a grid: · a beacon, A an asteroid field, S an ion storm, a player's initial
    where their ship is, blank where a beacon was removed."""
    where: dict[Any, str] = {}
    for name, position in (at or doc["starts"]).items():
        if position:  # two ships at one beacon (a battle there): both initials
            key = tuple(position)
            where[key] = where.get(key, "") + name[:1]
    asteroids = {tuple(b) for b in doc["asteroids"]}
    storms = {tuple(b) for b in doc["ion_storms"]}
    beacons = {tuple(b) for b in doc["beacons"]}
    table = Table(box=None, pad_edge=False, show_header=True)
    table.add_column("y\\x", style="dim", justify="right")
    for x in range(1, doc["size"] + 1):
        table.add_column(str(x), justify="center", min_width=3)
    for y in range(1, doc["size"] + 1):
        row: list[RenderableType] = [str(y)]
        for x in range(1, doc["size"] + 1):
            row.append(_beacon_mark((x, y), beacons, asteroids, storms, where))
        table.add_row(*row)
    legend = Text("· beacon  A asteroid field  S ion storm  (blank: removed)", style="dim")
    placed = (at or doc["starts"]).items()
    players = Text(", ".join(f"{name} at {beacon_words(pos)}" for name, pos in placed if pos))
    return Group(table, legend, players)


def _beacon_mark(
    beacon: tuple[int, int],
    beacons: set[Any],
    asteroids: set[Any],
    storms: set[Any],
    where: dict[Any, str],
) -> Text:
    if beacon not in beacons:
        return Text(" ")
    if beacon in where:
        suffix = "A" if beacon in asteroids else "S" if beacon in storms else ""
        return Text(where[beacon] + suffix, style="bold cyan")
    if beacon in asteroids:
        return Text("A", style="yellow")
    if beacon in storms:
        return Text("S", style="magenta")
    return Text("·")


def map_steps(doc: dict[str, Any]) -> Lines:
    """Every roll of ``map new`` in order, re-rolls with their reason: plain lines (dozens
    of them; drawn through rich they cost more than the map itself)."""
    from gmtool.render.plain import Lines

    return Lines(_step_spans(step) for step in doc.get("steps", []))


def map_built(doc: dict[str, Any]) -> RenderableType:
    """The map ``map new`` built, and how many beacons and re-rolls (after ``map_steps``)."""
    return Group(sector(doc), Text(f"{len(doc['beacons'])} beacons, {doc['rerolls']} re-rolls"))


def _step_spans(step: dict[str, Any]) -> list[Span]:
    if step["step"] == "coin":
        return [(f"coin for {step['for']}: {step['coin']} → {step['count']}", "bold")]
    if "stopped" in step:
        return [(f"removals stop: {step['stopped']}", "yellow")]
    who = f" for {step['player']}" if "player" in step else ""
    spans = [(f"  {step['step']}{who}: {step['at'][0]},{step['at'][1]}", "")]
    if "reroll" in step:
        spans.append((f"  re-roll ({step['reroll']})", "dim"))
    return spans


def jump(doc: dict[str, Any]) -> Text:
    text = Text(
        f"{doc['player']} jumps from {beacon_words(doc['from'])} to {beacon_words(doc['to'])}: "
    )
    text.append(f"{doc['spent']} fuel, {doc['fuel']} left")
    if doc["hazard"]:
        text.append(f" — {doc['hazard']}!", style="bold yellow")
    from gmtool.games.ftl.rules.actions import effect_words

    if doc.get("escaped"):
        text.append(", escaping the battle", style="bold")
    for words in effect_words(doc):
        text.append(f", {words}")
    if doc.get("battle"):
        text.append(
            f"\nBattle {doc['battle']} begins at {beacon_words(doc['to'])}!", style="bold red"
        )
    return text


def waited(doc: dict[str, Any]) -> Text:
    text = Text(f"{doc['player']} waits at {beacon_words(doc['at'])}")
    if doc.get("over"):
        text.append(f": the match ends, {doc['over']}", style="bold")
    return text


def _bills(players: dict[str, Any]) -> Table:
    """Each ship's scrap by group, side by side."""
    table = Table(title="bills", title_justify="left")
    table.add_column("")
    for name in players:
        table.add_column(name, justify="right")
    for group, heading in GROUP_TITLES.items():
        row = [player["bill"].get("groups", {}).get(group, 0) for player in players.values()]
        table.add_row(heading, *(f"{scrap:,}" for scrap in row))
    table.add_row(
        Text("budget + bonus", style="bold"),
        *(f"{p['bill']['budget'] + p['bill']['bonus']:,}" for p in players.values()),
    )
    return table


def status(doc: dict[str, Any]) -> RenderableType:
    """Both ships' bills and supplies, and the map."""
    table = Table(title="FTL", title_justify="left")
    table.add_column("player")
    table.add_column("ship", no_wrap=True)
    for column in ("spent", "left", "fuel", "missiles", "drone parts", "at"):
        table.add_column(column, justify="right")
    for name, player in doc["players"].items():
        spent = player["bill"]
        at = player["at"]
        table.add_row(
            Text(name, style="bold"),
            Text(player["ship"]),
            f"{spent['total']:,}",
            f"{spent['left']:,}",
            str(player["fuel"]),
            str(player["missiles"]),
            str(player["drone_parts"]),
            f"{at[0]},{at[1]}" if at else "-",
        )
    parts: list[RenderableType] = [table, _bills(doc["players"])]
    if doc["map"] is None:
        parts.append(Text("no map yet: build one with 'gmtool ftl map new'", style="dim"))
    else:
        at_now = {name: player["at"] for name, player in doc["players"].items()}
        parts.append(sector(doc["map"], at_now))
        parts.append(_match_line(doc))
    return Group(*parts)


def _match_line(doc: dict[str, Any]) -> Text:
    """Where the match stands: over, a battle under way, or whose turn it is on the map."""
    match = doc.get("match") or {}
    battles = int(match.get("battles") or 0)
    if match.get("over"):
        won = f"; {match['winner']} wins" if match.get("winner") else ""
        return Text(f"the match is over: {match['over']}{won}", style="bold")
    if match.get("fighting"):
        return Text(f"battle {battles} under way" if battles else "a battle under way")
    so_far = f" ({battles} battle{'s' if battles != 1 else ''} so far)" if battles else ""
    hulls = ", ".join(
        f"{name} hull {p['hull'][0]}/{p['hull'][1]}"
        for name, p in doc["players"].items()
        if p.get("hull")
    )
    text = f"{doc.get('turn')}'s turn on the map: jump or wait{so_far}"
    return Text(f"{text}; {hulls}" if hulls else text)
