"""Rich views of Food Fight: the board, one player's towers, move results, the simulator."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

COLOR_STYLE = {"Yellow": "yellow", "Blue": "blue", "Red": "red", "Green": "green"}
HIDDEN = "▒"


def player_name(doc: dict[str, Any]) -> Text:
    style = COLOR_STYLE.get(doc["color"], "")
    return Text(f"{doc['name']} ({doc['color']})", style=f"bold {style}")


def health_track(position: int, length: int, fortune_spots: list[int] | None = None) -> Text:
    """``··●··F····F····F····|`` with the token at ``position`` and the end at the right."""
    spots = set(fortune_spots or [])
    text = Text()
    for step in range(length):
        if step == position:
            text.append("●", style="bold")
        elif step in spots:
            text.append("F", style="magenta" if step > position else "dim magenta")
        else:
            text.append("·", style="dim" if step < position else "")
    text.append("✖" if position >= length else "|", style="bold red" if position >= length else "")
    text.append(f" {position}/{length}")
    return text


def card_text(card: dict[str, Any] | None) -> Text:
    """A card's salt in the board grid: bold face up, (bracketed) face down, ▒ hidden."""
    if card is None:
        return Text("·", style="dim")
    if card["salt"] is None:
        return Text(HIDDEN, style="dim")
    if card["face_up"]:
        return Text(str(card["salt"]), style="bold")
    return Text(f"({card['salt']})", style="dim")


def towers(doc: dict[str, Any]) -> Table:
    """One player's piles as a grid of salt values: the top card, and the card under it."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("pile", style="dim")
    for number in range(1, len(doc["piles"]) + 1):
        table.add_column(str(number), justify="center", min_width=4)
    depth = max((len(pile) for pile in doc["piles"]), default=0)
    for level in range(max(depth, 1)):
        label = "top" if level == 0 else "under" if level == 1 else f"-{level}"
        row: list[RenderableType] = [Text(label, style="dim")]
        for pile in doc["piles"]:
            index = len(pile) - 1 - level
            row.append(card_text(pile[index] if index >= 0 else None))
        table.add_row(*row)
    return table


def tower_list(doc: dict[str, Any]) -> RenderableType:
    """One player's piles card by card, with the foods, and their Fortunes: what ``peek``
    shows."""
    table = Table(title=f"{doc['name']}'s towers", title_justify="left", box=None)
    table.add_column("pile", justify="right")
    table.add_column("top")
    table.add_column("under")
    for number, pile in enumerate(doc["piles"], start=1):
        cells = [_card_words(card) for card in reversed(pile)]
        cells += [Text("—", style="dim")] * (2 - len(cells))
        table.add_row(str(number), *cells[:2])
    fortunes = [
        Text(f"  {f['id']} {f['delta']:+d}: {f['text']}", style="magenta")
        for f in doc["fortunes"]
        if f["id"] is not None
    ]
    heading = Text(f"{doc['name']}'s Fortunes:" if fortunes else "no Fortunes", style="dim")
    return Group(table, heading, *fortunes)


def fortune_words(fortune: dict[str, Any]) -> str:
    """``f03 +2: a sneeze`` (a Fortune its holder may see)."""
    return f"{fortune['id']} {fortune['delta']:+d}: {fortune['text']}"


def _card_words(card: dict[str, Any]) -> Text:
    if card["salt"] is None:
        return Text("face down", style="dim")
    text = Text(f"{card['food']} {card['salt']}", style="bold" if card["face_up"] else "")
    text.append(" face up" if card["face_up"] else " face down", style="dim")
    return text


def board(doc: dict[str, Any], fortune_spots: list[int] | None = None) -> RenderableType:
    """The whole table as ``show`` prints it."""
    parts: list[RenderableType] = [_headline(doc)]
    if doc.get("battle"):
        parts.append(battle_open(doc["battle"], Text("A battle is under way:", style="bold")))
    for entry in doc["players"]:
        head = player_name(entry)
        if entry["name"] == doc["turn"]:
            head.append("  ◀ to play", style="bold")
        if entry["out"]:
            head.append("  OUT", style="bold red")
        parts.append(Text(""))
        parts.append(head)
        parts.append(health_track(entry["track_position"], entry["track_length"], fortune_spots))
        parts.append(towers(entry))
        parts.append(_fortunes_line(entry["fortunes"]))
    return Group(*parts)


def screen(doc: dict[str, Any], fortune_spots: list[int] | None = None) -> RenderableType:
    """The board for ``gmtool play``: two lines a player, 80 columns wide (the headline, an
    open battle, then each player's track and Fortunes over their piles' top cards and
    the cards under them)."""
    parts: list[RenderableType] = [_headline(doc).append("  ·  piles: top │ under", style="dim")]
    if doc.get("battle"):
        parts.append(battle_open(doc["battle"]))
    for entry in doc["players"]:
        head = Text("▶ " if entry["name"] == doc["turn"] else "  ")
        name = player_name(entry)
        name.pad_right(max(0, 14 - len(name)))
        head.append_text(name)
        track = health_track(entry["track_position"], entry["track_length"], fortune_spots)
        head.append_text(track)
        if entry["out"]:
            parts.append(head.append("  OUT", style="bold red"))
            continue
        head.append("  ")
        head.append_text(_fortunes_line(entry["fortunes"], most=3))
        parts.append(head)
        parts.append(_piles_line(entry["piles"]))
    return Group(*parts)


def _piles_line(piles: list[list[dict[str, Any]]]) -> Text:
    """``   9 (8)  ▒ ... │   1   2   ▒ ...``: each pile's top card, then the ones under."""
    text = Text("  ")
    for level in (0, 1):
        if level:
            text.append(" │", style="dim")
        for pile in piles:
            index = len(pile) - 1 - level
            cell = card_text(pile[index] if index >= 0 else None)
            cell.align("right", 4)
            text.append_text(cell)
    return text


