"""Rich views of Zauberer: the board drawn in the terminal, teams, results, simulator (the
odds are drawn in plain text, in ``zauberer_odds``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gmtool.games.zauberer.render_odds import duel_odds as duel_odds
from gmtool.games.zauberer.render_odds import dungeon_odds as dungeon_odds

SPACE_STYLE = {
    "white": "bright_white",
    "green": "green",
    "red": "red",
    "blue": "blue",
    "centre": "bold magenta",
}
SPACE_WORD = {
    "white": "white",
    "green": "dungeon",
    "red": "trap",
    "blue": "fountain",
    "centre": "centre",
}
PIECE_STYLE = {
    "red": "bold red",
    "blue": "bold blue",
    "grey": "bold grey70",
    "brown": "bold orange4",
}


def _clan_style(pieces: dict[str, str], clan: str) -> str:
    return PIECE_STYLE.get(pieces.get(clan, ""), "bold")


def board(doc: dict[str, Any], *, names: bool = False) -> RenderableType:
    """The board as a grid of spaces by colour, pieces as clan initials, paths as lines.

    ``doc`` is the ``status`` document. A board whose spaces have no ``at`` is listed by
    distance to the centre instead."""
    spaces = doc["board"]["spaces"]
    if any(space["at"] is None for space in spaces.values()):
        return _board_list(doc)
    pieces = _pieces_by_space(doc)
    rows = 1 + max(space["at"][0] for space in spaces.values())
    cols = 1 + max(space["at"][1] for space in spaces.values())
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * (cols * 4) for _ in range(rows * 2 - 1)]
    where = {name: tuple(space["at"]) for name, space in spaces.items()}
    rings = doc["board"]["rings"]
    for name, space in spaces.items():
        r, c = where[name]
        for step in space["next"]:
            _link(grid, (r, c), where[step])
        cell = _cell(name, space["colour"], pieces.get(name, []), name in rings, names)
        for offset, (char, style) in enumerate(cell):
            grid[r * 2][c * 4 + offset] = (char, style)
    text = Text()
    for line in grid:
        for char, style in line:
            text.append(char, style=style)
        text.rstrip()
        text.append("\n")
    text.rstrip()
    return Group(text, _legend(doc))


def _link(grid: list[list[tuple[str, str]]], a: tuple[int, int], b: tuple[int, int]) -> None:
    (r1, c1), (r2, c2) = sorted((a, b))
    if r1 == r2 and c2 - c1 == 1:
        grid[r1 * 2][c1 * 4 + 3] = ("─", "dim")
    elif c1 == c2 and r2 - r1 == 1:
        grid[r1 * 2 + 1][c1 * 4 + 1] = ("│", "dim")


def _cell(
    name: str, colour: str, clans: list[tuple[str, str]], ring: bool, names: bool
) -> list[tuple[str, str]]:
    style = SPACE_STYLE[colour]
    if clans:
        letters = [(clan[0].upper(), piece) for clan, piece in clans][:3]
        padded = letters + [(" ", "")] * (3 - len(letters))
        if len(letters) == 1:
            padded = [("(", style), letters[0], (")", style)]
        return padded
    if names:
        label = "C" if colour == "centre" else name[:3]
        return [(char, style) for char in label.center(3)]
    glyph = "◎" if colour == "centre" else ("◉" if ring else "●")
    return [(" ", ""), (glyph, style), (" ", "")]


def _pieces_by_space(doc: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for team in doc["teams"]:
        if not team["out"]:
            style = _clan_style(doc["pieces"], team["clan"])
            found.setdefault(team["space"], []).append((team["clan"], style))
    return found


def _legend(doc: dict[str, Any]) -> Text:
    text = Text()
    for colour, word in SPACE_WORD.items():
        text.append("◎" if colour == "centre" else "●", style=SPACE_STYLE[colour])
        text.append(f" {word}  ")
    if doc["board"]["rings"]:
        text.append("◉ ring  ")
    text.append("\n")
    for team in doc["teams"]:
        style = _clan_style(doc["pieces"], team["clan"])
        text.append(team["clan"][0].upper(), style=style)
        text.append(f" {team['clan']}{' (out)' if team['out'] else ''}  ")
    return text


def _board_list(doc: dict[str, Any]) -> RenderableType:
    pieces = _pieces_by_space(doc)
    table = Table(box=None, title="the board", title_justify="left")
    table.add_column("space")
    table.add_column("colour")
    table.add_column("next")
    table.add_column("pieces")
    for name, space in doc["board"]["spaces"].items():
        here = ", ".join(clan for clan, _ in pieces.get(name, []))
        table.add_row(
            name,
            Text(SPACE_WORD[space["colour"]], style=SPACE_STYLE[space["colour"]]),
            ", ".join(space["next"]),
            here,
        )
    return table


def teams(doc: dict[str, Any]) -> RenderableType:
    """The ``show`` document: whose turn, each team, the duel."""
    parts: list[RenderableType] = [_headline(doc)]
    table = Table(box=None, pad_edge=False)
    for column in ("clan", "players", "space", "to centre", "spell", "effects", "centre turns"):
        table.add_column(column)
    for team in doc["teams"]:
        name = Text(team["clan"], style="bold")
        if team["clan"] == doc["team_to_play"]:
            name.append(" ◀", style="bold")
        if team["out"]:
            name.append(" OUT", style="bold red")
        table.add_row(
            name,
            ", ".join(team["players"]),
            team["space"],
            str(team["distance"]),
            _spell(team["spell"]),
            "; ".join(effect["name"] for effect in team["effects"]) or "—",
            str(team["centre_turns"]),
        )
    parts.append(table)
    if doc["duel"]:
        parts.append(duel(doc["duel"]))
    return Group(*parts)


def _spell(spell: dict[str, Any] | None) -> Text:
    if spell is None:
        return Text("—", style="dim")
    if spell["id"] is None:
        return Text("a hidden card", style="dim")
    return Text(f"{spell['name']} ({spell['kind']})", style="magenta")


def _headline(doc: dict[str, Any]) -> Text:
    if doc["winner"]:
        return Text(f"{doc['winner']} wins Zauberer!", style="bold green")
    if doc["team_to_play"] is None:
        return Text("Waiting for the roll-off: gmtool zauberer roll-off", style="bold")
    return Text(f"Turn {doc['turn']}: {doc['team_to_play']} to play", style="bold")


def spell_card(card: dict[str, Any]) -> Text:
    """One spell card, for its own team's eyes."""
    text = Text(f"{card['name']}", style="bold magenta")
    text.append(f" ({card['kind']}): {card['text']}")
    return text


