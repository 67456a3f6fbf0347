"""The one bar every dashboard draws: HP, Aura, the NOVA clock."""

from __future__ import annotations

from rich.text import Text


def meter(value: int, most: int, width: int, *, label: str | None = None) -> Text:
    """``████████░░░░ 12/18``: green above half, yellow above a quarter, red below.

    ``label`` replaces the numbers after the bar; a value below 0 draws an empty bar.
    """
    share = max(value, 0) / most if most else 0.0
    filled = min(width, round(width * share))
    style = "green" if share > 0.5 else "yellow" if share > 0.25 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (width - filled), style="dim")
    bar.append(f" {label if label is not None else f'{value}/{most}'}")
    return bar
