"""What every system's ``simulate`` command shares: content from a campaign file, a
progress bar on stderr, the games-per-second figure, and printing the report."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmtool.cli.common import console, console_err, print_json


def content_overrides(campaign_file: Path | None, system: str) -> dict[str, Any]:
    """The ``content:`` of a campaign file of ``system`` to test (a bundled one may be named
    without its folder), or nothing for the packaged content."""
    if campaign_file is None:
        return {}
    from gmtool.content.campaignfile import read_campaign_file_of

    data = read_campaign_file_of(campaign_file, system, given_as="--content file")
    return dict(data.get("content") or {})


def run_simulation(
    games: int,
    play: Callable[[Callable[[int], None]], Any],
    render: Callable[[dict[str, Any]], Any],
    *,
    as_json: bool,
    bar_from: int = 200,
) -> None:
    """Run ``play(on_game)`` under a progress bar (for ``bar_from`` games or more) and print
    its report, with how many games a second were played."""
    import time

    from rich.progress import Progress

    started = time.perf_counter()
    bar = Progress(console=console_err(), transient=True, disable=games < bar_from)
    with bar:
        task = bar.add_task("playing", total=games)
        report = play(lambda n: bar.update(task, completed=n))
    doc: dict[str, Any] = report.to_json()
    doc["games_per_second"] = round(games / max(time.perf_counter() - started, 1e-9), 1)
    if as_json:
        print_json(doc)
    else:
        console().print(render(doc))