def duel(doc: dict[str, Any]) -> Text:
    a, b = doc["challenger"], doc["defender"]
    text = Text(f"Duel: {a} against {b}, after {doc['round']} roll(s): ", style="bold yellow")
    text.append(f"{a} {doc['hp'][a]} HP, {b} {doc['hp'][b]} HP")
    for lasting in doc["lasting"]:
        rounds = "the whole duel" if lasting["rounds"] is None else f"{lasting['rounds']} roll(s)"
        text.append(f"\n  {lasting['clan']}: {lasting['source']} ({rounds})", style="dim")
    return text


def status(doc: dict[str, Any]) -> RenderableType:
    """``gmtool status``: the board, then the teams (no secret is shown)."""
    return Group(board(doc), Text(""), teams(doc))


def screen(doc: dict[str, Any]) -> RenderableType:
    """The table for ``gmtool play``, sized for 80×24: the teams, where each stands and the
    duel under way; the board itself is one menu entry away."""
    return Group(teams(doc), Text("more: the board is 'show the board'", style="dim"))


def seat_status(doc: dict[str, Any]) -> RenderableType:
    """``gmtool status --as CLAN``: the same drawing; the document already hides what the
    clan may not see, so its own spell shows by name and the others' as hidden cards."""
    return Group(Text(f"as {doc['as']} sees it", style="dim"), status(doc))


def result(doc: dict[str, Any], line: str) -> RenderableType:
    """What an action did: its story line, and the duel or game news."""
    parts: list[RenderableType] = [Text(line)]
    if doc["type"] == "dungeon" and doc["card"]:
        parts.append(
            Text("the card stays secret: see it with show --as " + doc["team"], style="dim")
        )
    if doc.get("type") == "duel_round":
        hp = ", ".join(f"{clan} {points} HP" for clan, points in doc["hp"].items())
        parts.append(Text(hp, style="bold"))
    return Group(*parts)


def options(doc: dict[str, Any]) -> RenderableType:
    if doc["over"]:
        return Text(f"The game is over: {doc['winner']} won.", style="bold")
    if doc["team"] is None:
        return Text("Next: " + doc["says"])
    text = Text(f"{doc['team']} ({doc['player']}) — {doc['says']}\n", style="bold")
    text.append("may: " + ", ".join(doc["commands"]))
    for fork, ways in doc.get("forks", {}).items():
        text.append(f"\nfork at {fork}: --way {' or --way '.join(ways)}")
    if doc.get("duel_targets") is not None:
        targets = ", ".join(doc["duel_targets"]) or "nobody within reach"
        text.append(f"\nduel: {targets}")
    return text


def simulation(doc: dict[str, Any]) -> RenderableType:
    title = f"{doc['games']} games, {doc['policy']} players, seed {doc['seed']}"
    table = Table(title=title, title_justify="left", box=None)
    table.add_column("wins by clan")
    table.add_column("", justify="right")
    table.add_column("wins by seat")
    table.add_column("", justify="right")
    table.add_column("at the centre", justify="right")
    table.add_column("last team", justify="right")
    table.add_column("duels", justify="right")
    clans = list(doc["win_rate"]["by_clan"].items())
    seats = list(doc["win_rate"]["by_seat"].items())
    how = doc["win_rate"]["by_seat_and_ending"]
    for (clan, rate), (seat, seat_rate) in zip(clans, seats, strict=False):
        table.add_row(
            clan,
            f"{rate * 100:.1f}%",
            f"seat {seat}",
            f"{seat_rate * 100:.1f}%",
            f"{how['centre'][seat] * 100:.1f}%",
            f"{how['last_team'][seat] * 100:.1f}%",
            f"{doc['average_duels_by_seat'][seat]:.2f}",
        )
    ends = ", ".join(f"{how} {share * 100:.1f}%" for how, share in doc["ended_by"].items())
    even = "; ".join(
        f"{what} chi² {test['chi2']}, p {test['p']:.2g}"
        for what, test in (
            ("clans", doc["evenness"]["by_clan"]),
            ("seats", doc["evenness"]["by_seat"]),
        )
    )
    summary = Text(
        f"turns per game {doc['average_turns']}, duels per game {doc['average_duels']}\n"
        f"ended by: {ends}\n"
        f"evenness: {even} (p below 0.05: not likely of an even game)\n"
        f"{doc['games_per_second']:.0f} games a second",
        style="dim",
    )
    return Group(table, summary)