def _headline(doc: dict[str, Any]) -> Text:
    if doc["winner"]:
        text = Text(f"{doc['winner']} wins the food fight!", style="bold green")
    elif doc["turn"] is None:
        text = Text("The game is over: nobody is left standing", style="bold red")
    else:
        text = Text(f"{doc['turn']} to play", style="bold")
    text.append(
        f"  ·  Fortune deck {doc['fortune_deck']}  ·  box of cards {doc['discards']}", style="dim"
    )
    return text


def _fortunes_line(fortunes: list[dict[str, Any]], most: int | None = None) -> Text:
    """The Fortunes held, ``[?]`` for one hidden; past ``most`` of them, only the count and
    a hint that ``peek`` lists them."""
    if not fortunes:
        return Text("fortunes: none", style="dim")
    text = Text("fortunes: ", style="dim")
    if most is not None and len(fortunes) > most:
        return text.append(f"{len(fortunes)} (more: look at your own cards)", style="magenta")
    for fortune in fortunes:
        if fortune["id"] is None:
            text.append("[?] ", style="dim")
        else:
            text.append(f"[{fortune['id']} {fortune['delta']:+d}] ", style="magenta")
    return text


def result(doc: dict[str, Any], *, battle_shown: bool = False) -> RenderableType:
    """What a discard, attack, Fortune, pass or layout did, and who plays next (a battle
    still open only in its step's line when the board beside it shows the battle)."""
    lines: list[RenderableType] = []
    if doc["type"] == "layout":
        return Text(f"{doc['player']} stacks their towers: {doc['layout']}")
    if not doc.get("resolved", True):
        return _step_text(doc) if battle_shown else battle_open(doc["battle"], _step_text(doc))
    if doc.get("step"):
        lines.append(_step_text(doc["step"]))
    if doc["type"] == "discard":
        card = doc["card"]
        what = f"{card['food']} ({card['salt']})" if card else "a face-down card"
        lines.append(Text(f"{doc['player']} discards {what} from pile {doc['pile']}"))
    else:
        lines += _battle_lines(doc)
    for move in doc["moves"]:
        lines.append(_move_line(move))
    if doc.get("game_winner"):
        lines.append(
            Text(f"{doc['game_winner']} is the last one standing and wins!", style="bold green")
        )
    elif doc.get("over"):
        lines.append(
            Text("Nobody is left standing: the game ends without a winner", style="bold red")
        )
    elif doc.get("next"):
        lines.append(Text(f"next: {doc['next']}", style="bold"))
    return Group(*lines)


def _step_text(step: dict[str, Any]) -> Text:
    if step["type"] == "battle_opened":
        return Text("Both cards turn face up", style="bold")
    if step["type"] == "battle_fortune":
        fortune = step["fortune"]
        return Text(
            f"{step['by']} reveals {fortune['id']} ({fortune['delta']:+d}: {fortune['text']}) "
            f"on {step['on']}'s card",
            style="magenta",
        )
    return Text(f"{step['by']} passes")


def battle_open(battle: dict[str, Any], head: Text | None = None) -> RenderableType:
    """An open battle: both cards face up, the Fortunes played so far, who answers now."""
    lines: list[RenderableType] = [head] if head is not None else []
    for role in ("attacker", "defender"):
        side = battle[role]
        card = side["card"]
        lines.append(
            Text(f"{side['player']} ({role}) pile {side['pile']}: {card['food']} {card['salt']}")
        )
    for fortune in battle["fortunes"]:
        lines.append(
            Text(
                f"  {fortune['by']}: {fortune['id']} {fortune['delta']:+d} "
                f"on {fortune['on']}'s card",
                style="magenta",
            )
        )
    lines.append(Text(f"{battle['to_answer']} may play a Fortune or pass", style="bold"))
    return Group(*lines)


