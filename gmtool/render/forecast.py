"""A forecast drawn: the win bar, every chance with its interval, the measures, and a
histogram of the main measure (rich, for the terminal; ``svg`` for the table screen)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from rich.console import Group
from rich.table import Table
from rich.text import Text

from gmtool.engine.forecast.figures import won_by

BAR_WIDTH = 40
HISTOGRAM_WIDTH = 30
SIDE_STYLES = ("green", "red", "blue", "yellow", "magenta", "cyan")
SIDE_COLOURS = ("#3a9a4a", "#c0392b", "#2e6fb7", "#c9a227", "#8e44ad", "#16a085")


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def shown_chance(doc: Mapping[str, Any]) -> str:
    """``62.0% (58.9–65.0%)``, or ``62.0% (exact)``."""
    if doc.get("exact"):
        return f"{percent(doc['p'])} (exact)"
    return f"{percent(doc['p'])} ({percent(doc['low'])}–{percent(doc['high'])})"


def _sides(doc: Mapping[str, Any]) -> list[tuple[str, float]]:
    sides = [(side, float(chance["p"])) for side, chance in doc["wins"].items()]
    if doc["no_winner"]["p"]:
        sides.append(("no winner", float(doc["no_winner"]["p"])))
    return sides


def win_bar(doc: Mapping[str, Any], width: int = BAR_WIDTH) -> Text:
    """One bar split between the sides by their chance of winning."""
    bar = Text()
    sides = _sides(doc)
    left = width
    for number, (side, share) in enumerate(sides):
        cells = left if number == len(sides) - 1 else min(left, round(width * share))
        left -= cells
        style = "dim" if side == "no winner" else SIDE_STYLES[number % len(SIDE_STYLES)]
        bar.append("█" * cells, style=style)
    return bar


def histogram(rows: Sequence[Sequence[float]], width: int = HISTOGRAM_WIDTH) -> Table:
    """One line a value: the value, a bar, its share."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    bins = _binned(rows)
    top = max((share for _, share in bins), default=0.0) or 1.0
    for value, share in bins:
        cells = round(width * share / top)
        table.add_row(_number(value), Text("█" * cells, style="cyan"), percent(share))
    return table


MAX_BINS = 20