def _battle_lines(doc: dict[str, Any]) -> list[RenderableType]:
    lines: list[RenderableType] = []
    for role in ("attacker", "defender"):
        side = doc[role]
        card = side["card"]
        text = Text(f"{side['player']} pile {side['pile']}: {card['food']} {card['salt']}")
        for fortune in side["fortunes"]:
            text.append(
                f" {fortune['delta']:+d} ({fortune['by']}: {fortune['text']})", style="magenta"
            )
        text.append(f" = {side['value']}", style="bold")
        lines.append(text)
    winner = doc["winner"]
    if winner and doc["tie"]:
        role = "attacker" if winner == doc["attacker"]["player"] else "defender"
        lines.append(Text(f"A tie: {winner} wins the battle as the {role}", style="bold yellow"))
    elif winner:
        lines.append(Text(f"{winner} wins the battle", style="bold green"))
    elif doc["losers"]:
        lines.append(Text("A tie: both cards are lost", style="bold yellow"))
    else:
        lines.append(Text("A tie: both cards stay, face up", style="bold yellow"))
    return lines


def _move_line(move: dict[str, Any]) -> Text:
    text = Text(f"{move['player']} moves {move['from']} → {move['to']}")
    if move["fortune_spots"]:
        text.append(f", passing F spot {', '.join(map(str, move['fortune_spots']))}")
    if move["draws"]:
        count = move["draws"]
        text.append(f", draws {count} Fortune{'s' if count > 1 else ''}", style="magenta")
    if move["out"]:
        why = "no towers left" if move["out"] == "towers" else "the end of the track"
        text.append(f" — OUT ({why})", style="bold red")
    return text


def status(doc: dict[str, Any]) -> RenderableType:
    """The ``gmtool status`` dashboard: no hidden information."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("", "player", "health", "towers", "cards", "fortunes", ""):
        table.add_column(column)
    for entry in doc["players"]:
        table.add_row(
            "▶" if entry["name"] == doc["turn"] else "",
            player_name(entry),
            health_track(entry["track_position"], entry["track_length"], doc["fortune_spots"]),
            str(entry["towers"]),
            str(entry["cards"]),
            str(entry["fortunes"]),
            Text(f"out ({entry['out']})" if entry["out"] else "", style="red"),
        )
    if doc.get("battle"):
        return Group(_headline(doc), battle_open(doc["battle"]), table)
    return Group(_headline(doc), table)


def seat_status(doc: dict[str, Any]) -> RenderableType:
    """``gmtool status --as NAME``: the board as ``show --as`` draws it (the document holds
    only what that player may see: their own face-down cards, nobody else's)."""
    head = Text(f"as {doc['as']} sees it", style="dim")
    return Group(head, board(doc, doc["fortune_spots"]))


def options(doc: dict[str, Any]) -> RenderableType:
    """What the current player may do."""
    if doc["over"]:
        return Text(f"The game is over; winner: {doc['winner'] or 'nobody'}", style="bold")
    if doc.get("battle"):
        answers = [Text(f"{doc['player']} ({doc['color']}) may, in this battle:", style="bold")]
        for held in doc["fortunes"]:
            answers.append(
                Text(
                    f"  fortune {held['id']} [--on mine|theirs]   {held['delta']:+d}: "
                    f"{held['text']}",
                    style="magenta",
                )
            )
        answers.append(Text("  pass"))
        return Group(battle_open(doc["battle"]), *answers)
    lines: list[RenderableType] = [Text(f"{doc['player']} ({doc['color']}) may:", style="bold")]
    piles = " ".join(map(str, doc["discard"]))
    lines.append(Text(f"  discard PILE       from piles {piles}"))
    lines.append(Text(f"  attack PILE T:P    with piles {' '.join(map(str, doc['attack_with']))}"))
    for name, targets in doc["targets"].items():
        lines.append(Text(f"      at {name}: piles {' '.join(map(str, targets))}"))
    if doc["fortunes"]:
        held = ", ".join(f"{f['id']} ({f['delta']:+d}: {f['text']})" for f in doc["fortunes"])
        lines.append(Text(f"  Fortunes (one per battle): {held}", style="magenta"))
    if doc["can_lay_out"]:
        lines.append(
            Text("  layout             re-stack towers before the first move", style="dim")
        )
    return Group(*lines)


def simulation(doc: dict[str, Any]) -> RenderableType:
    """The simulator's report: win rate by seat, game length, how games end."""
    head = Text(f"{doc['games']} games, policy {doc['policy']}, seed {doc['seed']}", style="bold")
    table = Table()
    table.add_column("seat")
    table.add_column("win rate", justify="right")
    for seat, rate in doc["win_rate"].items():
        table.add_row(Text(seat, style=COLOR_STYLE.get(seat, "")), f"{rate:.1%}")
    ended = doc["ended_by"]
    lines: list[RenderableType] = [
        head,
        table,
        Text(f"average game: {doc['average_length']} moves"),
        Text(f"games ended by towers {ended['towers']:.1%}, by health {ended['health']:.1%}"),
        Text(
            f"eliminations: {doc['eliminations']['towers']} by towers, "
            f"{doc['eliminations']['health']} by health"
        ),
    ]
    if doc["unfinished"] or doc["no_winner"]:
        lines.append(
            Text(f"unfinished {doc['unfinished']}, no winner {doc['no_winner']}", style="yellow")
        )
    if "games_per_second" in doc:
        lines.append(Text(f"{doc['games_per_second']:.0f} games a second", style="dim"))
    return Group(*lines)