def _binned(rows: Sequence[Sequence[float]]) -> list[tuple[str | float, float]]:
    """At most ``MAX_BINS`` lines: a wide spread of values is grouped into ranges (of
    whole numbers when every value is one)."""
    if len(rows) <= MAX_BINS:
        return [(value, share) for value, share in rows]
    low, high = float(rows[0][0]), float(rows[-1][0])
    whole = all(float(value).is_integer() for value, _ in rows)
    step = (
        max(1.0, float(-(-int(high - low + 1) // MAX_BINS))) if whole else (high - low) / MAX_BINS
    )
    bins: dict[int, float] = {}
    for value, share in rows:
        key = min(int((value - low) // step), MAX_BINS - 1)
        bins[key] = bins.get(key, 0.0) + share
    shown: list[tuple[str | float, float]] = []
    for key, share in sorted(bins.items()):
        start = low + key * step
        end = start + step - 1 if whole else start + step
        words = f"{_number(start)}–{_number(end)}" if whole else f"{start:.1f}–{end:.1f}"
        shown.append((words, share))
    return shown


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def forecast(doc: Mapping[str, Any]) -> Group:
    """The whole forecast, for the terminal."""
    head = Text(f"Forecast: {doc['what']}", style="bold")
    how = "exact, every branch of the dice" if doc["exact"] else f"{doc['runs']} runs"
    policies = ", ".join(f"{side} {name}" for side, name in doc["policies"].items())
    head.append(f"\n{how}, seed {doc['seed']}; policies: {policies}", style="dim")
    if doc.get("stopped"):
        head.append("\nstopped early: the figures so far", style="yellow")
    wins = Table.grid(padding=(0, 2))
    for number, (side, chance) in enumerate(doc["wins"].items()):
        style = SIDE_STYLES[number % len(SIDE_STYLES)]
        wins.add_row(Text(won_by(side, doc.get("wins_said")), style=style), shown_chance(chance))
    if doc["no_winner"]["p"]:
        wins.add_row(Text("no winner", style="dim"), shown_chance(doc["no_winner"]))
    parts: list[Any] = [head, win_bar(doc), wins]
    if doc["events"]:
        events = Table(title="chances", title_justify="left", show_edge=False, box=None)
        events.add_column("")
        events.add_column("chance (95% interval)", justify="right")
        for name, chance in doc["events"].items():
            events.add_row(name, shown_chance(chance))
        parts.append(events)
    measures = Table(title="measures", title_justify="left", show_edge=False, box=None)
    for column in ("", "mean", "median", "10th", "90th"):
        measures.add_column(column, justify="left" if not column else "right")
    for name, figures in doc["measures"].items():
        measures.add_row(
            name,
            str(figures["mean"]),
            _number(figures["median"]),
            _number(figures["p10"]),
            _number(figures["p90"]),
        )
    parts.append(measures)
    main = doc["measures"].get(doc["main"])
    if main:
        parts.append(Text(doc["main"], style="bold"))
        parts.append(histogram(main["histogram"]))
    return Group(*parts)


def svg(doc: Mapping[str, Any], width: int = 480) -> str:
    """The win bar and the main measure's histogram as one SVG picture (the table screen)."""
    from gmtool.render.svg import bar_rows, picture

    bar_height, gap = 28, 12
    main = doc["measures"].get(doc["main"], {"histogram": []})
    bins = _binned(main["histogram"])
    parts = []
    x = 0.0
    sides = _sides(doc)
    for number, (side, share) in enumerate(sides):
        colour = "#999" if side == "no winner" else SIDE_COLOURS[number % len(SIDE_COLOURS)]
        cells = width * share
        parts.append(
            f'<rect x="{x:.1f}" y="0" width="{cells:.1f}" height="{bar_height}" fill="{colour}">'
            f"<title>{escape(side)} {percent(share)}</title></rect>"
        )
        if cells > 60:
            parts.append(
                f'<text x="{x + 6:.1f}" y="{bar_height - 9}" fill="#fff" font-size="14">'
                f"{escape(side)} {percent(share)}</text>"
            )
        x += cells
    y = bar_height + 2 * gap
    parts.append(
        f'<text x="0" y="{y}" font-size="14" fill="currentColor">{escape(str(doc["main"]))}</text>'
    )
    rows = [(_number(value), share, percent(share)) for value, share in bins]
    top = max((share for _, share in bins), default=0.0)
    drawn, bottom = bar_rows(rows, top=top, y=y + 8, width=width)
    return picture(
        [*parts, *drawn], width=width, height=bottom + 10, label=_label(doc), kind="odds"
    )


def _label(doc: Mapping[str, Any]) -> str:
    said = doc.get("wins_said")
    return "; ".join(
        f"{side if side == 'no winner' else won_by(side, said)} {percent(share)}"
        for side, share in _sides(doc)
    )


def picture_path(campaign: Path) -> Path:
    """Where the latest forecast of a campaign is kept as SVG, beside its database, for
    the table screen of ``gmtool serve`` ("the table sees the odds")."""
    return campaign.with_name(campaign.name + ".forecast.svg")


def keep_picture(campaign: Path, doc: Mapping[str, Any]) -> None:
    """Write the forecast's picture in place at once (a screen never reads half of it)."""
    import os

    target = picture_path(campaign)
    part = target.with_name(target.name + ".part")
    part.write_text(svg(doc), encoding="utf-8")
    os.replace(part, target)


def kept_picture(campaign: Path) -> tuple[float, str] | None:
    """(when it was written, the SVG) of the campaign's latest forecast, or None."""
    path = picture_path(campaign)
    try:
        return path.stat().st_mtime, path.read_text(encoding="utf-8")
    except OSError:
        return None
